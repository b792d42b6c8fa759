import { isRecord, payloadOf, recordsOf, type Json } from './payload.js';

/** Nested objects flattened to dotted keys; lists of scalars joined with ", "; lists of objects indexed (`labels.0.name`). */
function flatten(value: Json, prefix = '', out: Array<[string, string]> = []): Array<[string, string]> {
  if (Array.isArray(value)) {
    if (!value.length) out.push([prefix, '[]']);
    else if (value.every((item) => !isRecord(item) && !Array.isArray(item)))
      out.push([prefix, value.map((item) => text(item)).join(', ')]);
    else value.forEach((item, i) => flatten(item, prefix ? `${prefix}.${i}` : String(i), out));
  } else if (isRecord(value)) {
    const entries = Object.entries(value);
    if (!entries.length && prefix) out.push([prefix, '{}']);
    for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.push([prefix || 'value', text(value)]);
  }
  return out;
}

const text = (value: Json): string => (value === null ? '' : String(value));

/** Aligned `key: value` lines; continuation lines of multi-line values are indented under the value. */
export function aligned(pairs: Array<[string, string]>): string[] {
  const width = Math.max(0, ...pairs.map(([key]) => key.length)) + 1;
  return pairs.map(([key, value]) =>
    `${`${key}:`.padEnd(width)} ${value.replace(/\r?\n/g, `\n${' '.repeat(width + 1)}`)}`.trimEnd(),
  );
}

/**
 * The `data` payload as aligned `key: value` lines. A list prints its other fields (count, pagination)
 * first, then one block per record under a `[issues 1/3]` heading, blocks separated by a blank line.
 */
export function formatPlaintext(body: unknown): string {
  const payload = payloadOf(body);
  if (typeof payload === 'string') return payload.endsWith('\n') ? payload : `${payload}\n`;
  const list = recordsOf(payload);
  if (!list) return `${aligned(flatten(payload)).join('\n')}\n`;
  const blocks: string[] = [];
  if (Object.keys(list.rest).length) blocks.push(aligned(flatten(list.rest)).join('\n'));
  const label = list.name ?? 'item';
  list.records.forEach((record, i) => {
    blocks.push([`[${label} ${i + 1}/${list.records.length}]`, ...aligned(flatten(record))].join('\n'));
  });
  if (!list.records.length) blocks.push(`(no ${label})`);
  return `${blocks.join('\n\n')}\n`;
}
