import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function clientWith(headers: Record<string, string>) {
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
  return client;
}

describe('MCP over streamable HTTP', () => {
  it('lists and calls tools as the tenant of the JWT', async () => {
    const client = await clientWith({ 'X-JWT-Token': await server.tokenFor('globex') });
    const { tools } = await client.listTools();
    expect(tools.some((t) => t.name === 'code_host_get_repositories')).toBe(true);
    const result = await client.callTool({ name: 'code_host_get_repositories', arguments: {} });
    const repos = (result.structuredContent as { repositories: Array<{ full_name: string }> }).repositories;
    expect(repos.length).toBeGreaterThan(0);
    expect(repos.every((r) => r.full_name.startsWith('globex/'))).toBe(true);
    await client.close();
  });

  it('accepts Authorization: Bearer as well', async () => {
    const client = await clientWith({ Authorization: `Bearer ${await server.tokenFor('acme')}` });
    const result = await client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'acme/web' } });
    expect(result.structuredContent).toMatchObject({ full_name: 'acme/web' });
    await client.close();
  });

  it('refuses an invalid JWT with 401 before the protocol starts', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'X-JWT-Token': 'not.a.jwt',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { data: { code: string } } };
    expect(body.error.data.code).toBe('UNAUTHORIZED');
  });

  it('answers GET with 405 (stateless server) and malformed JSON with 400', async () => {
    expect((await fetch(`${server.url}/mcp`)).status).toBe(405);
    const malformed = await call(server, 'POST', '/mcp', {
      rawBody: '{"jsonrpc":',
      headers: { Accept: 'application/json, text/event-stream' },
    });
    expect(malformed.status).toBe(400);
  });
});
