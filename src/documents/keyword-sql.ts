import { bm25IdfSql, bm25ScoreSql } from '../store/keywords/bm25.js';

/**
 * How a backend names the statement's parameters: the tenant, the query terms (a `term` column), how many,
 * and the tenant's totals read once per query (`TenantTotals`): its visible chunks (or documents) and terms.
 */
interface Parameters {
  tenant: string;
  terms: string;
  k: string;
  count: string;
  total: string;
}

/** The tenant's totals as the statistics BM25 weighs: `n` texts, `total` terms in them. */
const statsSql = ({ count, total }: Pick<Parameters, 'count' | 'total'>) =>
  `stats AS (SELECT CAST(${count} AS double precision) AS n, CAST(${total} AS double precision) AS total)`;

/** Chunks of the tenant's pending documents, which no read may return. */
const pendingChunksSql = (tenant: string) =>
  `SELECT c.id FROM document_chunks c JOIN documents d ON d.id = c.document_rowid WHERE d.pending = TRUE AND d.tenant_id = ${tenant}`;

/**
 * BM25 over a tenant's own statistics, as FTS5's `bm25()` weighs (see `store/keywords/bm25.ts`), in SQL both backends
 * run: the tenant's visible chunks' count and average length from its documents' sums (given), each query term's
 * chunk frequency from `document_keyword_counts` (visible documents only; counting a common term's postings
 * cost more than the rest of a query). Chunks of pending documents count nowhere. A term asked twice counts twice.
 */
const weightsSql = ({ tenant, terms, ...totals }: Omit<Parameters, 'k'>) => `
WITH ${statsSql(totals)},
pending AS MATERIALIZED (${pendingChunksSql(tenant)}),
q AS (SELECT term, count(*) AS weight FROM ${terms} GROUP BY term),
df AS MATERIALIZED (
  SELECT q.term, q.weight, k.chunks AS df
  FROM q CROSS JOIN document_keyword_counts k WHERE k.tenant_id = ${tenant} AND k.term = q.term
),
w AS MATERIALIZED (
  SELECT term, df, weight * (${bm25IdfSql('s.n', 'df')}) AS idf,
    s.total / nullif(s.n, 0) AS average_length
  FROM df, stats s WHERE df > 0
)`;

/** Each query term's chunk frequency, weight (its idf, times how often it was asked) and the average chunk length. */
const termWeightsSql = (parameters: Omit<Parameters, 'k'>) =>
  `${weightsSql(parameters)} SELECT term, df, idf, average_length AS "averageLength" FROM w`;

/** The best `k` chunks by BM25 among every chunk holding a term. */
const keywordSql = ({ k, ...parameters }: Parameters) => `${weightsSql(parameters)}
SELECT p.chunk_id AS id,
  sum(${bm25ScoreSql('w.idf', 'p.tf', 'p.chunk_length', 'w.average_length')}) AS score
FROM w CROSS JOIN document_postings p
WHERE p.tenant_id = ${parameters.tenant} AND p.term = w.term AND p.chunk_id NOT IN (SELECT id FROM pending)
GROUP BY p.chunk_id ORDER BY score DESC, p.chunk_id LIMIT ${k}`;

const SQLITE_CHUNKS = '(SELECT DISTINCT value AS id FROM json_each(@chunks)) AS g';

/**
 * A term's postings that weigh most (most occurrences, then shortest chunk), from the index kept in that
 * order: where a term is in tens of thousands of chunks, its best few thousand make the candidates.
 */
const heaviestPostingsSql = (tenant: string, term: string, limit: string) => `
SELECT chunk_id AS id, tf, chunk_length AS length FROM document_postings
WHERE tenant_id = ${tenant} AND term = ${term} AND chunk_id NOT IN (${pendingChunksSql(tenant)})
ORDER BY tf DESC, chunk_length LIMIT ${limit}`;

export const SQLITE_HEAVIEST_POSTINGS_SQL = heaviestPostingsSql('@tenant', '@term', '@limit');
/** $1 the tenant, $2 the term, $3 how many. */
export const PG_HEAVIEST_POSTINGS_SQL = heaviestPostingsSql('$1', '$2', '$3');

/** A term's postings in the given chunks (a distinct set named `g`), looked up by chunk. */
const postingsAmongSql = (tenant: string, term: string, chunks: string) => `
SELECT p.chunk_id AS id, p.tf, p.chunk_length AS length FROM ${chunks} CROSS JOIN document_postings p
WHERE p.tenant_id = ${tenant} AND p.term = ${term} AND p.chunk_id = g.id
  AND p.chunk_id NOT IN (${pendingChunksSql(tenant)})`;

export const SQLITE_POSTINGS_AMONG_SQL = postingsAmongSql('@tenant', '@term', SQLITE_CHUNKS);
/** $1 the tenant, $2 the term, $3 the chunks (bigint[]). */
export const PG_POSTINGS_AMONG_SQL = postingsAmongSql(
  '$1',
  '$2',
  '(SELECT DISTINCT id FROM unnest($3::bigint[]) AS u (id)) AS g',
);

/**
 * BM25 of whole documents (a document's term frequencies summed over its chunks, `document_keywords`, its
 * length their sum, the tenant's visible documents its statistics) for the documents of the given chunks
 * alone, each given chunk with its document's score: a document cut into several chunks is weighed on all
 * of its text, as a keyword index of whole documents would, at the cost of a few lookups per candidate
 * instead of gathering every chunk that holds a query term. The lookups go term by term, each term's over
 * the documents in rowid order, so one lookup lands beside the last in the index: document by document,
 * every lookup jumped to another term's part of it, the most of the statement's time at 100,000 chunks.
 */
