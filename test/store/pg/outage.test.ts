import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';
import { openBackend } from '../../../src/database.js';
import { closeBackend, storeAnswers } from '../../../src/store/lifecycle.js';
import { inPgTransaction } from '../../../src/store/pg/transaction.js';
import { AppError } from '../../../src/toolkit/errors.js';
import { startPgCluster, type PgCluster } from '../../helpers/pg-cluster.js';

// A cluster of its own: this file takes the database away, which the lane's shared cluster must not see.
let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
});
afterAll(() => cluster.stop());

const unavailable = expect.objectContaining({ code: 'UNAVAILABLE', status: 503, retryAfter: expect.any(Number) });

describe('PostgreSQL lost during operation', () => {
  it('answers 503 UNAVAILABLE while the database is down, says unhealthy, and recovers by itself', async () => {
    const url = await cluster.createDatabase('outage');
    const config = loadConfig({ CONSTELLATION_DATABASE_URL: url, CONSTELLATION_DATABASE_CONNECT_TIMEOUT: '3' });
    const backend = await openBackend(config);
    if (backend.kind !== 'postgres') throw new Error('expected the PostgreSQL backend');
    const { pool } = backend;
    try {
      // Several idle connections, each of which the shutdown drops.
      await Promise.all(Array.from({ length: 4 }, () => pool.query('SELECT pg_sleep(0.01)')));
      await pool.query("INSERT INTO tenants (id, consumer_id, created_at, updated_at) VALUES ('t1', 'c', '', '')");
      expect(await storeAnswers(backend)).toBe(true);

      await cluster.shutdown();
      const direct = await pool.query('SELECT 1').catch((error: unknown) => error);
      expect(direct).toBeInstanceOf(AppError);
      expect(direct).toEqual(unavailable);
      const written = inPgTransaction(pool, (client) =>
        client.query("UPDATE tenants SET name = 'half' WHERE id = 't1'"),
      );
      await expect(written).rejects.toEqual(unavailable);
      expect(await storeAnswers(backend)).toBe(false);

      await cluster.restart();
      const { rows } = await pool.query<{ name: string | null }>("SELECT name FROM tenants WHERE id = 't1'");
      expect(rows).toEqual([{ name: null }]);
      expect(await storeAnswers(backend)).toBe(true);
      // A statement that is wrong is not an outage: it stays the driver's error.
      await expect(pool.query('SELECT no_such_column FROM tenants')).rejects.not.toBeInstanceOf(AppError);
    } finally {
      await closeBackend(backend);
    }
  });
});
