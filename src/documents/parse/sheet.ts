import * as XLSX from '@e965/xlsx';
import { rowsAsText } from './rows.js';
import type { Section } from './types.js';
import { UnreadableDocument } from './types.js';
import { checkWorkbook, type SheetExtension } from './workbook-check.js';

/**
 * Every sheet of an .xlsx or .xls workbook, each row written with its header row's names, read by
 * SheetJS 0.20.3 (@e965/xlsx, both published CVEs fixed). Runs in a worker thread with time and
 * memory limits (isolated-sheet.ts), after `checkWorkbook`.
 */
export function parseSheet(bytes: Uint8Array, extension: SheetExtension): Section[] {
  checkWorkbook(bytes, extension);
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, {
      type: 'array',
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      WTF: false,
    });
  } catch (error) {
    throw new UnreadableDocument(`not a readable workbook (${(error as Error).message})`);
  }
  const sections: Section[] = [];
  for (const sheet of book.SheetNames) {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheet], {
      header: 1,
      blankrows: false,
      defval: '',
      raw: false,
    });
    if (rows.length === 0) continue;
    const [header, ...body] = rows.map((r) => r.map((v) => String(v ?? '').trim()));
    const text = body.length ? rowsAsText(header, body).join('\n') : header.join('; ');
    sections.push({ text: `Sheet ${sheet}\n${text}`, sheet });
  }
  return sections;
}
