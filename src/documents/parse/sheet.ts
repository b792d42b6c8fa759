import * as XLSX from '@e965/xlsx';
import { rowsAsText } from './csv.js';
import type { Section } from './types.js';
import { UnreadableDocument } from './types.js';

/** Most a workbook may inflate to, and most it may inflate by: past either it is treated as a zip bomb. */
const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
const MAX_RATIO = 200;

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isCompoundFile = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/** Sum of the uncompressed sizes a zip's central directory declares (read before anything is inflated). */
export function declaredInflatedSize(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 22 - 65535); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const entries = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    let total = 0;
    for (let i = 0; i < entries && at + 46 <= bytes.length; i++) {
      if (view.getUint32(at, true) !== 0x02014b50) break;
      total += view.getUint32(at + 24, true);
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return total;
  }
  throw new UnreadableDocument('not a readable workbook (no zip directory)');
}

/**
 * Every sheet of an .xlsx or .xls workbook, each row written with its header row's names. SheetJS
 * 0.20.3 (@e965/xlsx, both published CVEs fixed) reads in-process: the file's magic bytes must match
 * its extension, the upload size is capped, and an .xlsx whose zip declares more than 200 MB or a
 * 200x inflation is refused before inflating. A worker thread with a time limit is the next step
 * (tracked as its own issue).
 */
export function parseSheet(bytes: Uint8Array, extension: 'xlsx' | 'xls'): Section[] {
  if (extension === 'xlsx' && !isZip(bytes)) throw new UnreadableDocument('the file is not an .xlsx workbook');
  if (extension === 'xls' && !isCompoundFile(bytes)) throw new UnreadableDocument('the file is not an .xls workbook');
  if (extension === 'xlsx') {
    const inflated = declaredInflatedSize(bytes);
    if (inflated > MAX_INFLATED_BYTES || inflated > MAX_RATIO * bytes.length) throw new UnreadableDocument('the workbook inflates past the allowed size');
  }
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, { type: 'array', cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false, WTF: false });
  } catch (error) {
    throw new UnreadableDocument(`not a readable workbook (${(error as Error).message})`);
  }
  const sections: Section[] = [];
  for (const sheet of book.SheetNames) {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheet], { header: 1, blankrows: false, defval: '', raw: false });
    if (rows.length === 0) continue;
    const [header, ...body] = rows.map((r) => r.map((v) => String(v ?? '').trim()));
    const text = body.length ? rowsAsText(header, body).join('\n') : header.join('; ');
    sections.push({ text: `Sheet ${sheet}\n${text}`, sheet });
  }
  return sections;
}
