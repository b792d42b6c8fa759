import type { Db, Migration } from '../store/db.js';
import { loadVectorExtension } from './schema.js';

/**
 * Graph entities embedded in the documents' vector space, so `/graph/semantic-search` finds them by
 * meaning. Vectors are kept in one sqlite-vec table per space (`entity_spaces`), partitioned by
 * tenant; `entity_vector_state` says which space and which version of each node a vector is of, so a
 * changed node or a new embedding provider is re-embedded on the next search. Deleting a node deletes
 * its vector (trigger) and its state (cascade).
 */
export const entityVectorMigrations: Migration[] = [
  {
    id: '410_entity_vectors',
    up: (db) =>
      db.exec(`
        CREATE TABLE entity_vector_state (
          node_rowid INTEGER PRIMARY KEY REFERENCES graph_nodes (id) ON DELETE CASCADE,
          tenant_id TEXT NOT NULL,
          space TEXT NOT NULL,
          embedded_at INTEGER NOT NULL
        );
        CREATE TABLE entity_spaces (
          space TEXT PRIMARY KEY,
          table_name TEXT NOT NULL UNIQUE,
          dimension INTEGER NOT NULL
        );
      `),
  },
];

interface StaleEntity {
  id: number;
  text: string;
}

export class EntityVectorStore {
  constructor(private readonly db: Db) {}

  /** The vector table of a space, created (with its delete trigger) on first use. */
  tableOf(space: string, dimension: number): string {
    const known = this.db.prepare('SELECT table_name FROM entity_spaces WHERE space = ?').pluck().get(space) as
      string | undefined;
    if (known) return known;
    loadVectorExtension(this.db);
    const count = this.db.prepare('SELECT count(*) FROM entity_spaces').pluck().get() as number;
    const table = `entity_vectors_${count + 1}`;
    this.db.transaction(() => {
      this.db
        .exec(`CREATE VIRTUAL TABLE ${table} USING vec0 (tenant_id TEXT PARTITION KEY, embedding FLOAT[${dimension}] distance_metric=cosine);
        CREATE TRIGGER ${table}_delete AFTER DELETE ON graph_nodes BEGIN DELETE FROM ${table} WHERE rowid = old.id; END;`);
      this.db
        .prepare('INSERT INTO entity_spaces (space, table_name, dimension) VALUES (?, ?, ?)')
        .run(space, table, dimension);
    })();
    return table;
  }

  /** A tenant's nodes with no vector in the space, or one older than the node (at most `limit`). */
  stale(tenantId: string, space: string, limit: number): StaleEntity[] {
    return this.db
      .prepare(
        `SELECT n.id, t.text FROM graph_nodes n JOIN graph_node_text t ON t.rowid = n.id
         LEFT JOIN entity_vector_state s ON s.node_rowid = n.id
         WHERE n.tenant_id = ? AND (s.node_rowid IS NULL OR s.space != ? OR s.embedded_at <= n.updated_at)
         LIMIT ?`,
      )
      .all(tenantId, space, limit) as StaleEntity[];
  }

  /** Stores the vectors of nodes as of `at` (in one transaction; a node deleted meanwhile is skipped). */
  write(tenantId: string, space: string, table: string, vectors: ReadonlyMap<number, Float32Array>, at: number): void {
    const exists = this.db.prepare('SELECT 1 FROM graph_nodes WHERE id = ? AND tenant_id = ?').pluck();
    const remove = this.db.prepare(`DELETE FROM ${table} WHERE rowid = ?`);
    const insert = this.db.prepare(`INSERT INTO ${table} (rowid, tenant_id, embedding) VALUES (?, ?, ?)`);
    const state = this.db.prepare(
      `INSERT INTO entity_vector_state (node_rowid, tenant_id, space, embedded_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (node_rowid) DO UPDATE SET space = excluded.space, embedded_at = excluded.embedded_at`,
    );
    this.db.transaction(() => {
      for (const [id, vector] of vectors) {
        if (!exists.get(id, tenantId)) continue;
        remove.run(BigInt(id));
        insert.run(BigInt(id), tenantId, vector);
        state.run(id, tenantId, space, at);
      }
    })();
  }

  /** Nearest nodes of a tenant by cosine distance. */
  nearest(tenantId: string, table: string, vector: Float32Array, k: number): Array<{ id: number; distance: number }> {
    return this.db
      .prepare(`SELECT rowid AS id, distance FROM ${table} WHERE embedding MATCH ? AND k = ? AND tenant_id = ?`)
      .all(vector, Math.min(k, 4096), tenantId) as Array<{
      id: number;
      distance: number;
    }>;
  }
}
