import type { AnalyticsCache } from './analytics/cache.js';
import { PgPendingAuthorizations } from './auth/oauth/pending-pg.js';
import { SqlitePendingAuthorizations } from './auth/oauth/pending-sqlite.js';
import type { CredentialVault } from './auth/vault/index.js';
import type { GraphService } from './graph/service/graph-service.js';
import { auditStoreOn } from './governance/audit/open.js';
import { confirmationStoreOn } from './governance/confirmations/open.js';
import { policyStoreOn } from './governance/policy/open.js';
import { PgTaskStore } from './mcp/task-store-pg.js';
import { SqliteTaskStore } from './mcp/task-store-sqlite.js';
import { syncStoreOn } from './sync/open.js';
import { storeOn, type StoreBackend } from './store/backend.js';
import { tenantGate } from './store/tenant-gate.js';
import type { TenantOwnedRows } from './store/tenant-purge.js';
import type { Clock } from './toolkit/context.js';

/** The features whose rows the tenant purge reaches through them (the others are stores built here). */
export interface TenantAreaFeatures {
  vault: Pick<CredentialVault, 'deleteTenant'>;
  /** Its rows and what it keeps of them in memory. */
  analytics: Pick<AnalyticsCache, 'invalidateTenant'>;
  graph: Pick<GraphService, 'clear'>;
  documents: TenantOwnedRows;
}

/**
 * Every storage area holding tenant rows, for the tenant purge. Stores are stateless over the backend,
 * so the tasks' and pending authorizations' are built here as the features build theirs.
 */
export function tenantOwnedAreas(backend: StoreBackend, clock: Clock, features: TenantAreaFeatures): TenantOwnedRows[] {
  const tasks = storeOn<TenantOwnedRows>(backend, {
    sqlite: (db) => new SqliteTaskStore(db, tenantGate(db), () => clock.now()),
    postgres: (pool) => new PgTaskStore(pool, () => clock.now()),
  });
  const pending = storeOn<TenantOwnedRows>(backend, {
    sqlite: (db) => new SqlitePendingAuthorizations(db, tenantGate(db)),
    postgres: (pool) => new PgPendingAuthorizations(pool),
  });
  return [
    features.vault,
    { deleteTenant: (tenantId) => features.analytics.invalidateTenant(tenantId) },
    tasks,
    pending,
    { deleteTenant: async (tenantId) => features.graph.clear(tenantId) },
    features.documents,
    auditStoreOn(backend),
    confirmationStoreOn(backend),
    policyStoreOn(backend),
    syncStoreOn(backend),
  ];
}
