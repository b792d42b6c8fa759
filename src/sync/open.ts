import { storeOn, type StoreBackend } from '../store/backend.js';
import { tenantGate } from '../store/tenant-gate.js';
import type { SyncStore } from './store.js';
import { PgSyncStore } from './store-pg.js';
import { SqliteSyncStore } from './store-sqlite.js';

export const syncStoreOn = (backend: StoreBackend): SyncStore =>
  storeOn<SyncStore>(backend, {
    sqlite: (db) => new SqliteSyncStore(db, tenantGate(db)),
    postgres: (pool) => new PgSyncStore(pool),
  });