const documentKeywordSql = ({ tenant, terms, chunks, ...totals }: Omit<Parameters, 'k'> & { chunks: string }) => `
WITH ${statsSql(totals)},
q AS (SELECT term, count(*) AS weight FROM ${terms} GROUP BY term),
w AS MATERIALIZED (
  SELECT q.term, q.weight * (${bm25IdfSql('s.n', 'k.documents')}) AS idf, s.total / nullif(s.n, 0) AS average_length
  FROM q CROSS JOIN document_keyword_counts k CROSS JOIN stats s WHERE k.tenant_id = ${tenant} AND k.term = q.term
),
given AS MATERIALIZED (
  SELECT c.id, c.document_rowid, d.term_total FROM document_chunks c CROSS JOIN documents d
  WHERE c.id IN (SELECT id FROM ${chunks}) AND c.tenant_id = ${tenant} AND d.id = c.document_rowid AND NOT d.pending
),
given_documents AS MATERIALIZED (
  SELECT DISTINCT document_rowid, term_total FROM given ORDER BY document_rowid
),
scored AS MATERIALIZED (
  SELECT g.document_rowid, sum(${bm25ScoreSql('w.idf', 'k.tf', 'g.term_total', 'w.average_length')}) AS score
  FROM w CROSS JOIN given_documents g CROSS JOIN document_keywords k
  WHERE k.tenant_id = ${tenant} AND k.term = w.term AND k.document_rowid = g.document_rowid
  GROUP BY g.document_rowid
)
SELECT given.id AS id, scored.score AS score FROM given JOIN scored ON scored.document_rowid = given.document_rowid
ORDER BY score DESC, id`;

/** Writes a document's summed keyword terms (`document_keywords`) from its chunks' postings. */
const documentKeywordsInsertSql = (tenant: string, document: string) => `
INSERT INTO document_keywords (tenant_id, term, document_rowid, tf, chunks)
SELECT ${tenant}, p.term, c.document_rowid, sum(p.tf), count(*)
FROM document_chunks c JOIN document_postings p ON p.chunk_id = c.id
WHERE c.document_rowid = ${document} AND p.tenant_id = ${tenant} GROUP BY c.document_rowid, p.term`;

export const SQLITE_DOCUMENT_KEYWORDS_INSERT_SQL = documentKeywordsInsertSql('@tenant', '@document');
/** $1 the tenant, $2 the document's rowid. */
export const PG_DOCUMENT_KEYWORDS_INSERT_SQL = documentKeywordsInsertSql('$1', '$2');

/**
 * Adds (`sign` 1) or takes back (-1) a document's chunks and itself in its terms' counts, from its
 * `document_keywords` rows (one per distinct term, so taking a large document back stays quick).
 */
export const keywordCountsAdjustSql = (tenant: string, document: string, sign: string) => `
INSERT INTO document_keyword_counts (tenant_id, term, chunks, documents)
SELECT ${tenant}, term, ${sign} * chunks, ${sign} FROM document_keywords
WHERE document_rowid = ${document} AND tenant_id = ${tenant}
ON CONFLICT (tenant_id, term) DO UPDATE SET chunks = document_keyword_counts.chunks + excluded.chunks,
  documents = document_keyword_counts.documents + excluded.documents`;

export const SQLITE_KEYWORD_COUNTS_ADJUST_SQL = keywordCountsAdjustSql('@tenant', '@document', '@sign');
/** $1 the tenant, $2 the document's rowid, $3 1 or -1. */
export const PG_KEYWORD_COUNTS_ADJUST_SQL = keywordCountsAdjustSql('$1', '$2', '$3::integer');
/** Terms no visible document holds any more. */
export const KEYWORD_COUNTS_PRUNE_SQL = (tenant: string) =>
  `DELETE FROM document_keyword_counts WHERE tenant_id = ${tenant} AND documents <= 0`;

const SQLITE_TERMS = '(SELECT value AS term FROM json_each(@terms))';
const PG_TERMS = 'unnest($2::text[]) AS t (term)';

/** For better-sqlite3's named parameters; CROSS JOIN makes SQLite look postings up by the query's terms. */
/** @count the tenant's visible chunks (documents for a whole document's score), @total their terms. */
const SQLITE_TOTALS = { count: '@count', total: '@total' };
export const SQLITE_KEYWORD_SQL = keywordSql({ tenant: '@tenant', terms: SQLITE_TERMS, k: '@k', ...SQLITE_TOTALS });
export const SQLITE_TERM_WEIGHTS_SQL = termWeightsSql({ tenant: '@tenant', terms: SQLITE_TERMS, ...SQLITE_TOTALS });

/** $1 the tenant, $2 the terms (text[]), $3 how many, $4 the tenant's visible chunks, $5 their terms. */
export const PG_KEYWORD_SQL = keywordSql({ tenant: '$1', terms: PG_TERMS, k: '$3', count: '$4', total: '$5' });
/** $1 the tenant, $2 the terms (text[]), $3 the tenant's visible chunks, $4 their terms. */
export const PG_TERM_WEIGHTS_SQL = termWeightsSql({ tenant: '$1', terms: PG_TERMS, count: '$3', total: '$4' });

export const SQLITE_DOCUMENT_KEYWORD_SQL = documentKeywordSql({
  tenant: '@tenant',
  terms: SQLITE_TERMS,
  chunks: SQLITE_CHUNKS,
  ...SQLITE_TOTALS,
});

/** $1 the tenant, $2 the terms (text[]), $3 the chunks (bigint[]), $4 the tenant's visible documents, $5 their terms. */
export const PG_DOCUMENT_KEYWORD_SQL = documentKeywordSql({
  tenant: '$1',
  terms: PG_TERMS,
  chunks: 'unnest($3::bigint[]) AS g (id)',
  count: '$4',
  total: '$5',
});
