import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Octokit } from '@octokit/rest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TokenService } from '../src/auth/jwt.js';
import { demoConnections } from '../src/demo/demo-users.js';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/credentials.js';
import { startTestServer } from '../test/helpers/server.js';
import { median, percentile, time, type BenchResult } from './lib.js';

const ITERATIONS = 400;
const BIN = new URL('../bin/constellation.js', import.meta.url).pathname;
const ARGS = { repo_id: 'acme/api' };

/**
 * The cost our layers add to one tool call: the same `get_repository` through each surface, minus the
 * bare Octokit call against the same sandbox, measured in the same run.
 */
export async function run(): Promise<BenchResult[]> {
  const server = await startTestServer();
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
  const secret = 'bench-secret-0123456789-0123456789-0123';
  const stdioToken = await new TokenService(secret, 3600).issue({ tenant_id: 'acme', user_email: 'bench@acme.test', connections: demoConnections(sandbox, 'acme') });
  const stdio = new Client({ name: 'bench', version: '1' });
  await stdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--demo', '--tool-mode', 'full'],
      env: { PATH: process.env.PATH ?? '', CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')), CONSTELLATION_JWT_SECRET: secret, CONSTELLATION_TOKEN: stdioToken, LOG_LEVEL: 'error' },
      stderr: 'ignore',
    }),
  );
  const overStdio = await time(() => stdio.callTool({ name: 'code_host_get_repository', arguments: ARGS }), ITERATIONS);

  await Promise.all([memory.close(), http.close(), stdio.close()]);
  await server.close();

  const base = median(bare);
  const row = (name: string, samples: number[]): BenchResult[] => [
    { suite: 'layers', name: `${name}: median per call`, value: median(samples), unit: 'ms', note: `p90 ${percentile(samples, 90).toFixed(3)} ms` },
    { suite: 'layers', name: `${name}: added over bare SDK call`, value: median(samples) - base, unit: 'ms', note: `ratio ${(median(samples) / base).toFixed(2)}x` },
  ];
  return [
    { suite: 'layers', name: 'bare Octokit repos.get against the sandbox (baseline)', value: base, unit: 'ms', note: `p90 ${percentile(bare, 90).toFixed(3)} ms` },
    ...row('executor (validation, retry scope, observers)', executor),
    ...row('MCP in-memory transport', inMemory),
    ...row('MCP streamable HTTP round trip', overHttp),
    ...row('MCP stdio round trip (spawned server)', overStdio),
  ];
}
