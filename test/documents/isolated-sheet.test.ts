import { describe, expect, it } from 'vitest';
import { DEFAULT_SHEET_LIMITS, parseSheetIsolated } from '../../src/documents/parse/isolated-sheet.js';
import { UnreadableDocument } from '../../src/documents/parse/types.js';
import { workbookOf } from './files.js';

const rows = [['Owner', 'Task'], ...Array.from({ length: 200 }, (_, i) => [`person${i}@acme.example`, `task ${i}`])];

describe('workbooks are read in a worker thread with limits', () => {
  it('reads every sheet of a workbook, rows with their header names', async () => {
    const sections = await parseSheetIsolated(workbookOf({ Plan: rows, Empty: [] }, 'xlsx'), 'xlsx');
    expect(sections.map((s) => s.sheet)).toEqual(['Plan']);
    expect(sections[0].text).toContain('Owner: person7@acme.example; Task: task 7');
  });

  it('stops a read past the time limit and says why', async () => {
    const reading = parseSheetIsolated(workbookOf({ Plan: rows }, 'xls'), 'xls', {
      ...DEFAULT_SHEET_LIMITS,
      timeoutMs: 1,
    });
    await expect(reading).rejects.toThrow(UnreadableDocument);
    await expect(reading).rejects.toThrow('the workbook took longer than 0.001 s to read');
  });

  it('stops a read past the heap limit and says why', async () => {
    const big = [
      ['A', 'B', 'C'],
      ...Array.from({ length: 60_000 }, (_, i) => [`row ${i} `.repeat(8), i, `value ${i}`.repeat(4)]),
    ];
    const reading = parseSheetIsolated(workbookOf({ Big: big }, 'xlsx'), 'xlsx', { timeoutMs: 60_000, maxHeapMb: 16 });
    await expect(reading).rejects.toThrow('the workbook needs more than 16 MB to read');
  });

  it('refuses a file whose bytes are not a workbook before starting a worker', async () => {
    await expect(parseSheetIsolated(new TextEncoder().encode('name,task\nann,plan'), 'xlsx')).rejects.toThrow(
      'the file is not an .xlsx workbook',
    );
  });
});
