import pg from 'pg';
import { PG_LANE_VAULT_KEY, pgTestDatabase } from './pg-lane.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

/** Nodes of one fleet: servers in this process over one PostgreSQL database, each with its own listener. */
export interface Fleet {
  nodes: TestServer[];
  /** The database every node uses. */
  url: string;
  /** A connection of the test's own to that database (to look at locks, hold rows). */
  admin: pg.Client;
  close(): Promise<void>;
}

/**
 * `count` servers named `node-a`, `node-b`... over one fresh database, started one after the other (demo
 * start-up creates its tenants, which nodes starting together would race to do).
 */
export async function startFleet(count: number, options: TestServerOptions = {}): Promise<Fleet> {
  const url = await pgTestDatabase();
  const nodes: TestServer[] = [];
  for (let i = 0; i < count; i++)
    nodes.push(
      await startTestServer({
        ...options,
        env: { ...fleetNodeEnv(url, `node-${String.fromCharCode(97 + i)}`), ...options.env },
      }),
    );
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  return {
    nodes,
    url,
    admin,
    close: async () => {
      await admin.end();
      for (const node of nodes) await node.close();
    },
  };
}

/** The settings of a node named `nodeId` over the database at `url`. */
export const fleetNodeEnv = (url: string, nodeId: string): Record<string, string> => ({
  CONSTELLATION_DATABASE_URL: url,
  CONSTELLATION_ENCRYPTION_KEY: PG_LANE_VAULT_KEY,
  CONSTELLATION_NODE_ID: nodeId,
});

/** Resolves once some session waits for an advisory lock (checked every few milliseconds, for at most 10 s). */
export async function someoneWaitsForALock(admin: pg.Client): Promise<void> {
  for (let tries = 0; tries < 1000; tries++) {
    const { rows } = await admin.query<{ waiting: string }>(
      "SELECT count(*) AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
    );
    if (Number(rows[0].waiting) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no session waited for an advisory lock within 10 s');
}
