import type { Migration } from './db.js';
import { coreMigrations } from './core-schema.js';
import { graphMigrations } from '../graph/schema.js';
import { analyticsMigrations } from '../analytics/schema.js';
import { vaultMigrations } from '../auth/vault/schema.js';
import { oauthMigrations } from '../auth/oauth/schema.js';
import { documentMigrations } from '../documents/schema.js';
import { entityVectorMigrations } from '../documents/entity-vectors.js';
import { mcpTaskMigrations } from '../mcp/task-store.js';

/** Every schema migration of the installation, in order. Each module owns its own list. */
export const MIGRATIONS: readonly Migration[] = [
  ...coreMigrations,
  ...graphMigrations,
  ...analyticsMigrations,
  ...vaultMigrations,
  ...oauthMigrations,
  ...documentMigrations,
  ...entityVectorMigrations,
  ...mcpTaskMigrations,
];
