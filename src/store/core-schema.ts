import type { Migration } from './db.js';

export const coreMigrations: Migration[] = [
  {
    id: '001_core',
    up: (db) =>
      db.exec(`
        CREATE TABLE tenants (
          id TEXT PRIMARY KEY,
          consumer_id TEXT NOT NULL,
          name TEXT,
          description TEXT,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE TABLE health_probe (id INTEGER PRIMARY KEY, at INTEGER NOT NULL);
      `),
  },
  {
    // The tenant's generation: random per creation, carried by its tokens and checked by every write,
    // so nothing issued or started for a deleted tenant reaches a later tenant of the same id.
    id: '002_tenant_epoch',
    up: (db) =>
      db.exec(`
        ALTER TABLE tenants ADD COLUMN epoch TEXT NOT NULL DEFAULT '';
        UPDATE tenants SET epoch = lower(hex(randomblob(16)));
      `),
  },
  {
    // Bumped by every change that may alter what a cached read shows (a write, a consent, a revocation):
    // caches of every process key on it, so a change through one is seen by the next read of all.
    id: '003_cache_generation',
    up: (db) => db.exec('ALTER TABLE tenants ADD COLUMN cache_generation INTEGER NOT NULL DEFAULT 0'),
  },
];
