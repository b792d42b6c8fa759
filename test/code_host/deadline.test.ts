import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Every call is bounded: the call's deadline (CONSTELLATION_CALL_TIMEOUT, 1 s here) reaches the
 * upstream request itself, the caller gets 504 UPSTREAM_TIMEOUT at the limit, and an unsafe request is
 * never sent again.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ config: { callTimeoutSeconds: 1 } });
  token = await server.tokenFor('acme');
});
afterAll(() => server.close());
afterEach(() => {
  server.sandbox.faults.clear();
  server.sandbox.faults.clearLog();
});

const stall = (method: string, path: string) =>
  server.sandbox.faults.add({ prefix: '/github', method, path, latencyMs: 5_000, status: 200, body: {} });
const execute = (tool: string, args: Record<string, unknown>) =>
  call(server, 'POST', '/mcp/code_host/execute', { token, body: { tool, arguments: args } });

describe('a stalled upstream', () => {
  it('a create answers 504 at the limit over REST and is sent once', async () => {
    stall('POST', '/repos/acme/api/issues');
    const response = await execute('create_issue', { repo_id: 'acme/api', title: 'Stalled create' });
    expect(response.status).toBe(504);
    expect(response.body).toMatchObject({
      success: false,
      error: { code: 'UPSTREAM_TIMEOUT', message: expect.stringContaining('1 s') },
    });
    expect(server.sandbox.faults.count('POST', '/repos/acme/api/issues')).toBe(1);
  });

  it('a read answers an isError result with UPSTREAM_TIMEOUT over MCP, and the server keeps serving', async () => {
    const client = new Client({ name: 'deadline-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': token } },
      }),
    );
    // The tool's first call loads what it needs; on a busy machine that alone could pass the 1 s deadline of the
    // call after the stall, which must show the server serving again, not how long a first call takes.
    const warm = await client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'acme/api' } });
    expect(warm.isError).toBeFalsy();
    stall('GET', '/repos/acme/web');
    const result = await client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'acme/web' } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('UPSTREAM_TIMEOUT');
    server.sandbox.faults.clear();
    const again = await client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'acme/web' } });
    expect(again.isError).toBeFalsy();
    await client.close();
  });
});
