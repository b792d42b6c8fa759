import Database from 'better-sqlite3';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

export interface Migration {
  /** Unique, ordered id such as `001_tenants`. Never rename an applied migration. */
  id: string;
  up: (db: Db) => void;
}

/** What the features built over the store need of it; the store itself knows no feature. */
export interface StoreSchema {
  /** Run on every connection before migrating (SQLite extensions the schema's triggers use). */
  extensions: ReadonlyArray<(db: Db) => void>;
  /** Every migration, in the order they apply. */
  migrations: readonly Migration[];
}

/** Opens (creating when needed) a SQLite file, in WAL mode, and migrates it to the schema given. */
export function openStore(file: string, schema: StoreSchema): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const created = file === ':memory:' || !existsSync(file);
  const db = new Database(file);
  // A file created now holds nothing to lose: it turns to WAL and takes its schema without waiting for the disk
  // (those syncs were some 25 ms of a first start, before its first tools/list). The WAL's first checkpoint, under
  // NORMAL again, syncs what they wrote.
  if (created) db.pragma('synchronous = OFF');
  db.pragma('journal_mode = WAL');
  if (!created) db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Fewer, larger checkpoints: the checkpoint's fsync was a fifth of graph ingestion time.
  db.pragma('wal_autocheckpoint = 4000');
  beginImmediately(db);
  for (const load of schema.extensions) load(db);
  migrate(db, schema.migrations);
  if (created) db.pragma('synchronous = NORMAL');
  return db;
}

/**
 * Makes `db.transaction(fn)` begin IMMEDIATE (taking the write lock) rather than DEFERRED. Another connection to
 * the file (another process on the same store) may commit between a deferred transaction's first read and its
 * first write; SQLite then refuses that write at once (SQLITE_BUSY_SNAPSHOT: the busy timeout cannot help), and
 * the call failed. A transaction that holds the lock from its start makes the other writer wait its turn instead.
 */
function beginImmediately(db: Db): void {
  const transaction = db.transaction.bind(db);
  const immediately: Db['transaction'] = (fn) => {
    const modes = transaction(fn);
    const run: (...args: Parameters<typeof modes.immediate>) => ReturnType<typeof fn> = (...args) =>
      modes.immediate(...args);
    // The default, deferred, immediate and exclusive variants stay as better-sqlite3 made them.
    return Object.defineProperties(run, Object.getOwnPropertyDescriptors(modes)) as unknown as typeof modes;
  };
  db.transaction = immediately;
}

export function migrate(db: Db, migrations: readonly Migration[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as string[]);
  const record = db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)');
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      migration.up(db);
      record.run(migration.id, new Date().toISOString());
    })();
  }
}

/** Writes and reads a row, for the health check: true when the store is usable. */
export function probeDatabase(db: Db): boolean {
  try {
    db.prepare('INSERT INTO health_probe (id, at) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET at = excluded.at').run(
      Date.now(),
    );
    return db.prepare('SELECT at FROM health_probe WHERE id = 1').get() !== undefined;
  } catch {
    return false;
  }
}
