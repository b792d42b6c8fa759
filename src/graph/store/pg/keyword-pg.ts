import type pg from 'pg';
import type { KeywordHit, KeywordQuery } from '../graph-storage.js';
import { NODE_COLUMNS, nodeRowOf, type PgNodeRow } from './rows-pg.js';

/**
 * BM25 as SQLite's FTS5 `bm25()` computes it (k1 = 1.2, b = 0.75, an idf of at least 1e-6), over the
 * generated `tsv` column, with the statistics of the tenant's own nodes: the document count and average
 * length (`tsv_length`, tokens with stopwords) and each term's document frequency. A term's frequency in
 * a node comes from the tsvector's positions; the prefix term counts every lexeme it starts.
 * `$1` tenant, `$2` words, `$3` the ordinal of the prefix word (0: none), `$4` node types (empty: all), `$5` limit.
 */
const BM25 = `
  WITH terms AS (
    SELECT DISTINCT lexeme.value AS lexeme, word.ordinal = $3 AS prefix
    FROM unnest($2::text[]) WITH ORDINALITY AS word(text, ordinal)
    CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('english', word.text))) AS lexeme(value)
  ), term_queries AS (
    SELECT lexeme, prefix, (quote_literal(lexeme) || CASE WHEN prefix THEN ':*' ELSE '' END)::tsquery AS query
    FROM terms
  ), corpus AS (
    SELECT count(*) AS documents, greatest(avg(tsv_length), 1) AS average_length FROM graph_nodes WHERE tenant_id = $1
  ), frequencies AS (
    SELECT t.lexeme, t.prefix,
      (SELECT count(*) FROM graph_nodes n WHERE n.tenant_id = $1 AND n.tsv @@ t.query) AS documents
    FROM term_queries t
  ), matches AS (
    SELECT n.id, n.tsv, n.tsv_length FROM graph_nodes n
    WHERE n.tenant_id = $1 AND n.tsv @@ (SELECT string_agg(query::text, ' | ')::tsquery FROM term_queries)
      AND (cardinality($4::text[]) = 0 OR n.node_type = ANY($4::text[]))
  ), scored AS (
    SELECT m.id, sum(
      greatest(ln((c.documents - f.documents + 0.5) / (f.documents + 0.5)), 1e-6)
      * (tf.count * 2.2) / (tf.count + 1.2 * (0.25 + 0.75 * m.tsv_length / c.average_length))
    ) AS score
    FROM matches m CROSS JOIN corpus c CROSS JOIN frequencies f
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(coalesce(array_length(entry.positions, 1), 1)), 0) AS count FROM unnest(m.tsv) AS entry
      WHERE CASE WHEN f.prefix THEN starts_with(entry.lexeme, f.lexeme) ELSE entry.lexeme = f.lexeme END
    ) tf
    WHERE tf.count > 0
    GROUP BY m.id
  )
  SELECT ${NODE_COLUMNS}, s.score FROM scored s JOIN graph_nodes n ON n.id = s.id
  ORDER BY s.score DESC, n.id LIMIT $5`;

/** Nodes holding any of the words, best BM25 score first. */
export async function keywordSearchPg(pool: pg.Pool, tenantId: string, query: KeywordQuery): Promise<KeywordHit[]> {
  if (query.words.length === 0) return [];
  const prefixOrdinal = query.prefixLast ? query.words.length : 0;
  const { rows } = await pool.query<PgNodeRow & { score: number }>(BM25, [
    tenantId,
    query.words,
    prefixOrdinal,
    query.types,
    query.limit,
  ]);
  return rows.map(({ score, ...row }) => ({ row: nodeRowOf(row), score: Number(score) }));
}
