import type { Db } from '../store/db.js';
import { keywordCountsOf } from '../store/keywords/bm25.js';

/**
 * The SQL function graph migration 103 indexes the stored nodes with (and its triggers called until 106 dropped
 * them): a node text's postings as JSON `[[term, tf, length], ...]`.
 */
export const KEYWORD_POSTINGS_FUNCTION = 'graph_keyword_postings';

function postingsJson(text: unknown): string {
  if (typeof text !== 'string') return '[]';
  const { counts, length } = keywordCountsOf(text);
  return JSON.stringify(Array.from(counts, ([term, tf]) => [term, tf, length]));
}

/**
 * Registers the function on a connection (idempotent). The terms are the project's own (FTS5's, see
 * `store/keywords/terms.ts`), which SQL cannot make: an installation migrating past 103 needs it. Writes index
 * their nodes themselves (`store/postings-repo.ts`).
 */
export function registerKeywordFunction(db: Db): void {
  db.function(KEYWORD_POSTINGS_FUNCTION, { deterministic: true }, postingsJson);
}
