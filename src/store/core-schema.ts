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
];
