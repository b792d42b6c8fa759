import type { Db } from '../store/db.js';
import type { EntityVectorStorage } from './entity-vectors.js';
import { loadVectorExtension } from './schema.js';

/** Entity vectors in SQLite: one sqlite-vec table per space (`entity_spaces`), partitioned by tenant. */
export class SqliteEntityVectorStorage implements EntityVectorStorage {
  private readonly tables = new Map<string, string>();

  constructor(private readonly db: Db) {}

  private tableOf(space: string): string | undefined {
    const known =
      this.tables.get(space) ??
      (this.db.prepare('SELECT table_name FROM entity_spaces WHERE space = ?').pluck().get(space) as
        string | undefined);
    if (known) this.tables.set(space, known);
    return known;
  }

  private allTables(): string[] {
    return this.db.prepare('SELECT table_name FROM entity_spaces').pluck().all() as string[];
  }

  async ensureSpace(space: string, dimension: number): Promise<void> {
    if (this.tableOf(space)) return;
    loadVectorExtension(this.db);
    const count = this.db.prepare('SELECT count(*) FROM entity_spaces').pluck().get() as number;
    const table = `entity_vectors_${count + 1}`;
    this.db.transaction(() => {
      // A node's vector goes with the node (its state goes by cascade).
      this.db.exec(
        `CREATE VIRTUAL TABLE ${table} USING vec0 (tenant_id TEXT PARTITION KEY, embedding FLOAT[${dimension}] distance_metric=cosine);
         CREATE TRIGGER ${table}_delete AFTER DELETE ON graph_nodes BEGIN DELETE FROM ${table} WHERE rowid = old.id; END;`,
      );
      this.db
        .prepare('INSERT INTO entity_spaces (space, table_name, dimension) VALUES (?, ?, ?)')
        .run(space, table, dimension);
    })();
    this.tables.set(space, table);
  }

  async embeddedAt(tenantId: string, space: string): Promise<Map<number, number>> {
    const rows = this.db
      .prepare('SELECT node_rowid, embedded_at FROM entity_vector_state WHERE tenant_id = ? AND space = ?')
      .all(tenantId, space) as Array<{ node_rowid: number; embedded_at: number }>;
    return new Map(rows.map((r) => [r.node_rowid, r.embedded_at]));
  }

  async embeddedNodes(tenantId: string): Promise<number[]> {
    const ids = new Set(
      this.db
        .prepare('SELECT node_rowid FROM entity_vector_state WHERE tenant_id = ?')
        .pluck()
        .all(tenantId) as number[],
    );
    for (const table of this.allTables())
      for (const id of this.db.prepare(`SELECT rowid FROM ${table} WHERE tenant_id = ?`).pluck().all(tenantId))
        ids.add(Number(id));
    return [...ids];
  }

  async write(tenantId: string, space: string, vectors: ReadonlyMap<number, Float32Array>, at: number) {
    const table = this.tableOf(space);
    if (!table) throw new Error(`No vector index for the space ${space}`);
    const remove = this.db.prepare(`DELETE FROM ${table} WHERE rowid = ?`);
    const insert = this.db.prepare(`INSERT INTO ${table} (rowid, tenant_id, embedding) VALUES (?, ?, ?)`);
    const state = this.db.prepare(
      `INSERT INTO entity_vector_state (node_rowid, tenant_id, space, embedded_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (node_rowid) DO UPDATE SET space = excluded.space, embedded_at = excluded.embedded_at`,
    );
    this.db.transaction(() => {
      for (const [id, vector] of vectors) {
        remove.run(BigInt(id));
        insert.run(BigInt(id), tenantId, vector);
        state.run(id, tenantId, space, at);
      }
    })();
  }

  async remove(tenantId: string, nodes: readonly number[]): Promise<void> {
    if (nodes.length === 0) return;
    const tables = this.allTables().map((table) =>
      this.db.prepare(`DELETE FROM ${table} WHERE rowid = ? AND tenant_id = ?`),
    );
    const state = this.db.prepare('DELETE FROM entity_vector_state WHERE node_rowid = ? AND tenant_id = ?');
    this.db.transaction(() => {
      for (const id of nodes) for (const statement of [...tables, state]) statement.run(BigInt(id), tenantId);
    })();
  }

  async nearest(tenantId: string, space: string, vector: Float32Array, k: number) {
    const table = this.tableOf(space);
    if (!table) return [];
    return this.db
      .prepare(`SELECT rowid AS id, distance FROM ${table} WHERE embedding MATCH ? AND k = ? AND tenant_id = ?`)
      .all(vector, Math.min(k, 4096), tenantId) as Array<{ id: number; distance: number }>;
  }

  async deleteTenant(tenantId: string): Promise<void> {
    this.db.transaction(() => {
      for (const table of this.allTables()) this.db.prepare(`DELETE FROM ${table} WHERE tenant_id = ?`).run(tenantId);
      this.db.prepare('DELETE FROM entity_vector_state WHERE tenant_id = ?').run(tenantId);
    })();
  }
}
