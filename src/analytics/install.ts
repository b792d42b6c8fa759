import { storeOn, type StoreBackend } from '../store/backend.js';
import type { FleetLocks } from '../store/fleet-locks.js';
import type { Clock, Logger } from '../toolkit/context.js';
import { AnalyticsCache } from './cache.js';
import type { AnalyticsCacheStore } from './cache-store.js';
import { PgAnalyticsCacheStore } from './cache-store-pg.js';
import { SqliteAnalyticsCacheStore } from './cache-store-sqlite.js';

/** The analytics cache, the executor's result cache: pruned at start; settle it with `close()`. */
export function createAnalyticsCache(deps: {
  store: StoreBackend;
  clock: Clock;
  log: Logger;
  refreshLocks?: FleetLocks;
}): AnalyticsCache {
  const rows = storeOn<AnalyticsCacheStore>(deps.store, {
    sqlite: (db) => new SqliteAnalyticsCacheStore(db),
    postgres: (pool) => new PgAnalyticsCacheStore(pool),
  });
  const cache = new AnalyticsCache(rows, deps.clock, deps.log, { refreshLocks: deps.refreshLocks });
  void cache.prune().catch((error: unknown) => deps.log.warn('analytics cache prune failed', { error: String(error) }));
  return cache;
}
