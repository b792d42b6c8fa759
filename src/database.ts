import { analyticsMigrations } from './analytics/schema.js';
import { oauthMigrations } from './auth/oauth/schema.js';
import { vaultMigrations } from './auth/vault/schema.js';
import { entityVectorMigrations } from './documents/entity-vectors.js';
import { documentMigrations, loadVectorExtension } from './documents/schema.js';
import { registerKeywordFunction } from './graph/keyword-function.js';
import { graphMigrations } from './graph/schema.js';
import { mcpTaskMigrations } from './mcp/task-store-sqlite.js';
import { auditMigrations } from './governance/audit/store-sqlite.js';
import { confirmationMigrations } from './governance/confirmations/store-sqlite.js';
import { policyMigrations } from './governance/policy/store-sqlite.js';
import { syncMigrations } from './sync/store-sqlite.js';
import type { Config } from './config/config.js';
import type { StoreBackend } from './store/backend.js';
import { coreMigrations } from './store/core-schema.js';
import { migrate, openStore, type Db, type StoreSchema } from './store/db.js';

/** The installation's schema: each feature contributes its migrations, in this order. */
const INSTALLATION_SCHEMA: StoreSchema = {
  // Document vectors (sqlite-vec) and graph keywords: their triggers need these on every connection.
  extensions: [loadVectorExtension, registerKeywordFunction],
  migrations: [
    ...coreMigrations,
    ...graphMigrations,
    ...analyticsMigrations,
    ...vaultMigrations,
    ...oauthMigrations,
    ...documentMigrations,
    ...entityVectorMigrations,
    ...mcpTaskMigrations,
    ...auditMigrations,
    ...confirmationMigrations,
    ...policyMigrations,
    ...syncMigrations,
  ],
};

/** Opens (creating when needed) the installation's SQLite file, in WAL mode, with every feature's schema. */
export function openDatabase(file: string): Db {
  return openStore(file, INSTALLATION_SCHEMA);
}

/** Brings a SQLite database opened elsewhere (an image read into memory) to the installation's schema. */
export function upgradeDatabase(db: Db): void {
  for (const load of INSTALLATION_SCHEMA.extensions) load(db);
  migrate(db, INSTALLATION_SCHEMA.migrations);
}

/**
 * Opens the store the configuration names: PostgreSQL when `CONSTELLATION_DATABASE_URL` is set (reached,
 * then migrated under the migrations' lock), else the SQLite file. Rejects with a message naming the URL
 * (password hidden) when the database cannot be reached, or both versions when its schema is newer.
 */
export async function openBackend(config: Pick<Config, 'database' | 'databaseFile'>): Promise<StoreBackend> {
  const { url, poolMax, connectTimeoutMs } = config.database;
  if (!url) return { kind: 'sqlite', db: openDatabase(config.databaseFile) };
  // Loaded only here: an installation on its SQLite file never loads the PostgreSQL driver.
  const [{ openPgPool }, { migratePg }, { pgMigrations }] = await Promise.all([
    import('./store/pg/pool.js'),
    import('./store/pg/migrate.js'),
    import('./store/pg/migrations.js'),
  ]);
  const pool = await openPgPool(url, { max: poolMax, connectionTimeoutMillis: connectTimeoutMs });
  try {
    await migratePg(pool, pgMigrations);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { kind: 'postgres', pool };
}
