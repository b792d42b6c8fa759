import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, HOUR } from '../helpers/clock.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';
import { tenantRowCounts } from '../helpers/store-sql.js';

let server: TestServer;
const clock = new ManualClock(Date.now());
beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(() => server.close());

const admin = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { apiKey: TEST_API_KEY, body });

describe('API key', () => {
  it('401 without a key, 403 with a wrong one', async () => {
    expect((await call(server, 'GET', '/admin/tenants')).status).toBe(401);
    const wrong = await call(server, 'GET', '/admin/tenants', { apiKey: 'wrong-key' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
  });
});

describe('tenants', () => {
  it('lists the demo tenants', async () => {
    const { status, body } = await admin('GET', '/admin/tenants');
    expect(status).toBe(200);
    expect(body.data.tenants.map((t: { id: string }) => t.id)).toEqual(['acme', 'globex']);
    expect(body.data.count).toBe(2);
  });

  it('creates, reads, updates and deletes a tenant', async () => {
    const created = await admin('POST', '/admin/tenants', { id: 'initech', consumerId: 'initech-1', name: 'Initech' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      id: 'initech',
      consumerId: 'initech-1',
      name: 'Initech',
      description: null,
    });
    expect(created.body.data.createdAt).toBe(created.body.data.updatedAt);

    clock.advance(1000);
    const updated = await admin('PUT', '/admin/tenants/initech', { description: 'TPS reports' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Initech', description: 'TPS reports' });
    expect(updated.body.data.updatedAt > created.body.data.updatedAt).toBe(true);

    expect((await admin('GET', '/admin/tenants/initech')).body.data.description).toBe('TPS reports');
    const removed = await admin('DELETE', '/admin/tenants/initech');
    expect(removed.body).toMatchObject({ success: true });
    expect(removed.body.message).toContain('initech');
    const gone = await admin('GET', '/admin/tenants/initech');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ success: false, error: { code: 'TENANT_NOT_FOUND' } });
  });

  it.each([
    [{ consumerId: 'abc' }, 'id'],
    [{ id: 'ab', consumerId: 'abc' }, 'id'],
    [{ id: 'has-dash', consumerId: 'abc' }, 'id'],
    [{ id: 'x'.repeat(51), consumerId: 'abc' }, 'id'],
    [{ id: 'okid', consumerId: 'ab' }, 'consumerId'],
    [{ id: 'okid', consumerId: 'c'.repeat(101) }, 'consumerId'],
    [{ id: 'okid', consumerId: 'abc', name: 'n'.repeat(101) }, 'name'],
    [{ id: 'okid', consumerId: 'abc', description: 'd'.repeat(501) }, 'description'],
    [{ id: 'okid', consumerId: 'abc', extra: 1 }, 'extra'],
    [{ id: 42, consumerId: 'abc' }, 'id'],
  ])('rejects %j with 400 VALIDATION_ERROR naming %s', async (body, field) => {
    const { status, body: response } = await admin('POST', '/admin/tenants', body);
    expect(status).toBe(400);
    expect(response.error.code).toBe('VALIDATION_ERROR');
    expect(response.error.message).toContain(field);
    expect((await admin('GET', '/admin/tenants/okid')).status).toBe(404);
  });

  it('409 TENANT_EXISTS on a duplicate id, and the original is untouched', async () => {
    const { status, body } = await admin('POST', '/admin/tenants', { id: 'acme', consumerId: 'other' });
    expect(status).toBe(409);
    expect(body.error.code).toBe('TENANT_EXISTS');
    expect((await admin('GET', '/admin/tenants/acme')).body.data.consumerId).toBe('acme-consumer');
  });

  it('400 on malformed JSON and on an empty update', async () => {
    const malformed = await call(server, 'POST', '/admin/tenants', { apiKey: TEST_API_KEY, rawBody: '{"id": "abc",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION_ERROR');
    expect((await admin('PUT', '/admin/tenants/acme', {})).status).toBe(400);
    expect((await admin('PUT', '/admin/tenants/nosuch', { name: 'x' })).status).toBe(404);
  });
});

describe('tokens and JWT auth', () => {
  it('issues an HS256 token that authenticates as the tenant user', async () => {
    const { status, body } = await admin('POST', '/admin/token', {
      tenant_id: 'globex',
      user_email: 'pat@globex.test',
      user_display_name: 'Pat',
      connections: {},
    });
    expect(status).toBe(200);
    const [header] = body.token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const stats = await call(server, 'GET', '/admin/connections/stats', { apiKey: TEST_API_KEY, token: body.token });
    expect(stats.body.data).toEqual({ tenant_id: 'globex', total_connections: 0, connections_by_type: {} });
  });

  it('refuses a token for an unknown tenant and a bad request', async () => {
    expect((await admin('POST', '/admin/token', { tenant_id: 'nosuch' })).status).toBe(404);
    expect((await admin('POST', '/admin/token', { tenant_id: 'acme', user_email: 'not-an-email' })).status).toBe(400);
    expect((await call(server, 'POST', '/admin/token', { body: { tenant_id: 'acme' } })).status).toBe(401);
  });

  it('401 {detail: {code: UNAUTHORIZED}} for invalid, forged and expired tokens', async () => {
    const forged = await new SignJWT({ tenant_id: 'acme', connections: {} })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('constellation')
      .setAudience('constellation-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-0123456789-0123456789'));
    const expiring = await server.tokenFor('acme');
    clock.advance(2 * HOUR);
    for (const token of ['garbage', forged, expiring]) {
      const { status, body } = await call(server, 'POST', '/mcp/code_host/execute', {
        token,
        body: { tool: 'get_repositories' },
      });
      expect(status).toBe(401);
      expect(body.detail.code).toBe('UNAUTHORIZED');
      expect(body.detail.message).toBeTypeOf('string');
    }
    const expired = await call(server, 'GET', '/admin/connections/stats', { apiKey: TEST_API_KEY, token: expiring });
    expect(expired.body.detail.message).toMatch(/expired/i);
  });

  it('refuses the token of a deleted tenant', async () => {
    await admin('POST', '/admin/tenants', { id: 'shortlived', consumerId: 'sl-1' });
    const { body } = await admin('POST', '/admin/token', { tenant_id: 'shortlived' });
    await admin('DELETE', '/admin/tenants/shortlived');
    const response = await call(server, 'GET', '/admin/connections/stats', { apiKey: TEST_API_KEY, token: body.token });
    expect(response.status).toBe(401);
  });
});

describe('connection cache', () => {
  it('counts per tenant and clears by type or all', async () => {
    const acme = await server.tokenFor('acme');
    const globex = await server.tokenFor('globex');
    server.app.connections.clear('acme');
    server.app.connections.clear('globex');
    await call(server, 'POST', '/mcp/code_host/execute', { token: acme, body: { tool: 'get_repositories' } });
    await call(server, 'POST', '/mcp/code_host/execute', { token: acme, body: { tool: 'get_repositories' } });
    const stats = await call(server, 'GET', '/admin/connections/stats', { apiKey: TEST_API_KEY, token: acme });
    expect(stats.body.data).toEqual({ tenant_id: 'acme', total_connections: 1, connections_by_type: { code_host: 1 } });
    const globexStats = await call(server, 'GET', '/admin/connections/stats', { apiKey: TEST_API_KEY, token: globex });
    expect(globexStats.body.data.total_connections).toBe(0);

    const cleared = await call(server, 'DELETE', '/admin/connections?connection_type=code_host', {
      apiKey: TEST_API_KEY,
      token: acme,
    });
    expect(cleared.body).toMatchObject({ success: true, connection_type: 'code_host' });
    const all = await call(server, 'DELETE', '/admin/connections', { apiKey: TEST_API_KEY, token: acme });
    expect(all.body.connection_type).toBe('all');
    expect(
      (await call(server, 'GET', '/admin/connections/stats', { apiKey: TEST_API_KEY, token: acme })).body.data
        .total_connections,
    ).toBe(0);
    expect(
      (
        await call(server, 'DELETE', '/admin/connections?connection_type=Bad-Type!', {
          apiKey: TEST_API_KEY,
          token: acme,
        })
      ).status,
    ).toBe(400);
  });

  it('expires cached connections after 24 hours', async () => {
    const acme = await server.tokenFor('acme');
    await call(server, 'POST', '/mcp/code_host/execute', { token: acme, body: { tool: 'get_repositories' } });
    clock.advance(25 * HOUR);
    const fresh = await server.tokenFor('acme');
    const stats = await call(server, 'GET', '/admin/connections/stats', { apiKey: TEST_API_KEY, token: fresh });
    expect(stats.body.data.total_connections).toBe(0);
  });
});

describe('deleting a tenant', () => {
  it('deletes every row the tenant owns and nothing of other tenants', async () => {
    await admin('POST', '/admin/tenants', { id: 'purgeme', consumerId: 'purge-1' });
    const { body } = await admin('POST', '/admin/token', { tenant_id: 'purgeme', user_email: 'pat@purge.test' });
    const injected = await call(server, 'POST', '/graph/context/inject', {
      token: body.token,
      body: { context_type: 'focus', key: 'sprint', value: 'Q4 launch' },
    });
    expect(injected.status).toBe(200);
    const acme = await server.tokenFor('acme');
    await call(server, 'POST', '/graph/context/inject', {
      token: acme,
      body: { context_type: 'focus', key: 'sprint', value: 'stays' },
    });

    const rowsOf = async (tenant: string) =>
      Object.values(await tenantRowCounts(server.app.store, tenant)).reduce((sum, rows) => sum + rows, 0);
    // The calls' audit and activity records are written just after their answers.
    await server.app.writeDeferred();
    expect(await rowsOf('purgeme')).toBeGreaterThan(0);
    const acmeRows = await rowsOf('acme');

    expect((await admin('DELETE', '/admin/tenants/purgeme')).status).toBe(200);
    expect(await rowsOf('purgeme')).toBe(0);
    expect(await rowsOf('acme')).toBe(acmeRows);
  });
});
