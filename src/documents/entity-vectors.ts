import type { Migration } from '../store/db.js';
import type { Distances } from './storage.js';

/**
 * Graph entities embedded in the documents' vector space, so `/graph/semantic-search` finds them by
 * meaning. Vectors are kept in one sqlite-vec table per space (`entity_spaces`), partitioned by
 * tenant; `entity_vector_state` says which space and which version of each node a vector is of, so a
 * changed node or a new embedding provider is re-embedded on the next search. Deleting a node deletes
 * its state (cascade); its vector goes at the next search (`remove`).
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

/**
 * Graph entities' vectors in the documents' vector spaces, per tenant (SQLite: `entity-vectors-sqlite.ts`,
 * PostgreSQL: `entity-vectors-pg.ts`). Which nodes need embedding is decided against the graph's own
 * reads (`GraphReadsForDocuments.nodeVersions`).
 */
export interface EntityVectorStorage {
  /** The space's index, created on first use. */
  ensureSpace(space: string, dimension: number): Promise<void>;
  /** When each node of the tenant with a vector in `space` was embedded (epoch ms). */
  embeddedAt(tenantId: string, space: string): Promise<Map<number, number>>;
  /** Every node of the tenant with a vector or a state, in any space. */
  embeddedNodes(tenantId: string): Promise<number[]>;
  /** Stores the vectors of nodes as of `at`, in one transaction. */
  write(tenantId: string, space: string, vectors: ReadonlyMap<number, Float32Array>, at: number): Promise<void>;
  /** Forgets the vectors and states of nodes (the graph no longer has them). */
  remove(tenantId: string, nodes: readonly number[]): Promise<void>;
  /** Nearest nodes of a tenant in `space` by cosine distance. */
  nearest(tenantId: string, space: string, vector: Float32Array, k: number): Promise<Distances>;
  deleteTenant(tenantId: string): Promise<void>;
}
