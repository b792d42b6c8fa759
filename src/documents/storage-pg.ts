import type pg from 'pg';
import { gateTenantPg, inPgTransaction } from '../store/pg/transaction.js';
import { documentRowOf, DOCUMENT_COLUMNS, VISIBLE_CHUNKS, type DocumentRecord } from './document-rows-pg.js';
import { countedTermsOf } from './keywords.js';
import {
  PG_DOCUMENT_KEYWORDS_INSERT_SQL,
  PG_KEYWORD_COUNTS_ADJUST_SQL,
  KEYWORD_COUNTS_PRUNE_SQL,
  keywordCountsAdjustSql,
} from './keyword-sql.js';
import { PgKeywordStorage } from './keyword-storage-pg.js';
import {
  countTerms,
  newDocumentValues,
  NEW_DOCUMENT_COLUMNS,
  type ChunkBatch,
  type ChunkRow,
  type DocumentRow,
  type DocumentStorage,
  type NewDocument,
  type TenantWrite,
} from './storage.js';
import { PgDocumentVectors, vectorText } from './vectors-pg.js';
import { StorageParts } from './storage-parts.js';

type Queryable = pg.Pool | pg.PoolClient;

const CHUNK_COLUMNS = `c.id, c.chunk_index, c.text, c.page_number, c.sheet, c.heading, d.document_id, d.filename, d.embedding_space`;

const chunkRowOf = (r: ChunkRow & { id: string }): ChunkRow => ({ ...r, id: Number(r.id) });

/**
 * The documents' storage in PostgreSQL: the same rows as SQLite's (keyword postings, lengths, counted
 * terms), vectors in one pgvector table keyed by space. Each write is one transaction that gates the
 * tenant (`gateTenantPg`) first; deletes reach postings, vectors and entity links by cascade.
 * Keyword reads and term counts are `PgKeywordStorage`'s, vectors `PgDocumentVectors`'.
 */
export class PgDocumentStorage extends StorageParts implements DocumentStorage {
  protected readonly keywords: PgKeywordStorage;
  protected readonly vectors: PgDocumentVectors;

  constructor(private readonly pool: pg.Pool) {
    super();
    this.keywords = new PgKeywordStorage(pool);
    this.vectors = new PgDocumentVectors(pool);
  }

  private write<T>(write: TenantWrite, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inPgTransaction(this.pool, async (client) => {
      await gateTenantPg(client, write.tenantId, write.epoch);
      return work(client);
    });
  }

