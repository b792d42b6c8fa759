import type { Chunk } from './chunk.js';
import type { Mention } from './mentions.js';

// What the server reads of a prepared upload, apart from the preparing (prepare.ts): the parsers and their
// packages load with the worker that prepares the first upload, not with every start.

/**
 * The prepared chunks in a form that crosses threads cheaply: one string of all texts with their end
 * offsets, numbers in typed arrays whose buffers are moved, not copied.
 */
export interface PreparedDocument {
  count: number;
  /** The chunk size the document was cut with. */
  chunkSize: number;
  pageCount?: number;
  texts: string;
  ends: Int32Array;
  /** Page of each chunk, 0 for none. */
  pages: Int32Array;
  /** Each chunk's place (sheet, heading) as an index into `places`. */
  placeOf: Int32Array;
  places: Array<{ sheet?: string; heading?: string }>;
  /** `count` vectors of `dimension` numbers, one after another (none when the caller embeds). */
  vectors?: Float32Array;
  dimension: number;
  /** For each batch of `batchSize` chunks, the keyword terms with the number of its chunks holding each. */
  terms: Array<Map<string, number>>;
  /** Entity nodes found by label, as (chunk, node) pairs. */
  named: Int32Array;
  /** Mentions for the database to confirm, with their chunk. */
  lookups: Array<readonly [chunk: number, mention: Mention]>;
}

/** Chunk `i` of a prepared document. */
export function chunkOf(doc: PreparedDocument, i: number): Chunk {
  const { sheet, heading } = doc.places[doc.placeOf[i]];
  return {
    index: i,
    text: doc.texts.slice(i === 0 ? 0 : doc.ends[i - 1], doc.ends[i]),
    page: doc.pages[i] || undefined,
    sheet,
    heading,
  };
}
