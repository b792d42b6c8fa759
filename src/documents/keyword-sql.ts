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
 * BM25 of whole documents (a document's term frequencies summed over its chunks, `document_keywords`, its
 * length their sum, the tenant's visible documents its statistics) for the documents of the given chunks
 * alone, each given chunk with its document's score: a document cut into several chunks is weighed on all
 * of its text, as a keyword index of whole documents would, at the cost of a few lookups per candidate
 * instead of gathering every chunk that holds a query term.
 */
const documentKeywordSql = ({ tenant, terms, chunks }: Omit<Parameters, 'k'> & { chunks: string }) => `
WITH stats AS (
  SELECT CAST(count(*) AS double precision) AS n, CAST(coalesce(sum(term_total), 0) AS double precision) AS total
  FROM documents WHERE tenant_id = ${tenant} AND NOT pending
),
q AS (SELECT term, count(*) AS weight FROM ${terms} GROUP BY term),
w AS MATERIALIZED (
  SELECT q.term, q.weight * (${bm25IdfSql('s.n', '(SELECT count(*) FROM document_keywords k WHERE k.tenant_id = ' + tenant + ' AND k.term = q.term)')}) AS idf,
    s.total / nullif(s.n, 0) AS average_length
  FROM q CROSS JOIN stats s
),
given AS MATERIALIZED (
  SELECT c.id, c.document_rowid FROM document_chunks c WHERE c.id IN (SELECT id FROM ${chunks}) AND c.tenant_id = ${tenant}
),
scored AS MATERIALIZED (
  SELECT d.id AS document_rowid, sum(${bm25ScoreSql('w.idf', 'k.tf', 'd.term_total', 'w.average_length')}) AS score
  FROM documents d CROSS JOIN w JOIN document_keywords k ON k.tenant_id = ${tenant} AND k.term = w.term AND k.document_rowid = d.id
  WHERE d.id IN (SELECT document_rowid FROM given) AND NOT d.pending
  GROUP BY d.id
)
SELECT given.id AS id, scored.score AS score FROM given JOIN scored ON scored.document_rowid = given.document_rowid
ORDER BY score DESC, id`;

/** Writes a document's summed keyword terms (`document_keywords`) from its chunks' postings. */
const documentKeywordsInsertSql = (tenant: string, document: string) => `
INSERT INTO document_keywords (tenant_id, term, document_rowid, tf)
SELECT ${tenant}, p.term, c.document_rowid, sum(p.tf) FROM document_chunks c JOIN document_postings p ON p.chunk_id = c.id
WHERE c.document_rowid = ${document} AND p.tenant_id = ${tenant} GROUP BY c.document_rowid, p.term`;

export const SQLITE_DOCUMENT_KEYWORDS_INSERT_SQL = documentKeywordsInsertSql('@tenant', '@document');
/** $1 the tenant, $2 the document's rowid. */
export const PG_DOCUMENT_KEYWORDS_INSERT_SQL = documentKeywordsInsertSql('$1', '$2');

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
  chunks: '(SELECT value AS id FROM json_each(@chunks))',
});

/** $1 the tenant, $2 the terms (text[]), $3 the chunks (bigint[]). */
export const PG_DOCUMENT_KEYWORD_SQL = documentKeywordSql({
  tenant: '$1',
  terms: 'unnest($2::text[]) AS t (term)',
  chunks: 'unnest($3::bigint[]) AS g (id)',
});