  async beginDocument(write: TenantWrite, doc: NewDocument, admit: (usedBytes: number) => void): Promise<number> {
    return this.write(write, async (client) => {
      // One quota check at a time per tenant: uploads finishing together cannot pass it between them.
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended('documents quota ' || $1, 0))", [doc.tenantId]);
      admit(await this.usedBytesOn(client, doc.tenantId));
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO documents (${NEW_DOCUMENT_COLUMNS}, chunk_count, entity_count, pending)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, 0, true) RETURNING id`,
        newDocumentValues(doc),
      );
      return Number(rows[0].id);
    });
  }

  async addChunks(write: TenantWrite, documentRowid: number, space: string, batch: ChunkBatch): Promise<void> {
    const { tenantId } = write;
    const chunks = batch.chunks;
    await this.write(write, async (client) => {
      const { rows } = await client.query<{ id: string; chunk_index: number }>(
        `INSERT INTO document_chunks (tenant_id, document_rowid, chunk_index, text, page_number, sheet, heading, term_count)
         SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::int[], $6::text[], $7::text[], $8::int[])
         RETURNING id, chunk_index`,
        [
          tenantId,
          documentRowid,
          chunks.map((c) => c.index),
          chunks.map((c) => c.text),
          chunks.map((c) => c.page ?? null),
          chunks.map((c) => c.sheet ?? null),
          chunks.map((c) => c.heading ?? null),
          chunks.map((c) => c.keywords.length),
        ],
      );
      const idOf = new Map(rows.map((r) => [r.chunk_index, r.id]));
      const postings = { terms: [] as string[], ids: [] as string[], tfs: [] as number[], lengths: [] as number[] };
      const links: { ids: string[]; nodes: number[] } = { ids: [], nodes: [] };
      for (const c of chunks) {
        const id = idOf.get(c.index)!;
        for (const [term, tf] of c.keywords.counts) {
          postings.terms.push(term);
          postings.ids.push(id);
          postings.tfs.push(tf);
          postings.lengths.push(c.keywords.length);
        }
        for (const node of c.entities) {
          links.ids.push(id);
          links.nodes.push(node);
        }
      }
      await client.query(
        'INSERT INTO document_postings (tenant_id, term, chunk_id, tf, chunk_length) SELECT $1, * FROM unnest($2::text[], $3::bigint[], $4::int[], $5::int[])',
        [tenantId, postings.terms, postings.ids, postings.tfs, postings.lengths],
      );
      await client.query(
        'INSERT INTO document_vectors (chunk_id, space, tenant_id, embedding) SELECT id, $1, $2, e::vector FROM unnest($3::bigint[], $4::text[]) AS v (id, e)',
        [space, tenantId, chunks.map((c) => idOf.get(c.index)!), chunks.map((c) => vectorText(c.vector))],
      );
      if (links.ids.length > 0)
        await client.query(
          'INSERT INTO document_entities (tenant_id, chunk_id, node_rowid) SELECT $1, * FROM unnest($2::bigint[], $3::bigint[]) ON CONFLICT DO NOTHING',
          [tenantId, links.ids, links.nodes],
        );
      await this.keywords.adjustTermCounts(client, tenantId, batch.terms, 1);
    });
  }

  async publish(write: TenantWrite, documentRowid: number): Promise<void> {
    await this.write(write, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE documents SET pending = false,
           chunk_count = (SELECT count(*) FROM document_chunks WHERE document_rowid = documents.id),
           term_total = (SELECT coalesce(sum(term_count), 0) FROM document_chunks WHERE document_rowid = documents.id),
           entity_count = (SELECT count(DISTINCT e.node_rowid) FROM document_entities e JOIN document_chunks c ON c.id = e.chunk_id WHERE c.document_rowid = documents.id)
         WHERE id = $1 AND tenant_id = $2 AND pending`,
        [documentRowid, write.tenantId],
      );
      if (!rowCount) return;
      await client.query(PG_DOCUMENT_KEYWORDS_INSERT_SQL, [write.tenantId, documentRowid]);
      await client.query(PG_KEYWORD_COUNTS_ADJUST_SQL, [write.tenantId, documentRowid, 1]);
    });
  }

  async discard(tenantId: string, documentRowid: number, terms: ReadonlyMap<string, number>): Promise<void> {
    await inPgTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query('DELETE FROM documents WHERE id = $1 AND tenant_id = $2 AND pending', [
        documentRowid,
        tenantId,
      ]);
      if (rowCount) await this.keywords.adjustTermCounts(client, tenantId, terms, -1);
    });
  }

  async discardAbandoned(): Promise<void> {
    const { rows } = await this.pool.query<{ id: string; tenant_id: string }>(
      'SELECT id, tenant_id FROM documents WHERE pending',
    );
    for (const doc of rows) {
      const texts = await this.pool.query<{ text: string }>(
        'SELECT text FROM document_chunks WHERE document_rowid = $1',
        [doc.id],
      );
      await this.discard(doc.tenant_id, Number(doc.id), countTerms(texts.rows.map((r) => countedTermsOf(r.text))));
    }
  }

  async usedBytes(tenantId: string): Promise<number> {
    return this.usedBytesOn(this.pool, tenantId);
  }

  private async usedBytesOn(on: Queryable, tenantId: string): Promise<number> {
    const { rows } = await on.query<{ bytes: string }>(
      'SELECT coalesce(sum(bytes), 0) AS bytes FROM document_usage WHERE tenant_id = $1',
      [tenantId],
    );
    return Number(rows[0].bytes);
  }

  async count(tenantId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM documents WHERE tenant_id = $1 AND NOT pending',
      [tenantId],
    );
    return Number(rows[0].n);
  }

  async list(tenantId: string, limit: number, offset: number, projectId?: string) {
    const where =
      projectId === undefined ? 'tenant_id = $1 AND NOT pending' : 'tenant_id = $1 AND NOT pending AND project_id = $2';
    const params = projectId === undefined ? [tenantId] : [tenantId, projectId];
    const n = params.length;
    const rows = await this.pool.query<DocumentRecord>(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, limit, offset],
    );
    const total = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM documents WHERE ${where}`, params);
    return { rows: rows.rows.map(documentRowOf), total: Number(total.rows[0].n) };
  }

  async get(tenantId: string, documentId: string): Promise<DocumentRow | undefined> {
    const { rows } = await this.pool.query<DocumentRecord>(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE tenant_id = $1 AND document_id = $2 AND NOT pending`,
      [tenantId, documentId],
    );
    return rows[0] && documentRowOf(rows[0]);
  }

  async chunksOf(tenantId: string, documentRowid: number): Promise<ChunkRow[]> {
    const { rows } = await this.pool.query<ChunkRow & { id: string }>(
      `SELECT ${CHUNK_COLUMNS} FROM ${VISIBLE_CHUNKS} WHERE c.tenant_id = $1 AND c.document_rowid = $2 ORDER BY c.chunk_index`,
      [tenantId, documentRowid],
    );
    return rows.map(chunkRowOf);
  }

  async chunks(tenantId: string, ids: readonly number[]): Promise<Map<number, ChunkRow>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<ChunkRow & { id: string }>(
      `SELECT ${CHUNK_COLUMNS} FROM ${VISIBLE_CHUNKS} WHERE c.id = ANY($1::bigint[]) AND c.tenant_id = $2`,
      [ids, tenantId],
    );
    return new Map(rows.map((r) => [Number(r.id), chunkRowOf(r)]));
  }

  async hide(tenantId: string, documentId: string) {
    // One statement, as before the keyword counts: the document is hidden from every read the moment it returns.
    const { rows } = await this.pool.query<{ id: string; chunk_count: number }>(
      `WITH hidden AS (
         UPDATE documents SET pending = true WHERE tenant_id = $1 AND document_id = $2 AND NOT pending RETURNING id, chunk_count
       ),
       counted AS (${keywordCountsAdjustSql('$1', '(SELECT id FROM hidden)', '-1')}),
       gone AS (DELETE FROM document_keywords WHERE document_rowid IN (SELECT id FROM hidden))
       SELECT id, chunk_count FROM hidden`,
      [tenantId, documentId],
    );
    if (!rows[0]) return undefined;
    await this.pool.query(KEYWORD_COUNTS_PRUNE_SQL('$1'), [tenantId]);
    return { id: Number(rows[0].id), chunkCount: rows[0].chunk_count };
  }

  async removeHiddenBatch(tenantId: string, documentRowid: number, limit: number): Promise<number> {
    return inPgTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ id: string; text: string }>(
        'DELETE FROM document_chunks WHERE id IN (SELECT id FROM document_chunks WHERE tenant_id = $1 AND document_rowid = $2 ORDER BY id LIMIT $3) RETURNING id, text',
        [tenantId, documentRowid, limit],
      );
      if (rows.length > 0)
        await this.keywords.adjustTermCounts(client, tenantId, countTerms(rows.map((c) => countedTermsOf(c.text))), -1);
      if (rows.length < limit)
        await client.query('DELETE FROM documents WHERE id = $1 AND tenant_id = $2 AND pending', [
          documentRowid,
          tenantId,
        ]);
      return rows.length;
    });
  }

  async chunksOfNodes(tenantId: string, nodes: readonly number[], limit: number): Promise<number[]> {
    if (nodes.length === 0) return [];
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT e.chunk_id AS id FROM document_entities e JOIN ${VISIBLE_CHUNKS} ON c.id = e.chunk_id
       WHERE e.node_rowid = ANY($1::bigint[]) AND e.tenant_id = $2
       GROUP BY e.chunk_id ORDER BY count(*) DESC, e.chunk_id LIMIT $3`,
      [nodes, tenantId, limit],
    );
    return rows.map((r) => Number(r.id));
  }

  async entitiesOfChunks(tenantId: string, chunks: readonly number[]): Promise<number[]> {
    if (chunks.length === 0) return [];
    const { rows } = await this.pool.query<{ id: string }>(
      'SELECT DISTINCT node_rowid AS id FROM document_entities WHERE chunk_id = ANY($1::bigint[]) AND tenant_id = $2',
      [chunks, tenantId],
    );
    return rows.map((r) => Number(r.id));
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return inPgTransaction(this.pool, async (client) => {
      // Chunks, postings, vectors and entity links go with their documents (cascade).
      await client.query('DELETE FROM document_terms WHERE tenant_id = $1', [tenantId]);
      await client.query('DELETE FROM document_keyword_counts WHERE tenant_id = $1', [tenantId]);
      const { rowCount } = await client.query('DELETE FROM documents WHERE tenant_id = $1', [tenantId]);
      await client.query('DELETE FROM document_usage WHERE tenant_id = $1', [tenantId]);
      return rowCount ?? 0;
    });
  }
}
