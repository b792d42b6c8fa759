import type pg from 'pg';
import { inPgTransaction } from '../store/pg/transaction.js';
import { documentRowOf, DOCUMENT_COLUMNS, VISIBLE_CHUNKS, type DocumentRecord } from './document-rows-pg.js';
import type { DocumentRow, DocumentStorage } from './storage.js';
import type { VectorMethods } from './storage-parts.js';

/** A vector as pgvector reads it. */
export const vectorText = (vector: Float32Array) => `[${vector.join(',')}]`;
const vectorOf = (text: string) => Float32Array.from(JSON.parse(text) as number[]);

/** The documents' vectors in PostgreSQL: one pgvector table, keyed by space. */
export class PgDocumentVectors implements Pick<DocumentStorage, VectorMethods> {
  constructor(private readonly pool: pg.Pool) {}

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
}
