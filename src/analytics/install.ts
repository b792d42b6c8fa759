import type { App } from '../app.js';
import { AnalyticsCache } from './cache.js';
import { AnalyticsCacheStore } from './cache-store.js';

declare module '../toolkit/define-tool.js' {
  interface ServiceMap {
    /** The stale-while-revalidate cache of analytical results (the executor's result cache). */
    analytics: AnalyticsCache;
  }
}

/** Wires the analytics cache in as the executor's result cache: pruned at start, settled on close. */
export function installAnalytics(app: App): void {
  const cache = new AnalyticsCache(new AnalyticsCacheStore(app.db), app.clock, app.log);
  cache.prune();
  app.executor.useResultCache(cache);
  app.services.analytics = cache;
  app.onClose(() => cache.close());
  app.onTenantRemoved((tenantId) => cache.invalidateTenant(tenantId));
}
