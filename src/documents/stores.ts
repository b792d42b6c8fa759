import type { GraphReadsForDocuments } from '../graph/store/document-reads.js';
import { PgGraphReadsForDocuments } from '../graph/store/document-reads-pg.js';
import { SqliteGraphReadsForDocuments } from '../graph/store/document-reads-sqlite.js';
import { storeOn, type StoreBackend } from '../store/backend.js';
import { tenantGate, type TenantGate } from '../store/tenant-gate.js';
import type { EntityVectorStorage } from './entity-vectors.js';
import { PgEntityVectorStorage } from './entity-vectors-pg.js';
import { SqliteEntityVectorStorage } from './entity-vectors-sqlite.js';
import type { DocumentStorage } from './storage.js';
import { PgDocumentStorage } from './storage-pg.js';
import { SqliteDocumentStorage } from './storage-sqlite.js';

/** What the documents feature keeps and reads: its own storage, entity vectors, and the graph's reads. */
export interface DocumentStores {
  documents: DocumentStorage;
  entityVectors: EntityVectorStorage;
  graph: GraphReadsForDocuments;
}

/**
 * The documents' stores on a backend. On SQLite, `gate` decides whether a tenant (of a generation) may be
 * written for (every tenant may when none is given); PostgreSQL checks the tenants table in each write.
 */
export function documentStoresOn(backend: StoreBackend, gate?: TenantGate): DocumentStores {
  return storeOn<DocumentStores>(backend, {
    sqlite: (db) => ({
      documents: new SqliteDocumentStorage(db, gate),
      entityVectors: new SqliteEntityVectorStorage(db),
      graph: new SqliteGraphReadsForDocuments(db),
    }),
    postgres: (pool) => ({
      documents: new PgDocumentStorage(pool),
      entityVectors: new PgEntityVectorStorage(pool),
      graph: new PgGraphReadsForDocuments(pool),
    }),
  });
}

/** The documents' stores of an installation: on SQLite gated by the tenants table, as PostgreSQL's are. */
export function installationDocumentStores(backend: StoreBackend): DocumentStores {
  return documentStoresOn(backend, backend.kind === 'sqlite' ? tenantGate(backend.db) : undefined);
}
