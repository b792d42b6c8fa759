import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createApp, type App } from '../../src/app.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import { silentLogger } from '../../src/config/logger.js';
import { createDemoApp } from '../../src/demo/start-demo.js';
import { DEFAULT_POLICY, type GovernancePolicy } from '../../src/governance/policy-hooks.js';
import { buildHttpApp, listen } from '../../src/http/server.js';
import type { CancelBusOptions } from '../../src/mcp/cancel-bus.js';
import { McpSurface, type McpSurfaceOptions } from '../../src/mcp/server.js';
import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import type { Caller, Clock, Logger } from '../../src/toolkit/context.js';
import { setRetryDelayScale } from '../../src/toolkit/retry.js';
import { addSecondNode, onFleetLane } from './fleet-lane.js';
import { laneDatabaseEnv } from './lane-env.js';

export const TEST_API_KEY = 'test-api-key-0123456789';
export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789-0123456789';

/**
 * An app over a throwaway store (in memory; a database of its own in the PostgreSQL lane) with the test
 * secrets (and `env`), not listening: for tests of services under the app.
 */
export async function testApp(env: NodeJS.ProcessEnv = {}): Promise<App> {
  const config = loadConfig(
    {
      CONSTELLATION_ENV: 'test',
      CONSTELLATION_API_KEY: TEST_API_KEY,
      CONSTELLATION_JWT_SECRET: TEST_JWT_SECRET,
      ...(await laneDatabaseEnv()),
      ...env,
    },
    { databaseFile: ':memory:', demo: false, logLevel: 'error' },
  );
  return createApp(config, { log: silentLogger });
}

export interface TestServerOptions {
  environment?: Config['environment'];
  clock?: Clock;
  /** Where the app logs (nowhere by default). */
  log?: Logger;
  /** Overrides of the configuration (host, allowedHosts, demo...). */
  config?: Partial<Config>;
  /** Environment variables the configuration is read from, besides the test secrets. */
  env?: NodeJS.ProcessEnv;
  mcp?: McpSurfaceOptions;
  /** Start the in-process sandbox and demo tenants (default true). */
  sandbox?: boolean;
  /** The catalog (every system's manifest by default): a test may add a system of its own. */
  manifests?: readonly SystemManifest[];
  /** 'count': the fakes count requests against their budgets but never refuse (benchmarks, long loops). */
  rateLimits?: 'count';
  /** Port of the sandbox (a random one when omitted), e.g. to restart against the same upstream address. */
  sandboxPort?: number;
  /** How the cancel bus behaves when its connection drops (a test holds a reconnect). */
  cancelBus?: CancelBusOptions;
  /**
   * Which calls need a confirmation. By default the test server waives confirmations, so that tests of other
   * features run destructive tools in one call as before; the confirmation tests pass `DEFAULT_POLICY`, or
   * `null` for each tenant's stored policy, as in production.
   */
  governancePolicy?: GovernancePolicy | null;
}

/** The server's default policy, except that no call needs a person's confirmation. */
export const CONFIRMATIONS_WAIVED: GovernancePolicy = { ...DEFAULT_POLICY, needsConfirmation: () => false };

export interface TestServer {
  url: string;
  app: App;
  sandbox: Sandbox;
  surface: McpSurface;
  /** A signed token of a demo user of the tenant (first user unless an email is given). */
  tokenFor(tenant: WorkspaceId, email?: string): Promise<string>;
  /** The caller such a token stands for, to call the executor directly. */
  callerFor(tenant: WorkspaceId, email?: string): Caller;
  close(): Promise<void>;
}

/** A whole server on a random port: in-memory store, sandbox, demo tenants, real HTTP. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  setRetryDelayScale(0);
  const config = loadConfig(
    {
      CONSTELLATION_ENV: options.environment ?? 'test',
      CONSTELLATION_API_KEY: TEST_API_KEY,
      CONSTELLATION_JWT_SECRET: TEST_JWT_SECRET,
      ...(await laneDatabaseEnv()),
      ...options.env,
    },
    { databaseFile: ':memory:', demo: options.sandbox !== false, port: 0, logLevel: 'error', ...options.config },
  );
  const appOptions = {
    clock: options.clock,
    log: options.log ?? silentLogger,
    manifests: options.manifests,
    cancelBus: options.cancelBus,
    governancePolicy:
      options.governancePolicy === null ? undefined : (options.governancePolicy ?? CONFIRMATIONS_WAIVED),
  };
  const app =
    options.sandbox === false
      ? await createApp(config, appOptions)
      : (await createDemoApp(config, appOptions, { port: options.sandboxPort, rateLimits: options.rateLimits })).app;
  const surface = new McpSurface(app, options.mcp ?? { mode: 'full' });
  const listening = await listen(app, buildHttpApp(app, surface), 0, '127.0.0.1');
  // The fleet lane: a second node over the same database and sandbox, the URL of a proxy in front of both.
  const fleet = onFleetLane()
    ? await addSecondNode({ app, url: listening.url }, config, appOptions, options.mcp ?? { mode: 'full' })
    : undefined;
  const callerFor = (tenant: WorkspaceId, email?: string): Caller => {
    if (!app.demo) throw new Error('callerFor needs the sandbox (sandbox: true)');
    return app.demo.callerOf(tenant, email);
  };
  return {
    url: fleet?.url ?? listening.url,
    app,
    sandbox: app.sandbox as Sandbox,
    surface,
    callerFor,
    tokenFor: async (tenant, email) => {
      const caller = callerFor(tenant, email);
      return app.tokens.issue({
        tenant_id: tenant,
        user_email: caller.userEmail,
        user_display_name: caller.userDisplayName,
        connections: caller.connections,
      });
    },
    close: async () => {
      await fleet?.close();
      await listening.close();
      await app.close();
    },
  };
}

/** fetch against the test server with JSON in and out. */
export async function call(
  server: { url: string },
  method: string,
  path: string,
  options: { token?: string; apiKey?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['X-JWT-Token'] = options.token;
  if (options.apiKey) headers['X-API-KEY'] = options.apiKey;
  if (options.body !== undefined || options.rawBody !== undefined) headers['Content-Type'] ??= 'application/json';
  const response = await fetch(server.url + path, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}

/** A request with headers fetch refuses to set (Host), or whose answer it refuses to read (407), over node:http. */
export function rawRequest(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A request whose path is sent byte for byte (fetch and URL parsing resolve `%2e%2e` as `..` and drop
 * it): over node:http with the path as given, the body parsed when it is JSON.
 */
export function callAsSent(
  server: { url: string },
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; body: any; headers: Record<string, string | string[] | undefined> }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers: options.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
