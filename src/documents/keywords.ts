import { contentTerms } from './embed/local.js';

/**
 * Keyword search is BM25 over the project's own terms of a text (stemmed content words, see
 * `contentTerms`), so both backends index, count and rank the same terms: FTS5 and PostgreSQL's text
 * search would each tokenize and stem in their own way and rank differently.
 */
export const keywordTermsOf = (text: string): string[] => contentTerms(text);

/** The distinct terms of a text: what a chunk adds to its tenant's document frequencies. */
export const distinctKeywordTermsOf = (text: string): string[] => [...new Set(contentTerms(text))];

/** How many times each term occurs in a text, and how many terms it has (its BM25 length). */
export function termFrequencies(text: string): { counts: Map<string, number>; length: number } {
  const terms = keywordTermsOf(text);
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { counts, length: terms.length };
}

/**
 * BM25 with FTS5's parameters and idf (floored just above zero, so a term in most chunks still counts a
 * little). Both backends compute it in SQL with these numbers over the tenant's own statistics: its
 * visible chunks (N), their average length and each term's document frequency among them.
 */
export const BM25 = { k1: 1.2, b: 0.75, minIdf: 1e-6 } as const;
