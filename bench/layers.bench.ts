import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
// The v1 client stands for the 2025-era hosts still in use.
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StdioClientTransport as LegacyStdioTransport,
  type StdioServerParameters,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Octokit } from '@octokit/rest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TokenService } from '../src/auth/jwt.js';
import { openDatabase } from '../src/database.js';
import { SqliteTenantStore } from '../src/store/tenant-store-sqlite.js';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/credentials.js';
import { startTestServer } from '../test/helpers/server.js';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { bareServer } from './fixtures/bare-mcp-server.js';
import { median, percentile, type BenchResult } from './lib.js';

const ITERATIONS = 400;
const WARMUP_ROUNDS = 20;

const stat = (name: string, samples: number[]): BenchResult => ({
  suite: 'layers',
  name,
  value: median(samples),
  unit: 'ms',
  note: `p90 ${percentile(samples, 90).toFixed(3)} ms`,
});
const added = (name: string, ours: number[], baseline: number[]): BenchResult => ({
  suite: 'layers',
  name,
  value: median(ours) - median(baseline),
  unit: 'ms',
  note: `ratio ${(median(ours) / median(baseline)).toFixed(2)}x`,
});

// Figures vary with what else the 2 cores do: the calls compared are taken in turn, and rows of one run compare, not runs.
const BIN = new URL('../bin/constellation.js', import.meta.url).pathname;
const ARGS = { repo_id: 'acme/api' };

/**
 * The cost our layers add to one tool call: the same `get_repository` through each transport and
 * protocol era, against a bare v2 SDK server making the same Octokit call, measured in the same run.
 */
export async function run(): Promise<BenchResult[]> {
  // Thousands of calls: count them against the fake's budgets and our own limit without refusing.
  const server = await startTestServer({ rateLimits: 'count', config: { rateLimitPerMinute: 1_000_000 } });
  const sandbox = server.sandbox;
  const octokit = new Octokit({ auth: SANDBOX_CREDENTIALS.acme.github.token, baseUrl: sandbox.urlOf('/github') });
  const bareCall = () => octokit.rest.repos.get({ owner: 'acme', repo: 'api' });

  const caller = server.callerFor('acme');
  const tool = server.app.registry.find('code_host_get_repository');
  if (!tool) throw new Error('tool missing');
  const [executor, bare] = await alternating(
    [() => server.app.executor.execute(caller, tool, ARGS), bareCall],
    ITERATIONS,
  );

  const token = await server.tokenFor('acme');
  // The REST path: the rate limiter, the route's caller check and the executor, as a REST client calls them.
  const restBody = JSON.stringify({ tool: 'get_repository', arguments: ARGS });
  const [rest, bareBesideRest] = await alternating(
    [
      async () => {
        const response = await fetch(`${server.url}/mcp/code_host/execute`, {
          method: 'POST',
          headers: { 'X-JWT-Token': token, 'Content-Type': 'application/json' },
          body: restBody,
        });
        if (response.status !== 200) throw new Error(`REST call answered ${response.status}`);
        await response.arrayBuffer();
      },
      bareCall,
    ],
    ITERATIONS,
  );
  const httpUrl = new URL(`${server.url}/mcp`);
  const headers = { 'X-JWT-Token': token };

  // A spawned stdio server, acting with a token whose connections point at this process's sandbox.
  // Tokens carry their tenant's epoch: create the tenant in the server's database before signing.
  const secret = 'bench-secret-0123456789-0123456789-0123';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const stdioDb = openDatabase(join(dataDir, 'constellation.db'));
  const stdioTenants = new SqliteTenantStore(stdioDb);
  await stdioTenants.insert({
    id: 'acme',
    consumerId: 'acme',
    name: null,
    description: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  });
  const stdioToken = await new TokenService(secret, 3600, (id) => stdioTenants.stateOf(id)).issue({
    tenant_id: 'acme',
    user_email: 'bench@acme.test',
    connections: server.callerFor('acme').connections,
  });
  stdioDb.close();
  const ourStdio = {
    command: process.execPath,
    args: [BIN, 'mcp', '--demo', '--tool-mode', 'full'],
    env: {
      PATH: process.env.PATH ?? '',
      CONSTELLATION_DATA_DIR: dataDir,
      CONSTELLATION_JWT_SECRET: secret,
      CONSTELLATION_TOKEN: stdioToken,
      LOG_LEVEL: 'error',
    },
    stderr: 'ignore' as const,
  };

  // Baselines: a bare v2 SDK server making the same Octokit call, over the same transports and eras.
  const bareHandler = toNodeHandler(createMcpHandler(() => bareServer(octokit)));
  const bareHttpApp = express();
  bareHttpApp.use(express.json());
  bareHttpApp.post('/mcp', (req, res) => void bareHandler(req, res, req.body));
  const bareListener = bareHttpApp.listen(0, '127.0.0.1');
  await new Promise((resolve) => bareListener.once('listening', resolve));
  const bareUrl = new URL(`http://127.0.0.1:${(bareListener.address() as AddressInfo).port}/mcp`);
  const bareStdio = {
    command: process.execPath,
    args: ['--import', 'tsx', new URL('./fixtures/bare-mcp-server.ts', import.meta.url).pathname],
    env: {
      PATH: process.env.PATH ?? '',
      BARE_TOKEN: SANDBOX_CREDENTIALS.acme.github.token,
      BARE_BASE_URL: sandbox.urlOf('/github'),
    },
    stderr: 'ignore' as const,
  };

  const rows: BenchResult[] = [];
  const compare = async (label: string, ours: CallOnce, bareOne: CallOnce) => {
    const [mine, theirs, bareCalls] = await alternating(
      [() => ours.call(), () => bareOne.call(), bareCall],
      ITERATIONS,
    );
    await Promise.all([ours.close(), bareOne.close()]);
    rows.push(
      stat(`${label}: ours`, mine),
      stat(`${label}: bare v2 SDK server`, theirs),
      added(`${label}: our layers (ours - bare server)`, mine, theirs),
    );
    rows.push(added(`${label}: round trip over the bare SDK call`, mine, bareCalls));
  };
  await compare(
    'MCP streamable HTTP, 2026-07-28',
    await modernHttp(httpUrl, headers, 'code_host_get_repository'),
    await modernHttp(bareUrl, {}, 'get_repository'),
  );
  await compare(
    'MCP streamable HTTP, 2025-11-25',
    await legacyHttp(httpUrl, headers, 'code_host_get_repository'),
    await legacyHttp(bareUrl, {}, 'get_repository'),
  );
  await compare(
    'MCP stdio (spawned), 2026-07-28',
    await modernStdio(ourStdio, 'code_host_get_repository'),
    await modernStdio(bareStdio, 'get_repository'),
  );
  await compare(
    'MCP stdio (spawned), 2025-11-25',
    await legacyStdio(ourStdio, 'code_host_get_repository'),
    await legacyStdio(bareStdio, 'get_repository'),
  );

  bareListener.closeAllConnections();
  bareListener.close();
  await server.close();

  return [
    stat('bare Octokit repos.get against the sandbox', bare),
    stat('executor, in process', executor),
    added('executor: our layers over the bare SDK call', executor, bare),
    stat('REST POST /mcp/code_host/execute', rest),
    added('REST: round trip over the bare SDK call', rest, bareBesideRest),
    ...rows,
  ];
}

