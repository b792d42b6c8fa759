import { analyticsMigrations } from './analytics/schema.js';
import { oauthMigrations } from './auth/oauth/schema.js';
import { vaultMigrations } from './auth/vault/schema.js';
import { entityVectorMigrations } from './documents/entity-vectors.js';
import { documentMigrations, loadVectorExtension } from './documents/schema.js';
import { graphMigrations } from './graph/schema.js';
import { mcpTaskMigrations } from './mcp/task-store-sqlite.js';
import { coreMigrations } from './store/core-schema.js';
import { openStore, type Db, type StoreSchema } from './store/db.js';

/** The installation's schema: each feature contributes its migrations, in this order. */
const INSTALLATION_SCHEMA: StoreSchema = {
  // Document vectors (sqlite-vec): their delete triggers need the extension on every connection.
  extensions: [loadVectorExtension],
  migrations: [
    ...coreMigrations,
    ...graphMigrations,
    ...analyticsMigrations,
    ...vaultMigrations,
    ...oauthMigrations,
    ...documentMigrations,
    ...entityVectorMigrations,
    ...mcpTaskMigrations,
  ],
};

/** Opens (creating when needed) the installation's SQLite file, in WAL mode, with every feature's schema. */
export function openDatabase(file: string): Db {
  return openStore(file, INSTALLATION_SCHEMA);
}
