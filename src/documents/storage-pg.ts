import type pg from 'pg';
import { gateTenantPg, inPgTransaction } from '../store/pg/transaction.js';
import { countedTermsOf } from './keywords.js';
import {
  PG_DOCUMENT_KEYWORD_SQL,
  PG_DOCUMENT_KEYWORDS_INSERT_SQL,
  PG_KEYWORD_COUNTS_ADJUST_SQL,
  KEYWORD_COUNTS_PRUNE_SQL,
  keywordCountsAdjustSql,
  PG_HEAVIEST_POSTINGS_SQL,
  PG_POSTINGS_AMONG_SQL,
  PG_KEYWORD_SQL,
  PG_TERM_WEIGHTS_SQL,
} from './keyword-sql.js';
import { keywordSearch, type KeywordIndex } from './keyword-search.js';
import {
  countTerms,
  newDocumentValues,
  NEW_DOCUMENT_COLUMNS,
  type ChunkBatch,
  type ChunkRow,
  type DocumentRow,
  type DocumentStorage,
  type NewDocument,
  type Scored,
  type TenantTotals,
  type TenantWrite,
  type TermStatistics,
} from './storage.js';

type Queryable = pg.Pool | pg.PoolClient;

const CHUNK_COLUMNS = `c.id, c.chunk_index, c.text, c.page_number, c.sheet, c.heading, d.document_id, d.filename, d.embedding_space`;
const VISIBLE_CHUNKS = 'document_chunks c JOIN documents d ON d.id = c.document_rowid AND NOT d.pending';

/** A vector as pgvector reads it. */
const vectorText = (vector: Float32Array) => `[${vector.join(',')}]`;
const vectorOf = (text: string) => Float32Array.from(JSON.parse(text) as number[]);

interface DocumentRecord extends Omit<DocumentRow, 'id' | 'file_size' | 'tags'> {
  id: string;
  file_size: string;
  tags: string[];
}

const documentRowOf = (r: DocumentRecord): DocumentRow => ({
  id: Number(r.id),
  document_id: r.document_id,
  filename: r.filename,
  file_type: r.file_type,
  file_size: Number(r.file_size),
  project_id: r.project_id,
  tags: JSON.stringify(r.tags),
  chunk_count: r.chunk_count,
  entity_count: r.entity_count,
  page_count: r.page_count,
  embedding_space: r.embedding_space,
  created_at: r.created_at,
});
const DOCUMENT_COLUMNS =
  'id, document_id, filename, file_type, file_size, project_id, tags, chunk_count, entity_count, page_count, embedding_space, created_at';

const chunkRowOf = (r: ChunkRow & { id: string }): ChunkRow => ({ ...r, id: Number(r.id) });

/**
 * The documents' storage in PostgreSQL: the same rows as SQLite's (keyword postings, lengths, counted
 * terms), vectors in one pgvector table keyed by space. Each write is one transaction that gates the
 * tenant (`gateTenantPg`) first; deletes reach postings, vectors and entity links by cascade.
 */
export class PgDocumentStorage implements DocumentStorage {
  constructor(private readonly pool: pg.Pool) {}

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
      await this.adjustTermCounts(client, tenantId, batch.terms, 1);
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
      if (rowCount) await this.adjustTermCounts(client, tenantId, terms, -1);
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

  private async adjustTermCounts(
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

  async usedBytes(tenantId: string): Promise<number> {
    return this.usedBytesOn(this.pool, tenantId);
  }

  private async usedBytesOn(on: Queryable, tenantId: string): Promise<number> {
    const { rows } = await on.query<{ bytes: string }>(
      'SELECT coalesce(sum(file_size), 0) AS bytes FROM documents WHERE tenant_id = $1',
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
        await this.adjustTermCounts(client, tenantId, countTerms(rows.map((c) => countedTermsOf(c.text))), -1);
      if (rows.length < limit)
        await client.query('DELETE FROM documents WHERE id = $1 AND tenant_id = $2 AND pending', [
          documentRowid,
          tenantId,
        ]);
      return rows.length;
    });
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

  async ensureSpace(space: string, dimension: number) {
    const { rowCount } = await this.pool.query(
      'INSERT INTO document_spaces (space, dimension) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [space, dimension],
    );
    return { index: 'document_vectors', created: rowCount === 1 };
  }

  async vectorsOf(tenantId: string, space: string, ids: readonly number[]): Promise<Map<number, Float32Array>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ id: string; embedding: string }>(
      'SELECT chunk_id AS id, embedding::text AS embedding FROM document_vectors WHERE chunk_id = ANY($1::bigint[]) AND space = $2 AND tenant_id = $3',
      [ids, space, tenantId],
    );
    return new Map(rows.map((r) => [Number(r.id), vectorOf(r.embedding)]));
  }

  async nearest(tenantId: string, space: string, vector: Float32Array, k: number) {
    const { rows } = await this.pool.query<{ id: string; distance: number }>(
      `SELECT v.chunk_id AS id, v.embedding <=> $3::vector AS distance
       FROM document_vectors v JOIN ${VISIBLE_CHUNKS} ON c.id = v.chunk_id
       WHERE v.tenant_id = $1 AND v.space = $2 ORDER BY distance, v.chunk_id LIMIT $4`,
      [tenantId, space, vectorText(vector), k],
    );
    return rows.map((r) => ({ id: Number(r.id), distance: r.distance }));
  }

  async staleDocuments(tenantId: string, space: string): Promise<DocumentRow[]> {
    const { rows } = await this.pool.query<DocumentRecord>(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE tenant_id = $1 AND embedding_space != $2 AND NOT pending`,
      [tenantId, space],
    );
    return rows.map(documentRowOf);
  }

  async replaceVectors(tenantId: string, doc: DocumentRow, space: string, vectors: ReadonlyMap<number, Float32Array>) {
    await inPgTransaction(this.pool, async (client) => {
      const ids = [...vectors.keys()];
      await client.query('DELETE FROM document_vectors WHERE chunk_id = ANY($1::bigint[]) AND tenant_id = $2', [
        ids,
        tenantId,
      ]);
      await client.query(
        'INSERT INTO document_vectors (chunk_id, space, tenant_id, embedding) SELECT id, $1, $2, e::vector FROM unnest($3::bigint[], $4::text[]) AS v (id, e)',
        [space, tenantId, ids, [...vectors.values()].map(vectorText)],
      );
      await client.query('UPDATE documents SET embedding_space = $1 WHERE id = $2 AND tenant_id = $3', [
        space,
        doc.id,
        tenantId,
      ]);
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
      return rowCount ?? 0;
    });
  }
}
