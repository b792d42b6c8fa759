import type { Db } from '../store/db.js';
import { keywordCountsOf } from '../store/keywords/bm25.js';

/** The SQL function the graph's keyword triggers call: a node text's postings as JSON `[[term, tf, length], ...]`. */
export const KEYWORD_POSTINGS_FUNCTION = 'graph_keyword_postings';

function postingsJson(text: unknown): string {
  if (typeof text !== 'string') return '[]';
  const { counts, length } = keywordCountsOf(text);
  return JSON.stringify(Array.from(counts, ([term, tf]) => [term, tf, length]));
}

/**
 * Registers the function on a connection (idempotent). The terms are the project's own (FTS5's, see
 * `store/keywords/terms.ts`), which SQL cannot make: a trigger calls back into the process for them, so
 * every connection that writes graph nodes needs it, as the document vector triggers need their extension.
 */
export function registerKeywordFunction(db: Db): void {
  db.function(KEYWORD_POSTINGS_FUNCTION, { deterministic: true }, postingsJson);
}
