import { parse } from 'csv-parse/sync';
import type { Section } from './types.js';
import { UnreadableDocument } from './types.js';
import { rowsAsText } from './rows.js';
import { decodeText } from './text.js';

const DELIMITERS = [',', ';', '\t', '|'];

/** The delimiter that splits the first lines most consistently (quotes respected). */
function detectDelimiter(text: string): string {
  const sample = text.slice(0, 8192);
  let best = ',';
  let bestScore = -1;
  for (const d of DELIMITERS) {
    try {
      const rows: string[][] = parse(sample, {
        delimiter: d,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        to_line: 20,
      });
      const complete = rows.length > 1 ? rows.slice(0, -1) : rows;
      const widths = complete.map((r) => r.length);
      if (widths.length === 0 || widths[0] < 2) continue;
      const consistent = widths.filter((w) => w === widths[0]).length / widths.length;
      const score = consistent * widths[0];
      if (score > bestScore) [best, bestScore] = [d, score];
    } catch {
      continue;
    }
  }
  return best;
}

/** A CSV file: encoding and delimiter detected, quoted fields (embedded newlines, commas) kept whole. */
export function parseCsv(bytes: Uint8Array): Section[] {
  const text = decodeText(bytes);
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw new UnreadableDocument(`not a readable CSV (${(error as Error).message})`);
  }
  if (rows.length === 0) return [];
  const [header, ...body] = rows;
  return [{ text: rowsAsText(header, body).join('\n') }];
}
