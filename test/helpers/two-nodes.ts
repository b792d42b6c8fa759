import { PG_LANE_VAULT_KEY, pgTestDatabase } from './pg-lane.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

/**
 * Two servers over one PostgreSQL database (a copy of the lane's migrated template), each with its own
 * HTTP listener and sandbox, in this process: what node A does, node B must see. They share the
 * JWT secret and the vault key, so a token issued by one is good on the other.
 */
export async function startTwoNodes(options: TestServerOptions = {}): Promise<[TestServer, TestServer]> {
  const env = {
    CONSTELLATION_DATABASE_URL: await pgTestDatabase(),
    CONSTELLATION_ENCRYPTION_KEY: PG_LANE_VAULT_KEY,
    ...options.env,
  };
  const a = await startTestServer({ ...options, env });
  const b = await startTestServer({ ...options, env }).catch(async (error: unknown) => {
    await a.close();
    throw error;
  });
  return [a, b];
}