/**
 * Each call's samples, the calls taken in turn (who goes first rotates each round), so that what else the
 * machine does weighs on every one of them alike.
 */
async function alternating(calls: ReadonlyArray<() => unknown>, iterations: number): Promise<number[][]> {
  const samples = calls.map(() => [] as number[]);
  for (let round = -WARMUP_ROUNDS; round < iterations; round++)
    for (let turn = 0; turn < calls.length; turn++) {
      const index = (turn + Math.max(round, 0)) % calls.length;
      const t0 = performance.now();
      await calls[index]();
      if (round >= 0) samples[index].push(performance.now() - t0);
    }
  return samples.map((list) => list.sort((a, b) => a - b));
}

/** A connected client calling one tool with the benchmark's arguments. */
interface CallOnce {
  call(): Promise<unknown>;
  close(): Promise<void>;
}

const callingWith = (
  client: {
    callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
    close(): Promise<void>;
  },
  name: string,
): CallOnce => ({
  call: () => client.callTool({ name, arguments: ARGS }),
  close: () => client.close(),
});

const PIN_MODERN = { versionNegotiation: { mode: { pin: '2026-07-28' as const } } };

async function modernHttp(url: URL, headers: Record<string, string>, name: string): Promise<CallOnce> {
  const client = new ModernClient({ name: 'bench', version: '1' }, PIN_MODERN);
  await client.connect(new ModernHttpTransport(url, { requestInit: { headers } }));
  return callingWith(client, name);
}

async function legacyHttp(url: URL, headers: Record<string, string>, name: string): Promise<CallOnce> {
  const client = new LegacyClient({ name: 'bench', version: '1' });
  await client.connect(new LegacyHttpTransport(url, { requestInit: { headers } }));
  return callingWith(client, name);
}

async function modernStdio(params: StdioServerParameters, name: string): Promise<CallOnce> {
  const client = new ModernClient({ name: 'bench', version: '1' }, PIN_MODERN);
  await client.connect(new ModernStdioTransport(params));
  return callingWith(client, name);
}

async function legacyStdio(params: StdioServerParameters, name: string): Promise<CallOnce> {
  const client = new LegacyClient({ name: 'bench', version: '1' });
  await client.connect(new LegacyStdioTransport(params));
  return callingWith(client, name);
}
