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
import { withCurrentTenantState } from '../src/auth/current-caller.js';
import { TokenService } from '../src/auth/jwt.js';
import { openDatabase } from '../src/database.js';
import { SqliteTenantStore } from '../src/store/tenant-store-sqlite.js';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/credentials.js';
import type { Sandbox } from '../src/sandbox/server.js';
import type { Caller } from '../src/toolkit/context.js';
import { startTestServer } from '../test/helpers/server.js';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { bareServer } from './fixtures/bare-mcp-server.js';
import type { BenchResult } from './lib.js';
import { pairRows, paired, processCpu, spawnedCpu, type Side } from './paired-calls.js';

// Pairs of calls per surface (ours, then the bare one, or the other way round): a loaded machine spreads
// single calls over 2-12 ms, and the median of a thousand per-pair ratios still resolves 10 %.
const ROUNDS = Number(process.env.BENCH_LAYERS_ROUNDS ?? 1_000);
const WARMUP_ROUNDS = 50;
const SUITE = 'layers';
const SANDBOX_REFERENCE = 'sandbox:';
// BENCH_LAYERS_PROFILE=<folder>: the spawned stdio servers write CPU profiles there when they exit (for the
// in-process surfaces, run the bench itself under `node --cpu-prof`).
// Those profiles sample wall time: a server descheduled inside a write that woke its peer (2 busy cores) shows
// that wait as time in the write. BENCH_LAYERS_PERF=1 starts them with --perf-basic-prof instead, for
// `perf record -g -p <pid>` to count on-CPU time by JavaScript function (V8 writes
// /tmp/perf-<pid>.map, and isolate-*-v8.log files in the working folder: remove them after).
const PROFILE_DIR = process.env.BENCH_LAYERS_PROFILE;
const PROFILE_ARGS = [
  ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
  ...(process.env.BENCH_LAYERS_PERF === '1' ? ['--perf-basic-prof'] : []),
];

// Figures vary with what else the 2 cores do: the calls compared are taken in turn, and rows of one run compare, not runs.
// BENCH_LAYERS_BIN: another built checkout's CLI as our stdio server (a baseline run of the same bench).
const BIN = process.env.BENCH_LAYERS_BIN ?? new URL('../bin/constellation.js', import.meta.url).pathname;
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

  // With its tenant's state, as every surface hands the executor its caller (a verified token's, the demo
  // user's): without it the tenant's policy would be read again on every call.
  const caller = await withCurrentTenantState(server.app.tenants, server.callerFor('acme'));
  const tool = server.app.registry.find('code_host_get_repository');
  if (!tool) throw new Error('tool missing');
  const bareInProcess: Side = { call: bareCall, cpu: processCpu };
  const rows: BenchResult[] = [];
  const executor = await paired(
    { call: () => server.app.executor.execute(caller, tool, ARGS), cpu: processCpu },
    bareInProcess,
    ROUNDS,
    WARMUP_ROUNDS,
  );
  rows.push(...pairRows(SUITE, 'executor, in process (bare: Octokit repos.get)', executor));

  const token = await server.tokenFor('acme');
  // The REST path: the rate limiter, the route's caller check and the executor, as a REST client calls them.
  const restBody = JSON.stringify({ tool: 'get_repository', arguments: ARGS });
  const rest = await paired(
    {
      call: async () => {
        const response = await fetch(`${server.url}/mcp/code_host/execute`, {
          method: 'POST',
          headers: { 'X-JWT-Token': token, 'Content-Type': 'application/json' },
          body: restBody,
        });
        if (response.status !== 200) throw new Error(`REST call answered ${response.status}`);
        await response.arrayBuffer();
      },
      cpu: processCpu,
    },
    bareInProcess,
    ROUNDS,
    WARMUP_ROUNDS,
  );
  rows.push(...pairRows(SUITE, 'REST POST /mcp/code_host/execute (bare: Octokit repos.get)', rest));
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
    connections: atThisSandbox(server.callerFor('acme').connections, sandbox),
  });
  stdioDb.close();
  const ourStdio = {
    command: process.execPath,
    args: [...PROFILE_ARGS, BIN, 'mcp', '--demo', '--tool-mode', 'full'],
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
    args: [...PROFILE_ARGS, '--import', 'tsx', new URL('./fixtures/bare-mcp-server.ts', import.meta.url).pathname],
    env: {
      PATH: process.env.PATH ?? '',
      BARE_TOKEN: SANDBOX_CREDENTIALS.acme.github.token,
      BARE_BASE_URL: sandbox.urlOf('/github'),
    },
    stderr: 'ignore' as const,
  };

  const compare = async (label: string, ours: CallOnce, bareOne: CallOnce) => {
    const pairs = await paired(ours, bareOne, ROUNDS, WARMUP_ROUNDS);
    await Promise.all([ours.close(), bareOne.close()]);
    rows.push(...pairRows(SUITE, label, pairs));
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

  return rows;
}

/**
 * Connections whose `sandbox:` references name this process's sandbox by its address: a spawned demo server
 * would otherwise resolve them to its own in-process sandbox and count serving the fake upstream as its layers.
 */
function atThisSandbox(connections: Caller['connections'], sandbox: Sandbox): Caller['connections'] {
  return JSON.parse(
    JSON.stringify(connections, (_key, value: unknown) =>
      typeof value === 'string' && value.startsWith(SANDBOX_REFERENCE)
        ? sandbox.urlOf(value.slice(SANDBOX_REFERENCE.length))
        : value,
    ),
  ) as Caller['connections'];
}

/** A connected client calling one tool with the benchmark's arguments; the CPU its server runs on, when readable. */
interface CallOnce extends Side {
  close(): Promise<void>;
}

interface ToolClient {
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

const callingWith = (client: ToolClient, name: string, cpu: Side['cpu']): CallOnce => ({
  call: async () => {
    // A refused call is quick: it must stop the bench rather than count as a fast one.
    const result = (await client.callTool({ name, arguments: ARGS })) as { isError?: boolean; content?: unknown };
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  },
  cpu,
  close: () => client.close(),
});

const PIN_MODERN = { versionNegotiation: { mode: { pin: '2026-07-28' as const } } };

// The HTTP servers run in this process: its CPU is theirs (and the client's, the same on both sides).
async function modernHttp(url: URL, headers: Record<string, string>, name: string): Promise<CallOnce> {
  const client = new ModernClient({ name: 'bench', version: '1' }, PIN_MODERN);
  await client.connect(new ModernHttpTransport(url, { requestInit: { headers } }));
  return callingWith(client, name, processCpu);
}

async function legacyHttp(url: URL, headers: Record<string, string>, name: string): Promise<CallOnce> {
  const client = new LegacyClient({ name: 'bench', version: '1' });
  await client.connect(new LegacyHttpTransport(url, { requestInit: { headers } }));
  return callingWith(client, name, processCpu);
}

// A stdio server is a process of its own: its CPU is read from /proc.
async function modernStdio(params: StdioServerParameters, name: string): Promise<CallOnce> {
  const client = new ModernClient({ name: 'bench', version: '1' }, PIN_MODERN);
  const transport = new ModernStdioTransport(params);
  await client.connect(transport);
  return callingWith(client, name, spawnedCpu(transport.pid));
}

async function legacyStdio(params: StdioServerParameters, name: string): Promise<CallOnce> {
  const client = new LegacyClient({ name: 'bench', version: '1' });
  const transport = new LegacyStdioTransport(params);
  await client.connect(transport);
  return callingWith(client, name, spawnedCpu(transport.pid));
}
