import { storeOn, type StoreBackend } from '../../store/backend.js';
import { tenantGate } from '../../store/tenant-gate.js';
import type { PolicyStore } from './store.js';
import { PgPolicyStore } from './store-pg.js';
import { SqlitePolicyStore } from './store-sqlite.js';

export const policyStoreOn = (backend: StoreBackend): PolicyStore =>
  storeOn<PolicyStore>(backend, {
    sqlite: (db) => new SqlitePolicyStore(db, tenantGate(db)),
    postgres: (pool) => new PgPolicyStore(pool),
  });
