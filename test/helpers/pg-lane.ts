import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createPgDatabase } from './pg-cluster.js';
import { PG_TEMPLATE } from './pg-provided.js';

/**
 * A new database on the lane's cluster, for one test file or test: a copy of the migrated template, or
 * empty (`migrated: false`) for tests of the migrations themselves. Returns its URL.
 */
export async function pgTestDatabase(options: { migrated?: boolean } = {}): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createPgDatabase(adminUrl, name, options.migrated === false ? undefined : PG_TEMPLATE);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A 64-hex-digit vault key: an installation on PostgreSQL must configure one (its nodes share the vault). */
export const PG_LANE_VAULT_KEY = 'b9d2e4f6f3a9c07e5b1d48e2a6c4b8d0e7f1a3c5f3a9c07e5b1d48e2a6c4b8d0';

/** True in the PostgreSQL lane: servers the tests start keep their data in PostgreSQL. */
export function onPgLane(): boolean {
  return inject('pgAdminUrl') !== undefined;
}

/**
 * The environment a server under test reads its database from: in the PostgreSQL lane a database of its
 * own (a copy of the migrated template) and the vault key PostgreSQL requires; nothing otherwise (SQLite).
 */
export async function pgLaneDatabaseEnv(): Promise<Record<string, string>> {
  if (!onPgLane()) return {};
  return { CONSTELLATION_DATABASE_URL: await pgTestDatabase(), CONSTELLATION_ENCRYPTION_KEY: PG_LANE_VAULT_KEY };
}
