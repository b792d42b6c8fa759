import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Octokit } from '@octokit/rest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TokenService } from '../src/auth/jwt.js';
import { openDatabase } from '../src/store/db.js';
import { TenantsRepo } from '../src/store/tenants-repo.js';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/credentials.js';
import { startTestServer } from '../test/helpers/server.js';
import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { bareServer } from './fixtures/bare-mcp-server.js';
import { median, percentile, time, type BenchResult } from './lib.js';

const ITERATIONS = 400;

// Figures vary with what else the 2 cores do; compare rows of one run, not runs with each other.
const BIN = new URL('../bin/constellation.js', import.meta.url).pathname;
const ARGS = { repo_id: 'acme/api' };

/**
 * The cost our layers add to one tool call: the same `get_repository` through each surface, minus the
 * bare Octokit call against the same sandbox, measured in the same run.
 */
export async function run(): Promise<BenchResult[]> {
  // Thousands of calls: count them against the fake's budgets without refusing.
  const server = await startTestServer({ rateLimits: 'count' });
  const sandbox = server.sandbox;
  const octokit = new Octokit({ auth: SANDBOX_CREDENTIALS.acme.github.token, baseUrl: sandbox.urlOf('/github') });
  const bare = await time(() => octokit.rest.repos.get({ owner: 'acme', repo: 'api' }), ITERATIONS);

  const caller = server.callerFor('acme');
  const tool = server.app.registry.find('code_host_get_repository');
  if (!tool) throw new Error('tool missing');
  const executor = await time(() => server.app.executor.execute(caller, tool, ARGS), ITERATIONS);

  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.surface.createServer(() => caller).connect(serverSide);
  const memory = new Client({ name: 'bench', version: '1' });
  await memory.connect(clientSide);
  const inMemory = await time(() => memory.callTool({ name: 'code_host_get_repository', arguments: ARGS }), ITERATIONS);

  const token = await server.tokenFor('acme');
  const http = new Client({ name: 'bench', version: '1' });
  await http.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { 'X-JWT-Token': token } } }));
  const overHttp = await time(() => http.callTool({ name: 'code_host_get_repository', arguments: ARGS }), ITERATIONS);

  // A spawned stdio server, acting with a token whose connections point at this process's sandbox.
  // Tokens carry their tenant's epoch: create the tenant in the server's database before signing.
  const secret = 'bench-secret-0123456789-0123456789-0123';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const stdioDb = openDatabase(join(dataDir, 'constellation.db'));
  const stdioTenants = new TenantsRepo(stdioDb);
  stdioTenants.insert({ id: 'acme', consumerId: 'acme', name: null, description: null, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
  const stdioToken = await new TokenService(secret, 3600, (id) => stdioTenants.epochOf(id)).issue({
    tenant_id: 'acme',
    user_email: 'bench@acme.test',
    connections: server.callerFor('acme').connections,
  });
  stdioDb.close();
  const stdio = new Client({ name: 'bench', version: '1' });
  await stdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--demo', '--tool-mode', 'full'],
      env: { PATH: process.env.PATH ?? '', CONSTELLATION_DATA_DIR: dataDir, CONSTELLATION_JWT_SECRET: secret, CONSTELLATION_TOKEN: stdioToken, LOG_LEVEL: 'error' },
      stderr: 'ignore',
    }),
  );
  const overStdio = await time(() => stdio.callTool({ name: 'code_host_get_repository', arguments: ARGS }), ITERATIONS);

  // Baselines: a bare MCP SDK server making the same Octokit call, over the same transports.
  const [bareClientSide, bareServerSide] = InMemoryTransport.createLinkedPair();
  await bareServer(octokit).connect(bareServerSide);
  const bareMemory = new Client({ name: 'bench', version: '1' });
  await bareMemory.connect(bareClientSide);
  const bareInMemory = await time(() => bareMemory.callTool({ name: 'get_repository', arguments: ARGS }), ITERATIONS);

  const bareHttpApp = express();
  bareHttpApp.use(express.json());
  bareHttpApp.post('/mcp', async (req, res) => {
    const mcp = bareServer(octokit);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close());
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  const bareListener = bareHttpApp.listen(0, '127.0.0.1');
  await new Promise((resolve) => bareListener.once('listening', resolve));
  const bareHttp = new Client({ name: 'bench', version: '1' });
  await bareHttp.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(bareListener.address() as AddressInfo).port}/mcp`)));
  const bareOverHttp = await time(() => bareHttp.callTool({ name: 'get_repository', arguments: ARGS }), ITERATIONS);

  const bareStdio = new Client({ name: 'bench', version: '1' });
  await bareStdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', new URL('./fixtures/bare-mcp-server.ts', import.meta.url).pathname],
      env: { PATH: process.env.PATH ?? '', BARE_TOKEN: SANDBOX_CREDENTIALS.acme.github.token, BARE_BASE_URL: sandbox.urlOf('/github') },
      stderr: 'ignore',
    }),
  );
  const bareOverStdio = await time(() => bareStdio.callTool({ name: 'get_repository', arguments: ARGS }), ITERATIONS);

  await Promise.all([memory.close(), http.close(), stdio.close(), bareMemory.close(), bareHttp.close(), bareStdio.close()]);
  bareListener.closeAllConnections();
  bareListener.close();
  await server.close();

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
  return [
    stat('bare Octokit repos.get against the sandbox', bare),
    stat('executor, in process', executor),
    added('executor: our layers over the bare SDK call', executor, bare),
    stat('MCP in-memory: ours', inMemory),
    stat('MCP in-memory: bare MCP SDK server', bareInMemory),
    added('MCP in-memory: our layers (ours - bare server)', inMemory, bareInMemory),
    stat('MCP streamable HTTP: ours', overHttp),
    stat('MCP streamable HTTP: bare MCP SDK server', bareOverHttp),
    added('MCP streamable HTTP: our layers (ours - bare server)', overHttp, bareOverHttp),
    added('MCP streamable HTTP: round trip over the bare SDK call', overHttp, bare),
    stat('MCP stdio: ours (spawned)', overStdio),
    stat('MCP stdio: bare MCP SDK server (spawned)', bareOverStdio),
    added('MCP stdio: our layers (ours - bare server)', overStdio, bareOverStdio),
    added('MCP stdio: round trip over the bare SDK call', overStdio, bare),
  ];
}
