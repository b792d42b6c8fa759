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
