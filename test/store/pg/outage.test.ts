import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgPool } from '../../../src/store/pg/pool.js';
import { startPgCluster, type PgCluster } from '../../helpers/pg-cluster.js';

// A cluster of its own: this file takes the database away, which the lane's shared cluster must not see.
let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
});
afterAll(() => cluster.stop());

describe('PostgreSQL lost during operation', () => {
  it('fails the calls made while the database is down and recovers by itself when it returns', async () => {
    const pool = await openPgPool(await cluster.createDatabase('outage'), { connectionTimeoutMillis: 5_000 });
    try {
      // Several idle connections, each of which the shutdown drops.
      await Promise.all(Array.from({ length: 4 }, () => pool.query('SELECT pg_sleep(0.01)')));

      await cluster.shutdown();
      await expect(pool.query('SELECT 1')).rejects.toThrow();

      await cluster.restart();
      const { rows } = await pool.query<{ answer: number }>('SELECT 42 AS answer');
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      await pool.end();
    }
  });
});
