import { keywordTermsOf } from './terms.js';

/** A text's keyword postings: how often each term occurs in it, and how many terms it has (its BM25 length). */
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
 * BM25 as FTS5's `bm25()` computes it (its parameters, and its idf replaced by 1e-6 when not positive,
 * so a term in most texts still counts a little). Both backends compute it in SQL with these numbers
 * over one tenant's own statistics: its texts (N), their average length and each term's document
 * frequency among them.
 */
export const BM25 = { k1: 1.2, b: 0.75, minIdf: 1e-6 } as const;

/** SQL of a term's BM25 idf among `texts` texts, `frequency` of which hold it (both SQL expressions). */
export const bm25IdfSql = (texts: string, frequency: string): string => {
  const idf = `ln((${texts} - ${frequency} + 0.5) / (${frequency} + 0.5))`;
  return `CASE WHEN ${idf} > 0 THEN ${idf} ELSE ${BM25.minIdf} END`;
};

/** SQL of a term's BM25 score in one text: its idf, its frequency there, the text's length and the average. */
export const bm25ScoreSql = (idf: string, frequency: string, length: string, averageLength: string): string =>
  `${idf} * ${frequency} * ${BM25.k1 + 1} / (${frequency} + ${BM25.k1} * (1 - ${BM25.b} + ${BM25.b} * ${length} / ${averageLength}))`;
