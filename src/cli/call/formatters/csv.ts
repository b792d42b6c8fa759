import { isRecord, payloadOf, recordsOf, type Json } from './payload.js';

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: Json | undefined): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The records of the `data` payload as CSV: a header from the union of their keys (first-seen order),
 * nested values JSON-encoded, CRLF line ends. A single object is one row; scalars are a `value` column.
 * The payload's other fields (count, pagination) are not part of the table.
 */
export function formatCsv(body: unknown): string {
  const payload = payloadOf(body);
  const rows = recordsOf(payload)?.records ?? (isRecord(payload) ? [payload] : [payload]);
  const objects = rows.map((row) => (isRecord(row) ? row : { value: row }));
  const header: string[] = [];
  const seen = new Set<string>();
  for (const row of objects) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        header.push(key);
      }
    }
  }
  if (!header.length) return '';
  const lines = [header.map(csvField).join(',')];
  for (const row of objects) lines.push(header.map((key) => csvField(row[key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
