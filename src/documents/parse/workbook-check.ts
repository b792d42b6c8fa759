import { UnreadableDocument } from './types.js';

/** Most a workbook may inflate to, and most it may inflate by: past either it is treated as a zip bomb. */
const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
const MAX_RATIO = 200;

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isCompoundFile = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/** Sum of the uncompressed sizes a zip's central directory declares (read before anything is inflated). */
function declaredInflatedSize(bytes: Uint8Array): number {
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

export type SheetExtension = 'xlsx' | 'xls';

/**
 * Refuses, before anything is inflated, a workbook whose magic bytes do not match its extension and an
 * .xlsx whose zip declares more than 200 MB or a 200x inflation.
 */
export function checkWorkbook(bytes: Uint8Array, extension: SheetExtension): void {
  if (extension === 'xlsx' && !isZip(bytes)) throw new UnreadableDocument('the file is not an .xlsx workbook');
  if (extension === 'xls' && !isCompoundFile(bytes)) throw new UnreadableDocument('the file is not an .xls workbook');
  if (extension === 'xlsx') {
    const inflated = declaredInflatedSize(bytes);
    if (inflated > MAX_INFLATED_BYTES || inflated > MAX_RATIO * bytes.length)
      throw new UnreadableDocument('the workbook inflates past the allowed size');
  }
}
