import type { Db } from '../store/db.js';
import type { Clock, Logger } from '../toolkit/context.js';
import { AnalyticsCache } from './cache.js';
import { SqliteAnalyticsCacheStore } from './cache-store-sqlite.js';

/** The analytics cache, the executor's result cache: pruned at start; settle it with `close()`. */
export function createAnalyticsCache(deps: { db: Db; clock: Clock; log: Logger }): AnalyticsCache {
  const cache = new AnalyticsCache(new SqliteAnalyticsCacheStore(deps.db), deps.clock, deps.log);
  void cache.prune().catch((error: unknown) => deps.log.warn('analytics cache prune failed', { error: String(error) }));
  return cache;
}
