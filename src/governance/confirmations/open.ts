import { storeOn, type StoreBackend } from '../../store/backend.js';
import { tenantGate } from '../../store/tenant-gate.js';
import type { ConfirmationStore } from './store.js';
import { PgConfirmationStore } from './store-pg.js';
import { SqliteConfirmationStore } from './store-sqlite.js';

export const confirmationStoreOn = (backend: StoreBackend): ConfirmationStore =>
  storeOn<ConfirmationStore>(backend, {
    sqlite: (db) => new SqliteConfirmationStore(db, tenantGate(db)),
    postgres: (pool) => new PgConfirmationStore(pool),
  });
