import { bm25IdfSql, bm25ScoreSql } from '../store/keywords/bm25.js';

/** How a backend names the statement's parameters: the tenant, the query terms (a `term` column), how many. */
interface Parameters {
  tenant: string;
  terms: string;
  k: string;
}

/**
 * BM25 over a tenant's own statistics, as FTS5's `bm25()` weighs (see `store/keywords/bm25.ts`), in SQL both backends run:
 * the tenant's visible chunks' count and average length from its documents' sums, each query term's
 * document frequency by counting its postings, then one pass over the terms' postings scores the chunks.
 * Chunks of pending documents count nowhere. A term asked twice counts twice.
 */
const keywordSql = ({ tenant, terms, k }: Parameters) => `
WITH stats AS (
  SELECT CAST(coalesce(sum(chunk_count), 0) AS double precision) AS n,
    CAST(coalesce(sum(term_total), 0) AS double precision) AS total
  FROM documents WHERE tenant_id = ${tenant} AND NOT pending
),
pending AS MATERIALIZED (
  SELECT c.id FROM document_chunks c JOIN documents d ON d.id = c.document_rowid WHERE d.pending AND d.tenant_id = ${tenant}
),
q AS (SELECT term, count(*) AS weight FROM ${terms} GROUP BY term),
df AS MATERIALIZED (
  SELECT q.term, q.weight, (SELECT count(*) FROM document_postings p
    WHERE p.tenant_id = ${tenant} AND p.term = q.term AND p.chunk_id NOT IN (SELECT id FROM pending)) AS df FROM q
),
w AS MATERIALIZED (
  SELECT term, weight * (${bm25IdfSql('s.n', 'df')}) AS idf,
    s.total / s.n AS average_length
  FROM df, stats s WHERE df > 0
)
SELECT p.chunk_id AS id,
  sum(${bm25ScoreSql('w.idf', 'p.tf', 'p.chunk_length', 'w.average_length')}) AS score
FROM w CROSS JOIN document_postings p
WHERE p.tenant_id = ${tenant} AND p.term = w.term AND p.chunk_id NOT IN (SELECT id FROM pending)
GROUP BY p.chunk_id ORDER BY score DESC, p.chunk_id LIMIT ${k}`;

/**
 * BM25 of whole documents (a document's term frequencies summed over its chunks, its length their sum, the
 * tenant's visible documents its statistics), then the matching chunks of the best `k` documents, each
 * with its document's score: a document cut into several chunks is weighed on all of its text, as a
 * keyword index of whole documents would, not on the piece that holds the most of the query.
 */
const documentKeywordSql = ({ tenant, terms, k }: Parameters) => `
WITH stats AS (
  SELECT CAST(count(*) AS double precision) AS n, CAST(coalesce(sum(term_total), 0) AS double precision) AS total
  FROM documents WHERE tenant_id = ${tenant} AND NOT pending
),
q AS (SELECT term, count(*) AS weight FROM ${terms} GROUP BY term),
hits AS MATERIALIZED (
  SELECT q.term, p.chunk_id, p.tf, c.document_rowid, d.term_total
  FROM q CROSS JOIN document_postings p
  JOIN document_chunks c ON c.id = p.chunk_id
  JOIN documents d ON d.id = c.document_rowid
  WHERE p.tenant_id = ${tenant} AND p.term = q.term AND NOT d.pending
),
w AS MATERIALIZED (
  SELECT q.term, q.weight * (${bm25IdfSql('s.n', 'count(DISTINCT h.document_rowid)')}) AS idf, s.total / s.n AS average_length
  FROM q JOIN hits h ON h.term = q.term CROSS JOIN stats s GROUP BY q.term, q.weight, s.n, s.total
),
per AS (
  SELECT document_rowid, term, sum(tf) AS tf, min(term_total) AS length FROM hits GROUP BY document_rowid, term
),
top AS MATERIALIZED (
  SELECT per.document_rowid, sum(${bm25ScoreSql('w.idf', 'per.tf', 'per.length', 'w.average_length')}) AS score
  FROM per JOIN w ON w.term = per.term
  GROUP BY per.document_rowid ORDER BY score DESC, per.document_rowid LIMIT ${k}
)
SELECT DISTINCT h.chunk_id AS id, top.score AS score FROM top JOIN hits h ON h.document_rowid = top.document_rowid
ORDER BY score DESC, id`;

/** For better-sqlite3's named parameters; CROSS JOIN makes SQLite look postings up by the query's terms. */
export const SQLITE_KEYWORD_SQL = keywordSql({
  tenant: '@tenant',
  terms: '(SELECT value AS term FROM json_each(@terms))',
  k: '@k',
});

/** $1 the tenant, $2 the terms (text[]), $3 how many. */
export const PG_KEYWORD_SQL = keywordSql({ tenant: '$1', terms: 'unnest($2::text[]) AS t (term)', k: '$3' });

export const SQLITE_DOCUMENT_KEYWORD_SQL = documentKeywordSql({
  tenant: '@tenant',
  terms: '(SELECT value AS term FROM json_each(@terms))',
  k: '@k',
});

export const PG_DOCUMENT_KEYWORD_SQL = documentKeywordSql({
  tenant: '$1',
  terms: 'unnest($2::text[]) AS t (term)',
  k: '$3',
});
