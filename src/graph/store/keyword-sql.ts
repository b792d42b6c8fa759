import { bm25IdfSql, bm25ScoreSql } from '../../store/keywords/bm25.js';
import { keywordTermsOf } from '../../store/keywords/terms.js';
import type { KeywordQuery } from './graph-storage.js';

/**
 * The terms a keyword query looks up, each as a range of stored terms `[term, upper)`: one term alone, or
 * every term it starts (the last word's last term when `prefixLast`, as an FTS5 prefix phrase matched).
 * A word of several terms counts as each of them.
 */
export function keywordRangesOf({ words, prefixLast }: KeywordQuery): { terms: string[]; uppers: string[] } {
  const terms = words.flatMap((word) => keywordTermsOf(word));
  const lastPrefixed = prefixLast && words.length > 0 && keywordTermsOf(words[words.length - 1]).length > 0;
  // Terms are letters and digits, so `term + U+0001` bounds the term alone; no character sorts past U+10FFFF.
  const uppers = terms.map((term, i) => term + (lastPrefixed && i === terms.length - 1 ? '\u{10FFFF}' : '\u0001'));
  return { terms, uppers };
}

/** How a backend writes the statement's parts. */
interface Dialect {
  tenant: string;
  /** A table of the query's ranges: columns `term`, `upper`. */
  ranges: string;
  /** A condition on `n.node_type`: true when no types are asked. */
  typed: string;
  limit: string;
  /** The node columns returned, from `graph_nodes n`. */
  columns: string;
}

/**
 * BM25 as FTS5's `bm25()` weighs, over the tenant's own nodes: their count and average length
 * (`graph_node_lengths`), each range's document frequency and in-node frequency (the sum over the terms
 * it covers) from the postings read once. A range asked twice counts twice, as a phrase twice in FTS5.
 */
const keywordSql = ({ tenant, ranges, typed, limit, columns }: Dialect) => `
WITH stats AS (
  SELECT CAST(count(*) AS double precision) AS n, CAST(coalesce(sum(length), 0) AS double precision) AS total
  FROM graph_node_lengths WHERE tenant_id = ${tenant}
),
q AS (SELECT term, upper, count(*) AS weight FROM ${ranges} GROUP BY term, upper),
tf AS MATERIALIZED (
  SELECT q.term, q.upper, p.node_rowid, sum(p.tf) AS tf, max(p.node_length) AS length
  FROM q CROSS JOIN graph_node_postings p
  WHERE p.tenant_id = ${tenant} AND p.term >= q.term AND p.term < q.upper
  GROUP BY q.term, q.upper, p.node_rowid
),
w AS MATERIALIZED (
  SELECT q.term, q.upper, q.weight * (${bm25IdfSql('s.n', 'count(*)')}) AS idf, s.total / s.n AS average_length
  FROM q JOIN tf ON tf.term = q.term AND tf.upper = q.upper CROSS JOIN stats s
  GROUP BY q.term, q.upper, q.weight, s.n, s.total
),
scored AS (
  SELECT tf.node_rowid AS id, sum(${bm25ScoreSql('w.idf', 'tf.tf', 'tf.length', 'w.average_length')}) AS score
  FROM w JOIN tf ON tf.term = w.term AND tf.upper = w.upper
  GROUP BY tf.node_rowid
)
SELECT ${columns}, s.score FROM scored s JOIN graph_nodes n ON n.id = s.id
WHERE ${typed}
ORDER BY s.score DESC, n.id LIMIT ${limit}`;

/** For better-sqlite3's named parameters: `@ranges` a JSON array of [term, upper], `@types` a JSON array. */
export const SQLITE_GRAPH_KEYWORD_SQL = keywordSql({
  tenant: '@tenant',
  ranges: '(SELECT value ->> 0 AS term, value ->> 1 AS upper FROM json_each(@ranges))',
  typed: '(json_array_length(@types) = 0 OR n.node_type IN (SELECT value FROM json_each(@types)))',
  limit: '@limit',
  columns: 'n.*',
});

/** $1 the tenant, $2 terms and $3 their uppers (text[]), $4 node types (text[], empty: all), $5 how many. */
export const pgGraphKeywordSql = (columns: string): string =>
  keywordSql({
    tenant: '$1',
    ranges: 'unnest($2::text[], $3::text[]) AS r (term, upper)',
    typed: '(cardinality($4::text[]) = 0 OR n.node_type = ANY($4::text[]))',
    limit: '$5',
    columns,
  });
