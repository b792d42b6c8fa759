import type { Migration } from '../store/db.js';

/**
 * Analytics cache table. Owned by src/analytics. One row per tenant and key (a hash of the tool and
 * its normalised arguments); `computed_at` (epoch ms of the app clock) decides fresh, stale or expired.
 */
export const analyticsMigrations: Migration[] = [
  {
    id: '200_analytics_cache',
    up: (db) =>
      db.exec(`
        CREATE TABLE analytics_cache (
          tenant_id TEXT NOT NULL,
          cache_key TEXT NOT NULL,
          tool TEXT NOT NULL,
          args TEXT NOT NULL,
          value TEXT NOT NULL,
          computed_at INTEGER NOT NULL,
          PRIMARY KEY (tenant_id, cache_key)
        ) WITHOUT ROWID;
        CREATE INDEX analytics_cache_computed_at ON analytics_cache (computed_at);
      `),
  },
];
