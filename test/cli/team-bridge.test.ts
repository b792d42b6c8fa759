import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { builtStdioCommand, startCommand } from '../helpers/cli.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

/**
 * The README's team path for a host that spawns stdio: the team server issues a member a token
 * (`POST /admin/token`), and the member's host runs `constellation mcp` with only
 * CONSTELLATION_SERVER_URL and CONSTELLATION_TOKEN, which relays MCP to the server's `/mcp`.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const issued = await call(server, 'POST', '/admin/token', {
    apiKey: TEST_API_KEY,
    body: {
      tenant_id: 'acme',
      user_email: 'ada@acme.example',
      user_display_name: 'Ada',
      connections: {
        code_host: { token: SANDBOX_CREDENTIALS.acme.github.token, baseUrl: server.sandbox.urlOf('/github') },
      },
      expires_in: 3600,
    },
  });
  expect(issued.status).toBe(200);
  token = issued.body.token as string;
});
afterAll(() => server.close());

describe('constellation mcp with a team token', () => {
  it('relays to the team server: lists its tools and calls one as the token’s user', async () => {
    const transport = new StdioClientTransport({
      ...(await builtStdioCommand(['mcp'], { CONSTELLATION_SERVER_URL: server.url, CONSTELLATION_TOKEN: token })),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'team-member-host', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('code_host_get_repository');
      const repo = await client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'acme/api' } });
      expect(repo.isError, JSON.stringify(repo.content)).toBeFalsy();
      expect(repo.structuredContent).toMatchObject({ full_name: 'acme/api' });
      const feed = await client.callTool({ name: 'graph_get_feed', arguments: { limit: 5 } });
      expect(feed.structuredContent).toMatchObject({
        activity: expect.arrayContaining([expect.objectContaining({ actor_id: 'ada@acme.example' })]),
      });
    } finally {
      await client.close();
    }
    expect(stderr).toContain(`relayed to ${server.url}/mcp`);
    expect(stderr).not.toContain('demo mode');
  });

  it('a token the server refuses, or a server that cannot be reached, is answered with an error naming the server', async () => {
    const cases = [
      { url: server.url, token: 'not.a.token', reason: 'Invalid token' },
      { url: 'http://127.0.0.1:9', token, reason: 'fetch failed' },
    ];
    for (const { url, token: sent, reason } of cases) {
      const transport = new StdioClientTransport(
        await builtStdioCommand(['mcp'], { CONSTELLATION_SERVER_URL: url, CONSTELLATION_TOKEN: sent }),
      );
      const client = new Client({ name: 'team-member-host', version: '1.0.0' });
      const refused = await client.connect(transport).then(
        () => 'connected',
        (error: Error) => error.message,
      );
      await client.close();
      expect(refused).toContain(`Relaying to the Constellation server at ${url}/mcp failed`);
      expect(refused).toContain(reason);
    }
  });

  it('with the token alone refuses to start (exit 2), naming CONSTELLATION_SERVER_URL and the other way', async () => {
    const run = await startCommand(['mcp'], { CONSTELLATION_TOKEN: token }, 'MCP over stdio');
    expect([run.started, run.code, run.stdout]).toEqual([false, 2, '']);
    expect(run.stderr).toContain('CONSTELLATION_TOKEN is set, but not the server it belongs to');
    expect(run.stderr).toContain('set CONSTELLATION_SERVER_URL to the team server');
    expect(run.stderr).toContain('CONSTELLATION_JWT_SECRET');
    expect(run.stderr).not.toContain('Invalid token');
  });

  it('refuses (exit 2) tool options the team server decides, naming each one', async () => {
    const run = await startCommand(
      ['mcp', '--toolsets', 'code_host', '--read-only'],
      { CONSTELLATION_TOKEN: token, CONSTELLATION_SERVER_URL: server.url, CONSTELLATION_TOOL_MODE: 'full' },
      'MCP over stdio',
    );
    expect([run.started, run.code, run.stdout]).toEqual([false, 2, '']);
    expect(run.stderr).toContain(
      '--toolsets, --read-only, CONSTELLATION_TOOL_MODE cannot apply when relaying to the team server',
    );
  });
});
