import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { productionProblems } from '../../src/config/secrets.js';
import { call, startTestServer, TEST_JWT_SECRET, type TestServer } from '../helpers/server.js';

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const toolsCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'code_host_get_repository', arguments: { repo_id: 'acme/web' } },
});

function mcpPost(server: TestServer, headers: Record<string, string>, body: unknown): Promise<Response> {
  return fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...headers },
    body: JSON.stringify(body),
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { rateLimitPerMinute: 30 } });
});
afterAll(() => server.close());

describe('Origin: null', () => {
  it('is refused with 403 over REST and MCP unless CONSTELLATION_ALLOWED_ORIGINS lists null', async () => {
    const token = await server.tokenFor('acme');
    const rest = await call(server, 'GET', '/graph/stats', { token, headers: { Origin: 'null' } });
    expect(rest.status).toBe(403);
    expect(rest.body.error.code).toBe('FORBIDDEN');
    const mcp = await mcpPost(
      server,
      { Origin: 'null', 'X-JWT-Token': token },
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    );
    expect(mcp.status).toBe(403);

    const allowing = await startTestServer({ sandbox: false, config: { allowedOrigins: ['null'] } });
    try {
      expect((await call(allowing, 'GET', '/health', { headers: { Origin: 'null' } })).status).toBe(200);
      expect((await call(allowing, 'GET', '/health', { headers: { Origin: 'https://attacker.example' } })).status).toBe(
        403,
      );
    } finally {
      await allowing.close();
    }
  });
});

describe('production API key', () => {
  const problemsWith = (apiKey: string) => {
    const env = {
      CONSTELLATION_ENV: 'production',
      CONSTELLATION_API_KEY: apiKey,
      CONSTELLATION_JWT_SECRET: 'f3a9c07e5b1d48e2a6c4b8d0e7f1a3c5b9d2e4f6',
      CONSTELLATION_ENCRYPTION_KEY: 'f3a9c07e5b1d48e2a6c4b8d0e7f1a3c5b9d2e4f6f3a9c07e5b1d48e2a6c4b8d0',
    };
    return productionProblems(loadConfig(env), env);
  };

  it('refuses sixteen identical characters and other guessable keys, accepts a random one', () => {
    expect(problemsWith('a'.repeat(16))).toEqual([expect.stringContaining('CONSTELLATION_API_KEY is too guessable')]);
    expect(problemsWith('abababababababababababab')).toEqual([expect.stringContaining('different characters')]);
    expect(problemsWith('abcdefghabcdefgh')).toEqual([expect.stringContaining('estimated entropy')]);
    expect(problemsWith('short')).toEqual(['CONSTELLATION_API_KEY is the default or shorter than 16 characters']);
    expect(problemsWith('4c1f9e0b7a2d58e3b6f1c9a07d4e2b85')).toEqual([]);
  });
});

describe('JSON-RPC batches', () => {
  it('a batch of 100 tools/call is refused whole: nothing runs and the tenant limit still holds', async () => {
    const token = await server.tokenFor('globex');
    const feedSize = async () =>
      (await call(server, 'GET', '/graph/stats', { token })).body.data.global_feed_size as number;
    const before = await feedSize();
    const batch = await mcpPost(
      server,
      { 'X-JWT-Token': token },
      Array.from({ length: 100 }, (_, i) => toolsCall(i + 1)),
    );
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32600, message: expect.stringContaining('batches are not supported') },
    });
    expect(await feedSize()).toBe(before);

    // Single calls are counted one by one against the 30-a-minute budget.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await mcpPost(server, { 'X-JWT-Token': token }, toolsCall(i))).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

describe('token expiry', () => {
  it('a token without exp is refused with 401 over REST and MCP', async () => {
    const epoch = await server.app.tenants.epochOf('acme');
    const forever = await new SignJWT({
      tenant_id: 'acme',
      tenant_epoch: epoch,
      user_email: 'ada@acme.test',
      connections: {},
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('constellation')
      .setAudience('constellation-api')
      .setIssuedAt()
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const rest = await call(server, 'GET', '/graph/feed', { token: forever });
    expect(rest.status).toBe(401);
    expect(rest.body.error).toContain('no expiry');
    const mcp = await mcpPost(
      server,
      { 'X-JWT-Token': forever },
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    );
    expect(mcp.status).toBe(401);
  });
});

describe('response cache', () => {
  it('never caches local state: /v1/graph/get-feed shows a new record at once; upstream reads stay cached', async () => {
    const cached = await startTestServer({ config: { rateLimitPerMinute: 0 } });
    try {
      const token = await cached.tokenFor('acme');
      const feed = async () =>
        (await call(cached, 'GET', '/v1/graph/get-feed?limit=5', { token })).body.data.activity as Array<{
          action: string;
        }>;
      const first = await call(cached, 'GET', '/v1/graph/get-feed?limit=5', { token });
      expect(first.status).toBe(200);
      expect(first.headers.get('x-cache')).toBeNull();

      // A read over REST, then one over MCP: neither invalidates any cache, both must show in the feed.
      expect(
        (await call(cached, 'GET', '/v1/code_host/get-repository?repo_id=acme/web', { token })).headers.get('x-cache'),
      ).toBe('MISS');
      expect((await feed())[0].action).toBe('mcp.get_repository');
      const mcp = await mcpPost(
        cached,
        { 'X-JWT-Token': token },
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'code_host_get_repositories', arguments: {} } },
      );
      expect(mcp.status).toBe(200);
      expect((await feed())[0].action).toBe('mcp.get_repositories');

      expect(
        (await call(cached, 'GET', '/v1/code_host/get-repository?repo_id=acme/web', { token })).headers.get('x-cache'),
      ).toBe('HIT');
    } finally {
      await cached.close();
    }
  });
});
