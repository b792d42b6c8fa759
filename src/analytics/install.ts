import type { Db } from '../store/db.js';
import type { Clock, Logger } from '../toolkit/context.js';
import { AnalyticsCache } from './cache.js';
import { AnalyticsCacheStore } from './cache-store.js';

/** The analytics cache, the executor's result cache: pruned at start; settle it with `close()`. */
export function createAnalyticsCache(deps: { db: Db; clock: Clock; log: Logger }): AnalyticsCache {
  const cache = new AnalyticsCache(new AnalyticsCacheStore(deps.db), deps.clock, deps.log);
  cache.prune();
  return cache;
}
