import type { App } from '../app.js';
import { AnalyticsCache } from './cache.js';
import { AnalyticsCacheStore } from './cache-store.js';

declare module '../toolkit/define-tool.js' {
  interface ServiceMap {
    /** Stale-while-revalidate cache every analytical tool goes through. */
    analytics: AnalyticsCache;
  }
}

/** Wires the analytics cache into the app: `app.services.analytics`, pruned at start, settled on close. */
export function installAnalytics(app: App): void {
  const cache = new AnalyticsCache(new AnalyticsCacheStore(app.db), app.clock, app.log);
  cache.prune();
  app.services.analytics = cache;
  app.onClose(() => cache.close());
  app.onTenantRemoved((tenantId) => cache.invalidateTenant(tenantId));
}
