import type pg from 'pg';

export interface PgMigration {
  /** Unique, ordered id such as `001_schema`. Never rename or edit an applied migration. */
  id: string;
  sql: string;
}

/**
 * Key of the session advisory lock that serialises migrations (an arbitrary constant: the first eight
 * bytes of "constellation" in ASCII). Advisory locks are per database, so installations sharing a
 * cluster do not wait for each other.
 */
const MIGRATION_LOCK = 0x636f6e7374656c6cn;

/**
 * Brings the database to `migrations`, each in its own transaction, under an advisory lock: servers
 * starting together apply each migration once, the others wait and then find it applied. Refuses a
 * database that holds migrations this build does not know (it was migrated by a newer build), naming
 * both versions. Returns the ids it applied.
 */
export async function migratePg(pool: pg.Pool, migrations: readonly PgMigration[]): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      return await applyMissing(client, migrations);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function applyMissing(client: pg.PoolClient, migrations: readonly PgMigration[]): Promise<string[]> {
  await client.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await client.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
  const applied = new Set(rows.map((row) => row.id));
  refuseNewerSchema(
    rows.map((row) => row.id),
    migrations,
  );
  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    await client.query('BEGIN');
    try {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`PostgreSQL migration ${migration.id} failed: ${reason}`, { cause: error });
    }
    done.push(migration.id);
  }
  return done;
}

function refuseNewerSchema(appliedIds: readonly string[], migrations: readonly PgMigration[]): void {
  const known = new Set(migrations.map((migration) => migration.id));
  const unknown = appliedIds.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const databaseVersion = appliedIds[appliedIds.length - 1];
  const codeVersion = migrations.at(-1)?.id ?? '(none)';
  throw new Error(
    `The database schema (version ${databaseVersion}) is newer than this build of Constellation (schema version ` +
      `${codeVersion}); it holds migrations this build does not know: ${unknown.join(', ')}. Run a build at least ` +
      'as new as the one that migrated it.',
  );
}
