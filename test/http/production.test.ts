import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

describe('production transport rules', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ environment: 'production', sandbox: false, config: { trustProxy: 'loopback' } });
  });
  afterAll(() => server.close());

  it('refuses plain HTTP with 403, except the health check', async () => {
    const plain = await call(server, 'GET', '/admin/tenants', { apiKey: TEST_API_KEY });
    expect(plain.status).toBe(403);
    expect(plain.body.error.message).toContain('HTTPS is required');
    expect((await call(server, 'GET', '/health')).status).toBe(200);
  });

  it('behind a trusted proxy, names the header the proxy must send rather than the setting already made', async () => {
    const missing = await call(server, 'GET', '/admin/tenants', { apiKey: TEST_API_KEY });
    expect(missing.body.error.message).toContain('without an X-Forwarded-Proto header');
    expect(missing.body.error.message).toContain('must send X-Forwarded-Proto: https');
    expect(missing.body.error.message).not.toContain('CONSTELLATION_TLS_CERT');
    const plainProto = await call(server, 'GET', '/admin/tenants', {
      apiKey: TEST_API_KEY,
      headers: { 'X-Forwarded-Proto': 'http' },
    });
    expect(plainProto.status).toBe(403);
    expect(plainProto.body.error.message).toContain('with X-Forwarded-Proto: http.');
  });

  it('accepts requests whose TLS a trusted proxy terminated', async () => {
    const proxied = await call(server, 'GET', '/admin/tenants', {
      apiKey: TEST_API_KEY,
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(proxied.status).toBe(200);
  });

  it('has no demo route and no implicit demo user', async () => {
    expect((await call(server, 'GET', '/demo', { headers: { 'X-Forwarded-Proto': 'https' } })).status).toBe(404);
    const anonymous = await call(server, 'POST', '/mcp/code_host/execute', {
      body: { tool: 'get_repositories' },
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail.code).toBe('UNAUTHORIZED');
  });
});

describe('production without TLS or a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ environment: 'production', sandbox: false });
  });
  afterAll(() => server.close());

  it('refuses plain HTTP naming the two settings that enable HTTPS', async () => {
    const plain = await call(server, 'GET', '/admin/tenants', {
      apiKey: TEST_API_KEY,
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(plain.status).toBe(403);
    expect(plain.body.error.message).toBe(
      'HTTPS is required in production: serve TLS (CONSTELLATION_TLS_CERT/KEY) or terminate it at a trusted proxy (CONSTELLATION_TRUST_PROXY)',
    );
  });
});

describe('demo mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('GET /demo gives sandbox URLs and working tokens for users of both tenants', async () => {
    const { status, body } = await call(server, 'GET', '/demo');
    expect(status).toBe(200);
    expect(body.data.sandbox.upstreams.github).toBe(`${server.sandbox.url}/github`);
    const tenants = new Set(body.data.users.map((u: { tenant_id: string }) => u.tenant_id));
    expect(tenants).toEqual(new Set(['acme', 'globex']));
    const globexUser = body.data.users.find((u: { tenant_id: string }) => u.tenant_id === 'globex');
    const result = await call(server, 'POST', '/mcp/code_host/execute', {
      token: globexUser.token,
      body: { tool: 'get_repositories' },
    });
    expect(result.status).toBe(200);
    expect(result.body.meta.tenant_id).toBe('globex');
    expect(result.body.data._capability).toEqual({ name: 'code_host.repositories.list', type: 'read' });
  });

  it('a request without a token acts as the default demo user', async () => {
    const result = await call(server, 'POST', '/mcp/code_host/execute', {
      body: { tool: 'get_repositories', arguments: { limit: 1 } },
    });
    expect(result.status).toBe(200);
    expect(result.body.meta.tenant_id).toBe('acme');
  });

  it('a token without credentials for an integration gets a clear 403', async () => {
    const token = await server.app.tokens.issue({ tenant_id: 'acme', user_email: 'x@acme.test', connections: {} });
    const result = await call(server, 'POST', '/mcp/code_host/execute', { token, body: { tool: 'get_repositories' } });
    expect(result.status).toBe(403);
    expect(result.body.error).toMatchObject({ code: 'NOT_CONFIGURED' });
    expect(result.body.error.message).toContain('code_host');
  });

  it('execute refuses bad bodies and unknown tools and systems with 4xx', async () => {
    expect((await call(server, 'POST', '/mcp/code_host/execute', { body: { arguments: {} } })).status).toBe(400);
    expect(
      (
        await call(server, 'POST', '/mcp/code_host/execute', {
          body: { tool: 'get_repository', arguments: 'acme/api' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(server, 'POST', '/mcp/code_host/execute', {
          body: { tool: 'get_repository', arguments: { repo_id: 'x'.repeat(5000) } },
        })
      ).status,
    ).toBe(400);
    const oversized = await call(server, 'POST', '/mcp/code_host/execute', {
      rawBody: JSON.stringify({ tool: 'get_repositories', arguments: { pad: 'x'.repeat(2_000_000) } }),
    });
    expect(oversized.status).toBe(413);
    expect(oversized.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const unknownTool = await call(server, 'POST', '/mcp/code_host/execute', { body: { tool: 'drop_database' } });
    expect(unknownTool.status).toBe(404);
    expect(unknownTool.body.error.code).toBe('TOOL_NOT_FOUND');
    expect(unknownTool.body.error.details.available_tools).toContain('get_issues');
    expect((await call(server, 'POST', '/mcp/nosystem/execute', { body: { tool: 'x' } })).status).toBe(404);
    expect((await call(server, 'GET', '/mcp/code_host/capabilities?capability_type=magic')).status).toBe(400);
  });
});

describe('logs', () => {
  it('never contain credentials', () => {
    const lines: string[] = [];
    const log = createLogger('debug', (line) => lines.push(line));
    log.info('connecting', {
      connections: { code_host: { token: 'ghp_secret' } },
      headers: { authorization: 'Bearer abc' },
      nested: { apiToken: 'x', ok: 1 },
    });
    expect(lines.join('')).not.toMatch(/ghp_secret|Bearer abc|"apiToken":"x"/);
    expect(JSON.parse(lines[0]).nested.ok).toBe(1);
  });
});

describe('graph routes keep their own error form for body errors', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('malformed JSON on /graph answers {success: false, error: <string>, metadata: null}', async () => {
    const { status, body } = await call(server, 'POST', '/graph/entity', { rawBody: '{"entity_type":' });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: expect.stringContaining('Malformed JSON'), metadata: null });
  });
});
