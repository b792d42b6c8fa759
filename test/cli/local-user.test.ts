import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { githubFake } from '../../src/sandbox/github/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { listEveryTool } from '../helpers/mcp-session.js';
import { onPgLane } from '../helpers/pg-lane.js';
import { call, startTestServer, TEST_API_KEY } from '../helpers/server.js';

/**
 * The README's real-use path for one person: their GitHub credentials in environment variables, the
 * server spawned over stdio by their MCP host, no JWT. "GitHub" is the sandbox here, reached through
 * GITHUB_API_URL exactly as GitHub Enterprise would be.
 */
const BIN = new URL('../../bin/constellation.js', import.meta.url).pathname;
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({}, [githubFake]);
});
afterAll(() => sandbox.close());

const baseEnv = () => ({
  PATH: process.env.PATH ?? '',
  CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-local-')),
});

describe('a local user with environment credentials', () => {
  it('lists and calls the GitHub tools over stdio, as its own tenant', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--tool-mode', 'full'],
      env: {
        ...baseEnv(),
        GITHUB_TOKEN: SANDBOX_CREDENTIALS.acme.github.token,
        GITHUB_API_URL: sandbox.urlOf('/github'),
        CONSTELLATION_USER_EMAIL: 'me@acme.test',
      },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'local-user', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await listEveryTool(client);
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['code_host_get_repository', 'graph_get_feed']));
      const repo = await client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'acme/api' } });
      expect(repo.isError).toBeFalsy();
      expect(repo.structuredContent).toMatchObject({ full_name: 'acme/api' });
      const feed = await client.callTool({ name: 'graph_get_feed', arguments: { limit: 5 } });
      expect(feed.structuredContent).toMatchObject({
        activity: [expect.objectContaining({ action: 'mcp.get_repository', actor_id: 'me@acme.test' })],
      });
      // A system whose variables are not set names them: this user's fix is the environment, not a token.
      const jira = await client.callTool({ name: 'ticketing_get_projects', arguments: {} });
      expect(jira.isError).toBe(true);
      expect(JSON.stringify(jira.content)).toContain(
        "Jira credentials, which this caller lacks: set JIRA_BASE_URL, JIRA_EMAIL and JIRA_API_TOKEN in the server's environment",
      );
      expect(stderr).not.toMatch(/demo mode/);
      expect(sandbox.faults.log.some((r) => r.path === '/github/repos/acme/api')).toBe(true);
    } finally {
      await client.close();
    }
  });

  // The local user's store is its SQLite file; the PostgreSQL lane's second server would open another store.
  it.skipIf(onPgLane())(
    'a policy another server sets on the local tenant, through the same database, holds from the next call on',
    async () => {
      const env = baseEnv();
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp', '--tool-mode', 'full', '--toolsets', 'code_host'],
        env: { ...env, GITHUB_TOKEN: SANDBOX_CREDENTIALS.acme.github.token, GITHUB_API_URL: sandbox.urlOf('/github') },
        stderr: 'pipe',
      });
      const client = new Client({ name: 'local-user', version: '1.0.0' });
      await client.connect(transport);
      const admin = await startTestServer({
        sandbox: false,
        config: { databaseFile: join(env.CONSTELLATION_DATA_DIR, 'constellation.db') },
      });
      try {
        const read = () => client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'acme/api' } });
        expect((await read()).isError).toBeFalsy();
        expect((await read()).isError).toBeFalsy();
        const policy = { deny: { tools: ['code_host_get_repository'] } };
        const put = await call(admin, 'PUT', '/admin/tenants/local/policy', { apiKey: TEST_API_KEY, body: policy });
        expect(put.status, JSON.stringify(put.body)).toBe(200);
        const refused = await read();
        expect(refused.isError).toBe(true);
        expect(JSON.stringify(refused.content)).toContain('POLICY_DENIED');
        expect((await call(admin, 'DELETE', '/admin/tenants/local/policy', { apiKey: TEST_API_KEY })).status).toBe(200);
        expect((await read()).isError).toBeFalsy();
      } finally {
        await client.close();
        await admin.close();
      }
    },
  );

  it('without any credentials, says which variables to set and exits', () => {
    const run = spawnSync(process.execPath, [BIN, 'mcp'], {
      env: {
        ...baseEnv(),
        CONSTELLATION_API_KEY: 'local-test-key-0123456789',
        CONSTELLATION_JWT_SECRET: 'local-test-secret-0123456789-0123456789',
      },
      input: '',
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('GITHUB_TOKEN');
    expect(run.stderr).toContain('CONSTELLATION_TOKEN');
    expect(run.stdout).toBe('');
  });
});
