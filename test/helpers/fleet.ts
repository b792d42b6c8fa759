import { githubFake } from '../../src/sandbox/github/index.js';
import { SANDBOX_CREDENTIALS, type WorkspaceId } from '../../src/sandbox/credentials.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { spawnServer, type SpawnedServer } from './built-server.js';
import { BIN } from './cli.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { call } from './server.js';

export const FLEET_API_KEY = 'f3a9c07e5b1d48e2a6c4-fleet';
const FLEET_JWT_SECRET = 'b9d2e4f6f3a9c07e5b1d48e2a6c4b8d0e7f1a3c5-fleet';
/** The vault key the nodes share (a fleet must configure one). */
const FLEET_VAULT_KEY = 'c4e1a7d9b2f60853e7a1c4d9b2f60853e7a1c4d9b2f60853e7a1c4d9b2f60853';
const SERVING = /serving REST and MCP .* at (http:\/\/[\d.:]+)/;

export type NodeName = 'a' | 'b';

export interface FleetNode {
  name: NodeName;
  /** The node's own origin, to address it past the proxy. */
  url: string;
  process: SpawnedServer;
  /** Resolves once the process has exited (however it ended). */
  exited: Promise<void>;
}

export interface Fleet {
  /** The proxy in front of both nodes: what a client of the fleet uses. */
  url: string;
  proxy: RoundRobinProxy;
  nodes: Record<NodeName, FleetNode>;
  databaseUrl: string;
  sandbox: Sandbox;
  /**
   * The single-node proxy the nodes reach the sandbox's GitHub through: `clientLeft` says when a node
   * gave up an upstream call (a cancelled call stopped its work).
   */
  upstream: RoundRobinProxy;
  /** Creates a tenant (through the proxy) whose users act on the sandbox's workspace of the same id. */
  createTenant(tenant: WorkspaceId): Promise<void>;
  /** A token of a user of the tenant whose GitHub connection is the sandbox's workspace of that id. */
  tokenFor(tenant: WorkspaceId, email?: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts one real `constellation serve` process of the fleet; resolves once it says it serves. */
function startNode(name: NodeName, databaseUrl: string, env: Record<string, string>): Promise<FleetNode> {
  return spawnServer(
    [BIN, 'serve', '--port', '0', '--host', '127.0.0.1'],
    {
      CONSTELLATION_API_KEY: FLEET_API_KEY,
      CONSTELLATION_JWT_SECRET: FLEET_JWT_SECRET,
      CONSTELLATION_ENCRYPTION_KEY: FLEET_VAULT_KEY,
      CONSTELLATION_DATABASE_URL: databaseUrl,
      CONSTELLATION_TRUST_PROXY: 'loopback',
      CONSTELLATION_NODE_ID: name,
      LOG_LEVEL: 'warn',
      ...env,
    },
    SERVING,
  ).then((spawned) => ({
    name,
    url: spawned.url,
    process: spawned,
    exited: new Promise<void>((done) => {
      if (spawned.child.exitCode !== null || spawned.child.signalCode !== null) done();
      else spawned.child.once('exit', () => done());
    }),
  }));
}

/**
 * Two real server processes (the built command: `npm run build` first) over one PostgreSQL database
 * (`databaseUrl`, empty or not), started at the same time, behind a round-robin proxy; their upstream is
 * one shared in-process sandbox (GitHub). `env` adds settings to both nodes (e.g. `CONSTELLATION_RATE_LIMIT`).
 * Free of Vitest, so that the fleet bench starts the same fleet.
 */
export async function startFleet(databaseUrl: string, env: Record<string, string> = {}): Promise<Fleet> {
  const sandbox = await startSandbox({ rateLimits: 'count' }, [githubFake]);
  const upstream = await startRoundRobinProxy([sandbox.url]);
  const started = await Promise.allSettled([startNode('a', databaseUrl, env), startNode('b', databaseUrl, env)]);
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(running.map((node) => node.process.stop()));
    await upstream.close();
    await sandbox.close();
    throw failed.reason;
  }
  const [a, b] = running as [FleetNode, FleetNode];
  const proxy = await startRoundRobinProxy([a.url, b.url]);
  const admin = (method: string, path: string, body?: unknown) =>
    call(proxy, method, path, { apiKey: FLEET_API_KEY, body });
  return {
    url: proxy.url,
    proxy,
    nodes: { a, b },
    databaseUrl,
    sandbox,
    upstream,
    createTenant: async (tenant) => {
      const created = await admin('POST', '/admin/tenants', {
        id: tenant,
        consumerId: `${tenant}-consumer`,
        name: tenant,
      });
      if (created.status !== 201)
        throw new Error(`tenant ${tenant}: ${created.status} ${JSON.stringify(created.body)}`);
    },
    tokenFor: async (tenant, email = `dev@${tenant}.test`) => {
      const issued = await admin('POST', '/admin/token', {
        tenant_id: tenant,
        user_email: email,
        user_display_name: email,
        connections: {
          code_host: { token: SANDBOX_CREDENTIALS[tenant].github.token, baseUrl: `${upstream.url}/github` },
        },
      });
      if (issued.status !== 200)
        throw new Error(`token for ${tenant}: ${issued.status} ${JSON.stringify(issued.body)}`);
      return issued.body.token as string;
    },
    close: async () => {
      await proxy.close();
      await Promise.all([a, b].map((node) => node.process.stop()));
      await upstream.close();
      await sandbox.close();
    },
  };
}
