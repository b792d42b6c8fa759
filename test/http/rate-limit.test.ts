import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE, SECOND } from '../helpers/clock.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

/** The general limit at 3 a minute, on a clock the tests move; addresses told apart by X-Forwarded-For from loopback. */
let server: TestServer;
const clock = new ManualClock();
beforeAll(async () => {
  server = await startTestServer({ clock, config: { rateLimitPerMinute: 3, trustProxy: 'loopback' } });
});
afterAll(() => server.close());
// Each test starts in fresh windows.
beforeEach(() => clock.advance(MINUTE));

const from = (address: string) => ({ 'X-Forwarded-For': address });
const graphStats = (headers: Record<string, string>, token?: string) =>
  call(server, 'GET', '/graph/stats', { token, headers });

describe('per-tenant rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After once a tenant spends its budget, and only for that tenant, until its window renews', async () => {
    const acme = await server.tokenFor('acme');
    const execute = (token: string) =>
      call(server, 'POST', '/mcp/code_host/execute', {
        token,
        body: { tool: 'get_repository', arguments: { repo_id: 'acme/web' } },
      });
    for (let i = 0; i < 3; i++) expect((await execute(acme)).status).toBe(200);
    const limited = await execute(acme);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.headers.get('ratelimit-policy')).toBe('3;w=60');

    const otherUserSameTenant = await server.tokenFor('acme', server.sandbox.seeds.acme.people[1].email);
    expect((await execute(otherUserSameTenant)).status).toBe(429);
    const graph = await call(server, 'GET', '/graph/stats', { token: acme });
    expect(graph.status).toBe(429);
    expect(graph.body).toEqual({
      success: false,
      error: expect.stringContaining('Rate limit exceeded'),
      metadata: null,
    });

    const globex = await server.tokenFor('globex');
    expect(
      (await call(server, 'POST', '/mcp/code_host/execute', { token: globex, body: { tool: 'get_repositories' } }))
        .status,
    ).toBe(200);

    clock.advance(45 * SECOND);
    const later = await execute(acme);
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('15');
    expect(later.headers.get('ratelimit')).toBe('limit=3, remaining=0, reset=15');
    clock.advance(15 * SECOND);
    const renewed = await execute(acme);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get('ratelimit')).toBe('limit=3, remaining=2, reset=60');
  });

  it('never limits the public routes', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await call(server, 'GET', '/health')).status).toBe(200);
      expect((await call(server, 'GET', '/mcp/code_host/tools')).status).toBe(200);
    }
  });

  it('leaves the vault session to its own limit: counted once, not against the general budget', async () => {
    const address = from('203.0.113.10');
    for (let i = 0; i < 4; i++) {
      const created = await call(server, 'POST', '/auth/vault-session', {
        apiKey: TEST_API_KEY,
        headers: { ...address, 'X-Tenant-Id': 'acme' },
        body: {},
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('ratelimit-policy')).toBe('10;w=900');
      expect(created.headers.get('ratelimit')).toBe(`limit=10, remaining=${9 - i}, reset=900`);
    }
    const general = await graphStats(address);
    expect(general.status).toBe(200);
    expect(general.headers.get('ratelimit')).toBe('limit=3, remaining=2, reset=60');
  });

  it('counts tokenless demo requests and invalid tokens by address, apart from the budget of the tenant the demo acts for', async () => {
    const address = from('203.0.113.20');
    for (let i = 0; i < 3; i++) expect((await graphStats(address)).status).toBe(200);
    expect((await graphStats(address)).status).toBe(429);
    // An invalid token buys no budget of its own.
    const forged = await graphStats(address, 'not-a-token');
    expect(forged.status).toBe(429);
    expect(forged.headers.get('retry-after')).toBe('60');

    const elsewhere = await graphStats(from('203.0.113.21'), 'not-a-token');
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.get('ratelimit')).toBe('limit=3, remaining=2, reset=60');

    // The demo user's tenant keeps its budget for callers with a valid token, from the same address.
    const withToken = await graphStats(address, await server.tokenFor('acme'));
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('ratelimit')).toBe('limit=3, remaining=2, reset=60');
  });
});
