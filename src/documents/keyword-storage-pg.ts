import type pg from 'pg';
import { keywordSearch, type KeywordIndex } from './keyword-search.js';
import {
  PG_DOCUMENT_KEYWORD_SQL,
  PG_HEAVIEST_POSTINGS_SQL,
  PG_POSTINGS_AMONG_SQL,
  PG_KEYWORD_SQL,
  PG_TERM_WEIGHTS_SQL,
} from './keyword-sql.js';
import type { DocumentStorage, Scored, TenantTotals, TermStatistics } from './storage.js';
import type { KeywordMethods } from './storage-parts.js';

/** The documents' keywords in PostgreSQL: the tenant's term counts, its term statistics and BM25 over its postings. */
export class PgKeywordStorage implements Pick<DocumentStorage, KeywordMethods> {
  constructor(private readonly pool: pg.Pool) {}

  /** Adds (or takes away) chunks holding each term, on the write's own client. */
  async adjustTermCounts(
    client: pg.PoolClient,
    tenantId: string,
    counts: ReadonlyMap<string, number>,
    sign: 1 | -1,
  ): Promise<void> {
    if (counts.size === 0) return;
    await client.query(
      `INSERT INTO document_terms (tenant_id, term, df) SELECT $1, * FROM unnest($2::text[], $3::int[])
       ON CONFLICT (tenant_id, term) DO UPDATE SET df = document_terms.df + excluded.df`,
      [tenantId, [...counts.keys()], [...counts.values()].map((n) => sign * n)],
    );
    if (sign < 0) await client.query('DELETE FROM document_terms WHERE tenant_id = $1 AND df <= 0', [tenantId]);
  }

  async termStatistics(tenantId: string, terms: readonly string[]): Promise<TermStatistics> {
    const counted = await this.pool.query<{ documents: string; chunks: string; terms: string }>(
      'SELECT count(*) AS documents, coalesce(sum(chunk_count), 0) AS chunks, coalesce(sum(term_total), 0) AS terms FROM documents WHERE tenant_id = $1 AND NOT pending',
      [tenantId],
    );
    const { documents, chunks, terms: termTotal } = counted.rows[0];
    const { rows } = await this.pool.query<{ term: string; df: number }>(
      'SELECT term, df FROM document_terms WHERE tenant_id = $1 AND term = ANY($2::text[])',
      [tenantId, terms],
    );
    return {
      totals: { documents: Number(documents), chunks: Number(chunks), terms: Number(termTotal) },
      documentFrequency: new Map(rows.map((r) => [r.term, r.df])),
    };
  }

  async keyword(tenantId: string, terms: readonly string[], k: number, totals: TenantTotals): Promise<Scored> {
    return keywordSearch(this.keywordIndex, tenantId, terms, k, totals);
  }

  private readonly keywordIndex: KeywordIndex = {
    termWeights: async (tenantId, terms, totals) => {
      const { rows } = await this.pool.query<{ term: string; df: string; idf: number; averageLength: number }>(
        PG_TERM_WEIGHTS_SQL,
        [tenantId, terms, totals.chunks, totals.terms],
      );
      return rows.map((r) => ({ ...r, df: Number(r.df) }));
    },
    heaviestPostings: async (tenantId, term, limit) => {
      const { rows } = await this.pool.query<{ id: string; tf: number; length: number }>(PG_HEAVIEST_POSTINGS_SQL, [
        tenantId,
        term,
        limit,
      ]);
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
    postingsAmong: async (tenantId, term, chunks) => {
      const { rows } = await this.pool.query<{ id: string; tf: number; length: number }>(PG_POSTINGS_AMONG_SQL, [
        tenantId,
        term,
        chunks,
      ]);
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
    score: async (tenantId, terms, k, totals) => {
      const { rows } = await this.pool.query<{ id: string; score: number }>(PG_KEYWORD_SQL, [
        tenantId,
        terms,
        k,
        totals.chunks,
        totals.terms,
      ]);
      return rows.map((r) => ({ id: Number(r.id), score: r.score }));
    },
  };

  async documentKeyword(
    tenantId: string,
    terms: readonly string[],
    chunks: readonly number[],
    totals: TenantTotals,
  ): Promise<Scored> {
    if (terms.length === 0 || chunks.length === 0) return [];
    const { rows } = await this.pool.query<{ id: string; score: number }>(PG_DOCUMENT_KEYWORD_SQL, [
      tenantId,
      terms,
      chunks,
      totals.documents,
      totals.terms,
    ]);
    return rows.map((r) => ({ id: Number(r.id), score: r.score }));
  }
}
