import { bm25IdfSql, bm25ScoreSql } from '../../store/keywords/bm25.js';
import { keywordTermsOf } from '../../store/keywords/terms.js';
import type { KeywordQuery } from './graph-storage.js';

/** What a keyword query looks up: whole terms (one asked twice counts twice, as a phrase twice in FTS5), and a prefix. */
export interface KeywordLookup {
  terms: string[];
  /** Every stored term in `[prefix, prefixEnd)` counts as this one term (an FTS5 prefix phrase). */
  prefix: string | null;
  prefixEnd: string | null;
}

/**
 * The terms of a keyword query's words: the last word's last term a prefix when `prefixLast`. A word of
 * several terms counts as each of them.
 */
export function keywordLookupOf({ words, prefixLast }: KeywordQuery): KeywordLookup {
  const terms = words.flatMap((word) => keywordTermsOf(word));
  const prefix = prefixLast && keywordTermsOf(words[words.length - 1] ?? '').length > 0 ? terms.pop()! : null;
  // No character sorts past U+10FFFF: the range holds every term that starts with the prefix.
  return { terms, prefix, prefixEnd: prefix === null ? null : `${prefix}\u{10FFFF}` };
}

/** How a backend writes the statement's parts. */
interface Dialect {
  tenant: string;
  /** One row of the tenant's node count `n` and their terms' `total`. */
  stats: string;
  /** A table of the whole terms asked: column `term`. */
  terms: string;
  prefix: string;
  prefixEnd: string;
  /** A condition on `n.node_type`: true when no types are asked. */
  typed: string;
  limit: string;
  /** The node columns returned, from `graph_nodes n`. */
  columns: string;
}

const averageLength = 'CASE WHEN s.n > 0 THEN s.total / s.n ELSE 1 END';

/**
 * BM25 as FTS5's `bm25()` weighs, over the tenant's own nodes (their count and average length, each
 * term's document frequency): whole terms scored posting by posting, the prefix's postings summed per
 * node first (its frequency there is every matching term's), the best nodes read last.
 */
const keywordSql = ({ tenant, stats, terms, prefix, prefixEnd, typed, limit, columns }: Dialect) => `
WITH s AS MATERIALIZED (${stats}),
exact AS MATERIALIZED (
  SELECT q.term, q.weight * (${bm25IdfSql('s.n', `(SELECT count(*) FROM graph_node_postings p WHERE p.tenant_id = ${tenant} AND p.term = q.term)`)}) AS idf,
    ${averageLength} AS average_length
  FROM (SELECT term, count(*) AS weight FROM ${terms} GROUP BY term) q CROSS JOIN s
),
prefixed AS MATERIALIZED (
  SELECT p.node_rowid, sum(p.tf) AS tf, max(p.node_length) AS length FROM graph_node_postings p
  WHERE ${prefix} IS NOT NULL AND p.tenant_id = ${tenant} AND p.term >= ${prefix} AND p.term < ${prefixEnd}
  GROUP BY p.node_rowid
),
hits AS (
  SELECT p.node_rowid AS id, ${bm25ScoreSql('w.idf', 'p.tf', 'p.node_length', 'w.average_length')} AS score
  FROM exact w CROSS JOIN graph_node_postings p WHERE p.tenant_id = ${tenant} AND p.term = w.term
  UNION ALL
  SELECT h.node_rowid, ${bm25ScoreSql('w.idf', 'h.tf', 'h.length', 'w.average_length')}
  FROM (SELECT ${bm25IdfSql('s.n', '(SELECT count(*) FROM prefixed)')} AS idf, ${averageLength} AS average_length FROM s) w
  CROSS JOIN prefixed h
),
best AS (
  SELECT h.id, sum(h.score) AS score FROM hits h
  WHERE ${typed}
  GROUP BY h.id ORDER BY score DESC, h.id LIMIT ${limit}
)
SELECT ${columns}, b.score FROM best b JOIN graph_nodes n ON n.id = b.id ORDER BY b.score DESC, n.id`;

/** For better-sqlite3's named parameters: `@terms` and `@types` JSON arrays; the counts from `graph_keyword_totals`. */
export const SQLITE_GRAPH_KEYWORD_SQL = keywordSql({
  tenant: '@tenant',
  stats: `SELECT CAST(coalesce(max(nodes), 0) AS double precision) AS n, CAST(coalesce(max(terms), 0) AS double precision) AS total
    FROM graph_keyword_totals WHERE tenant_id = @tenant`,
  terms: '(SELECT value AS term FROM json_each(@terms))',
  prefix: '@prefix',
  prefixEnd: '@prefixEnd',
  typed:
    '(json_array_length(@types) = 0 OR h.id IN (SELECT id FROM graph_nodes WHERE tenant_id = @tenant AND node_type IN (SELECT value FROM json_each(@types))))',
  limit: '@limit',
  columns: 'n.*',
});

/** $1 the tenant, $2 the terms (text[]), $3 the prefix and $4 its end (text), $5 node types (text[], empty: all), $6 how many. */
export const pgGraphKeywordSql = (columns: string): string =>
  keywordSql({
    tenant: '$1',
    // Counted here: several transactions write a tenant's nodes at once, a running total would serialise them.
    stats: `SELECT CAST(count(*) AS double precision) AS n, CAST(coalesce(sum(length), 0) AS double precision) AS total
      FROM graph_node_lengths WHERE tenant_id = $1`,
    terms: 'unnest($2::text[]) AS t (term)',
    prefix: '$3::text',
    prefixEnd: '$4::text',
    typed:
      '(cardinality($5::text[]) = 0 OR EXISTS (SELECT 1 FROM graph_nodes t WHERE t.id = h.id AND t.node_type = ANY($5::text[])))',
    limit: '$6',
    columns,
  });
