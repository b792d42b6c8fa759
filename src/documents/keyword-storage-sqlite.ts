import type { Db } from '../store/db.js';
import { keywordSearch, type KeywordIndex, type Posting, type TermWeight } from './keyword-search.js';
import {
  SQLITE_DOCUMENT_KEYWORD_SQL,
  SQLITE_HEAVIEST_POSTINGS_SQL,
  SQLITE_POSTINGS_AMONG_SQL,
  SQLITE_KEYWORD_SQL,
  SQLITE_TERM_WEIGHTS_SQL,
} from './keyword-sql.js';
import type { PreparedRead } from './prepared-reads-sqlite.js';
import type { DocumentStorage, Scored, TenantTotals, TermStatistics } from './storage.js';
import type { KeywordMethods } from './storage-parts.js';

/** The documents' keywords in SQLite: the tenant's term counts, its term statistics and BM25 over its postings. */
export class SqliteKeywordStorage implements Pick<DocumentStorage, KeywordMethods> {
  constructor(
    private readonly db: Db,
    private readonly read: PreparedRead,
  ) {}

  /** Adds (or takes away) chunks holding each term; call inside the write's transaction. */
  adjustTermCounts(tenantId: string, counts: ReadonlyMap<string, number>, sign: 1 | -1): void {
    const upsert = this.db.prepare(
      'INSERT INTO document_terms (tenant_id, term, df) VALUES (?, ?, ?) ON CONFLICT (tenant_id, term) DO UPDATE SET df = df + excluded.df',
    );
    for (const [term, n] of counts) upsert.run(tenantId, term, sign * n);
    if (sign < 0) this.db.prepare('DELETE FROM document_terms WHERE tenant_id = ? AND df <= 0').run(tenantId);
  }

  async termStatistics(tenantId: string, terms: readonly string[]): Promise<TermStatistics> {
    // From the documents' own counts: counting chunk rows costs tens of milliseconds at 100,000 chunks.
    const totals = this.read(
      'SELECT count(*) AS documents, coalesce(sum(chunk_count), 0) AS chunks, coalesce(sum(term_total), 0) AS terms FROM documents WHERE tenant_id = ? AND pending = 0',
    ).get(tenantId) as TenantTotals;
    const rows = this.read(
      'SELECT term, df FROM document_terms WHERE tenant_id = ? AND term IN (SELECT value FROM json_each(?))',
    ).all(tenantId, JSON.stringify(terms)) as Array<{ term: string; df: number }>;
    return { totals, documentFrequency: new Map(rows.map((r) => [r.term, r.df])) };
  }

  async keyword(tenantId: string, terms: readonly string[], k: number, totals: TenantTotals): Promise<Scored> {
    return keywordSearch(this.keywordIndex, tenantId, terms, k, totals);
  }

  private readonly keywordIndex: KeywordIndex = {
    termWeights: async (tenantId, terms, totals) =>
      this.read(SQLITE_TERM_WEIGHTS_SQL).all({
        tenant: tenantId,
        terms: JSON.stringify(terms),
        count: totals.chunks,
        total: totals.terms,
      }) as TermWeight[],
    heaviestPostings: async (tenantId, term, limit) =>
      this.read(SQLITE_HEAVIEST_POSTINGS_SQL).all({ tenant: tenantId, term, limit }) as Posting[],
    postingsAmong: async (tenantId, term, chunks) =>
      this.read(SQLITE_POSTINGS_AMONG_SQL).all({ tenant: tenantId, term, chunks: JSON.stringify(chunks) }) as Posting[],
    score: async (tenantId, terms, k, totals) =>
      this.read(SQLITE_KEYWORD_SQL).all({
        tenant: tenantId,
        terms: JSON.stringify(terms),
        k,
        count: totals.chunks,
        total: totals.terms,
      }) as Scored,
  };

  async documentKeyword(
    tenantId: string,
    terms: readonly string[],
    chunks: readonly number[],
    totals: TenantTotals,
  ): Promise<Scored> {
    if (terms.length === 0 || chunks.length === 0) return [];
    return this.read(SQLITE_DOCUMENT_KEYWORD_SQL).all({
      tenant: tenantId,
      terms: JSON.stringify(terms),
      chunks: JSON.stringify(chunks),
      count: totals.documents,
      total: totals.terms,
    }) as Scored;
  }
}
