import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, HOUR } from '../helpers/clock.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let acme: string;
let globex: string;
const clock = new ManualClock(Date.now());
beforeAll(async () => {
  server = await startTestServer({ clock });
  acme = await server.tokenFor('acme');
  globex = await server.tokenFor('globex');
});
afterAll(() => server.close());

const names = (body: { data: { repositories: Array<{ full_name: string }> } }) =>
  body.data.repositories.map((r) => r.full_name);

describe('tenant isolation', () => {
  it('REST execute: acme cannot read a globex repository', async () => {
    const own = await call(server, 'POST', '/mcp/code_host/execute', {
      token: globex,
      body: { tool: 'get_repositories' },
    });
    const globexRepo = names(own.body)[0];
    expect(globexRepo).toMatch(/^globex\//);
    const crossed = await call(server, 'POST', '/mcp/code_host/execute', {
      token: acme,
      body: { tool: 'get_repository', arguments: { repo_id: globexRepo } },
    });
    expect(crossed.status).toBe(404);
    expect(crossed.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const issues = await call(server, 'POST', '/mcp/code_host/execute', {
      token: acme,
      body: { tool: 'get_issues', arguments: { state: 'all', limit: 100 } },
    });
    expect(issues.body.data.issues.length).toBeGreaterThan(0);
    expect(issues.body.data.issues.every((i: { repo: string }) => i.repo.startsWith('acme/'))).toBe(true);
  });

  it('MCP over HTTP: the JWT decides whose data a call sees', async () => {
    const client = new Client({ name: 'isolation', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': acme } },
      }),
    );
    const result = await client.callTool({
      name: 'code_host_get_repository',
      arguments: { repo_id: 'globex/platform' },
    });
    expect(result.isError).toBe(true);
    await client.close();
  });

  it('method routes and the response cache never serve one tenant another tenant’s response', async () => {
    const path = '/code_host/get-repositories?limit=50';
    const first = await call(server, 'GET', path, { token: acme });
    expect(first.headers.get('x-cache')).toBe('MISS');
    const again = await call(server, 'GET', path, { token: acme });
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(names(again.body)).toEqual(names(first.body));
    const other = await call(server, 'GET', path, { token: globex });
    expect(other.headers.get('x-cache')).toBe('MISS');
    expect(names(other.body).every((n: string) => n.startsWith('globex/'))).toBe(true);
    const otherUser = await call(server, 'GET', path, {
      token: await server.tokenFor('acme', server.sandbox.seeds.acme.people[1].email),
    });
    expect(otherUser.headers.get('x-cache')).toBe('MISS');
  });

  it('the response cache expires after CACHE_TTL, honours no-cache and is dropped after a write', async () => {
    const path = '/code_host/get-repository?repo_id=acme/web';
    await call(server, 'GET', path, { token: acme });
    expect((await call(server, 'GET', path, { token: acme })).headers.get('x-cache')).toBe('HIT');
    expect(
      (await call(server, 'GET', path, { token: acme, headers: { 'Cache-Control': 'no-cache' } })).headers.get(
        'x-cache',
      ),
    ).toBe('MISS');
    clock.advance(25 * HOUR);
    const fresh = await server.tokenFor('acme');
    expect((await call(server, 'GET', path, { token: fresh })).headers.get('x-cache')).toBe('MISS');
    expect((await call(server, 'GET', path, { token: fresh })).headers.get('x-cache')).toBe('HIT');
    server.app.responseCache.invalidateTenant('acme');
    expect((await call(server, 'GET', path, { token: fresh })).headers.get('x-cache')).toBe('MISS');
  });

  it('method routes validate query parameters like the tool schema', async () => {
    const bad = await call(server, 'GET', '/code_host/get-issues?limit=500', { token: await server.tokenFor('acme') });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const meta = await call(server, 'GET', '/v1/meta');
    const codeHost = meta.body.services.find((s: { name: string }) => s.name === 'code_host');
    const getIssues = codeHost.methods.find((m: { name: string }) => m.name === 'get_issues');
    expect(getIssues).toMatchObject({ http_method: 'GET', path: '/code_host/get-issues' });
    expect(getIssues.params).toContainEqual(expect.objectContaining({ name: 'limit', type: 'int', required: false }));
    expect(getIssues.params).toContainEqual(expect.objectContaining({ name: 'labels', type: 'json' }));
  });
});
