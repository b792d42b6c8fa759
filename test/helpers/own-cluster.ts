import { afterAll, beforeAll } from 'vitest';
import { startPgCluster, type PgCluster } from './pg-cluster.js';
import { PG_LANE_VAULT_KEY } from './pg-lane.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

/**
 * A test file's server over a PostgreSQL cluster of its own (the file stops the database while the server
 * uses it, which the lane's shared cluster must not see), started before its tests and stopped after.
 * Read the fields inside tests.
 */
export function useServerOnOwnCluster(options: TestServerOptions = {}): { cluster: PgCluster; server: TestServer } {
  const started = {} as { cluster: PgCluster; server: TestServer };
  beforeAll(async () => {
    started.cluster = await startPgCluster();
    started.server = await startTestServer({
      config: { rateLimitPerMinute: 0 },
      ...options,
      env: {
        CONSTELLATION_DATABASE_URL: await started.cluster.createDatabase('served'),
        CONSTELLATION_ENCRYPTION_KEY: PG_LANE_VAULT_KEY,
        CONSTELLATION_DATABASE_CONNECT_TIMEOUT: '2',
        ...options.env,
      },
    });
  });
  afterAll(async () => {
    await started.server?.close();
    await started.cluster?.stop();
  });
  return started;
}
