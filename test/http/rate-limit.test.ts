import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { rateLimitPerMinute: 3 } });
});
afterAll(() => server.close());

describe('per-tenant rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After once a tenant spends its budget, and only for that tenant', async () => {
    const acme = await server.tokenFor('acme');
    const execute = (token: string) => call(server, 'POST', '/mcp/code_host/execute', { token, body: { tool: 'get_repository', arguments: { repo_id: 'acme/web' } } });
    for (let i = 0; i < 3; i++) expect((await execute(acme)).status).toBe(200);
    const limited = await execute(acme);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-policy')).toContain('3');

    const otherUserSameTenant = await server.tokenFor('acme', server.sandbox.seeds.acme.people[1].email);
    expect((await execute(otherUserSameTenant)).status).toBe(429);
    const graph = await call(server, 'GET', '/graph/stats', { token: acme });
    expect(graph.status).toBe(429);
    expect(graph.body).toEqual({ success: false, error: expect.stringContaining('Rate limit exceeded'), metadata: null });

    const globex = await server.tokenFor('globex');
    expect((await call(server, 'POST', '/mcp/code_host/execute', { token: globex, body: { tool: 'get_repositories' } })).status).toBe(200);
  });

  it('never limits the public routes', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await call(server, 'GET', '/health')).status).toBe(200);
      expect((await call(server, 'GET', '/mcp/code_host/tools')).status).toBe(200);
    }
  });
});
