import { contentTerms } from './embed/local.js';
import { keywordTermsOf } from './keyword-terms.js';

export { keywordTermsOf };

/** A chunk's keyword postings: how often each term occurs in it, and how many terms it has (its BM25 length). */
export interface KeywordCounts {
  counts: Map<string, number>;
  length: number;
}

export function keywordCountsOf(text: string): KeywordCounts {
  const terms = keywordTermsOf(text);
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { counts, length: terms.length };
}

/**
 * The distinct word forms a text adds to its tenant's term counts (`document_terms`): what the local
 * embedder weighs a query's words by, and what tells a query's common words (see `retrieve.ts`).
 */
export const countedTermsOf = (text: string): string[] => [...new Set(contentTerms(text))];

/**
 * BM25 as FTS5's `bm25()` computes it (its parameters, and its idf replaced by 1e-6 when not positive,
 * so a term in most chunks still counts a little). Both backends compute it in SQL with these numbers
 * over the tenant's own statistics: its visible chunks (N), their average length and each term's
 * document frequency among them.
 */
export const BM25 = { k1: 1.2, b: 0.75, minIdf: 1e-6 } as const;
