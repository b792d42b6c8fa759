import type { TestProject } from 'vitest/node';
import { migratePg } from '../../src/store/pg/migrate.js';
import { pgMigrations } from '../../src/store/pg/migrations.js';
import { openPgPool } from '../../src/store/pg/pool.js';
import { startPgCluster } from './pg-cluster.js';
import { PG_TEMPLATE } from './pg-provided.js';

/**
 * Global setup of the PostgreSQL lane: one throwaway cluster for the run, with a migrated template that
 * each test file copies into a database of its own (`pgTestDatabase`), removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster();
  try {
    const pool = await openPgPool(await cluster.createDatabase(PG_TEMPLATE));
    try {
      await migratePg(pool, pgMigrations);
    } finally {
      await pool.end();
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide('pgAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
