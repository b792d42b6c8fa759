import { BM25 } from '../store/keywords/bm25.js';
import type { Scored, TenantTotals } from './storage.js';

/** A query term's statistics: how many visible chunks hold it, its idf (times how often it was asked). */
export interface TermWeight {
  term: string;
  df: number;
  idf: number;
  averageLength: number;
}

export interface Posting {
  id: number;
  tf: number;
  length: number;
}

/** What the keyword search reads of a backend's postings. */
export interface KeywordIndex {
  termWeights(tenantId: string, terms: readonly string[], totals: TenantTotals): Promise<TermWeight[]>;
  /** The term's postings that weigh most (most occurrences, then shortest chunk), at most `limit`. */
  heaviestPostings(tenantId: string, term: string, limit: number): Promise<Posting[]>;
  /** The term's postings in the given chunks. */
  postingsAmong(tenantId: string, term: string, chunks: readonly number[]): Promise<Posting[]>;
  /** The best `k` chunks by BM25 over the tenant's statistics. */
  score(tenantId: string, terms: readonly string[], k: number, totals: TenantTotals): Promise<Scored>;
}

/** Postings of one term read for candidates, when it has more. */
export const POSTINGS_PER_TERM = 2000;
/** Candidates scored exactly, per result asked for (at least `MIN_CANDIDATES`). */
const CANDIDATES_PER_RESULT = 4;
const MIN_CANDIDATES = 400;

const bm25 = (idf: number, tf: number, length: number, averageLength: number) =>
  (idf * tf * (BM25.k1 + 1)) / (tf + BM25.k1 * (1 - BM25.b + (BM25.b * length) / averageLength));

/**
 * The best `k` chunks by BM25. When every term is in at most `POSTINGS_PER_TERM` chunks, every chunk holding
 * one is scored (exact). Otherwise scoring every chunk that holds a common word costs most of a query at
 * 100,000 chunks: each term's heaviest postings (as FTS5 would rank them by that term alone) make the
 * candidates, their partial scores keep the best few hundred, and those are scored on every term exactly.
 * A chunk that holds a common term only lightly and no rarer term may then be missed.
 *
 * The exact scores reuse what was read: a term whose postings were all read already gave every candidate
 * its part (or none), so only the common terms' postings of the candidates they did not list are looked
 * up, each lookup a probe into a large index (most of the time of a query at 100,000 chunks).
 */
export async function keywordSearch(
  index: KeywordIndex,
  tenantId: string,
  terms: readonly string[],
  k: number,
  totals: TenantTotals,
): Promise<Scored> {
  if (terms.length === 0) return [];
  const weights = await index.termWeights(tenantId, terms, totals);
  if (weights.every((w) => w.df <= POSTINGS_PER_TERM)) return index.score(tenantId, terms, k, totals);
  const scores = new Map<number, number>();
  const add = (w: TermWeight, p: Posting) =>
    scores.set(p.id, (scores.get(p.id) ?? 0) + bm25(w.idf, p.tf, p.length, w.averageLength));
  const partlyRead: Array<{ weight: TermWeight; read: Set<number> }> = [];
  for (const w of weights) {
    const postings = await index.heaviestPostings(tenantId, w.term, POSTINGS_PER_TERM);
    for (const p of postings) add(w, p);
    if (postings.length >= POSTINGS_PER_TERM) partlyRead.push({ weight: w, read: new Set(postings.map((p) => p.id)) });
  }
  const byScore = (a: { id: number; score: number }, b: { id: number; score: number }) =>
    b.score - a.score || a.id - b.id;
  const among = [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort(byScore)
    .slice(0, Math.max(k * CANDIDATES_PER_RESULT, MIN_CANDIDATES))
    .map((c) => c.id);
  const candidates = new Set(among);
  for (const { weight, read } of partlyRead) {
    const unread = among.filter((id) => !read.has(id));
    if (unread.length > 0)
      for (const p of await index.postingsAmong(tenantId, weight.term, unread))
        if (candidates.has(p.id)) add(weight, p);
  }
  return among
    .map((id) => ({ id, score: scores.get(id)! }))
    .sort(byScore)
    .slice(0, k);
}
