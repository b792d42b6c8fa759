import type pg from 'pg';
import { inPgTransaction } from '../store/pg/transaction.js';
import type { EntityVectorStorage } from './entity-vectors.js';

const vectorText = (vector: Float32Array) => `[${vector.join(',')}]`;

/**
 * Entity vectors in PostgreSQL: one pgvector table keyed by space (`entity_spaces` records each space).
 * A node's vector and state go with the node (cascade).
 */
export class PgEntityVectorStorage implements EntityVectorStorage {
  constructor(private readonly pool: pg.Pool) {}

  async ensureSpace(space: string, dimension: number): Promise<void> {
    await this.pool.query('INSERT INTO entity_spaces (space, dimension) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      space,
      dimension,
    ]);
  }

  async embeddedAt(tenantId: string, space: string): Promise<Map<number, number>> {
    const { rows } = await this.pool.query<{ node_rowid: string; embedded_at: string }>(
      'SELECT node_rowid, embedded_at FROM entity_vector_state WHERE tenant_id = $1 AND space = $2',
      [tenantId, space],
    );
    return new Map(rows.map((r) => [Number(r.node_rowid), Number(r.embedded_at)]));
  }

  async embeddedNodes(tenantId: string): Promise<number[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT node_rowid AS id FROM entity_vector_state WHERE tenant_id = $1
       UNION SELECT node_rowid FROM entity_vectors WHERE tenant_id = $1`,
      [tenantId],
    );
    return rows.map((r) => Number(r.id));
  }

  async write(tenantId: string, space: string, vectors: ReadonlyMap<number, Float32Array>, at: number) {
    const ids = [...vectors.keys()];
    await inPgTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM entity_vectors WHERE node_rowid = ANY($1::bigint[]) AND tenant_id = $2', [
        ids,
        tenantId,
      ]);
      await client.query(
        'INSERT INTO entity_vectors (node_rowid, space, tenant_id, embedding) SELECT id, $1, $2, e::vector FROM unnest($3::bigint[], $4::text[]) AS v (id, e)',
        [space, tenantId, ids, [...vectors.values()].map(vectorText)],
      );
      await client.query(
        `INSERT INTO entity_vector_state (node_rowid, tenant_id, space, embedded_at) SELECT id, $1, $2, $3 FROM unnest($4::bigint[]) AS id
         ON CONFLICT (node_rowid) DO UPDATE SET space = excluded.space, embedded_at = excluded.embedded_at`,
        [tenantId, space, at, ids],
      );
    });
  }

  async remove(tenantId: string, nodes: readonly number[]): Promise<void> {
    if (nodes.length === 0) return;
    await inPgTransaction(this.pool, async (client) => {
      for (const table of ['entity_vectors', 'entity_vector_state'])
        await client.query(`DELETE FROM ${table} WHERE node_rowid = ANY($1::bigint[]) AND tenant_id = $2`, [
          nodes,
          tenantId,
        ]);
    });
  }

  async nearest(tenantId: string, space: string, vector: Float32Array, k: number) {
    const { rows } = await this.pool.query<{ id: string; distance: number }>(
      `SELECT node_rowid AS id, embedding <=> $3::vector AS distance FROM entity_vectors
       WHERE tenant_id = $1 AND space = $2 ORDER BY distance, node_rowid LIMIT $4`,
      [tenantId, space, vectorText(vector), k],
    );
    return rows.map((r) => ({ id: Number(r.id), distance: r.distance }));
  }

  async deleteTenant(tenantId: string): Promise<void> {
    await inPgTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM entity_vectors WHERE tenant_id = $1', [tenantId]);
      await client.query('DELETE FROM entity_vector_state WHERE tenant_id = $1', [tenantId]);
    });
  }
}
