import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_EPOCH, startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { unifyFake } from '../../src/sandbox/apideck/index.js';
import type { UnifyState } from '../../src/sandbox/apideck/index.js';
import { ManualClock, MINUTE } from '../helpers/clock.js';
import { fakeState } from '../helpers/sandbox.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

let server: TestServer;
const clock = new ManualClock(SANDBOX_EPOCH);

beforeAll(async () => {
  server = await startTestServer({ clock });
}, 30_000);
afterAll(() => server.close());
// Each test starts in a fresh 15-minute window of the vault-session limit.
beforeEach(() => clock.advance(16 * MINUTE));

const asTenant = (tenant = 'acme') => ({ apiKey: TEST_API_KEY, headers: { 'X-Tenant-Id': tenant } });
const session = (body: unknown, tenant = 'acme') =>
  call(server, 'POST', '/auth/vault-session', { ...asTenant(tenant), body });

describe('GET /auth/integrations', () => {
  it('lists the six integrations with their unified APIs, meta naming the tenant', async () => {
    const { status, body } = await call(server, 'GET', '/auth/integrations', asTenant());
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: { integrations: expect.any(Array) },
      meta: { tenantId: 'acme', timestamp: new Date(clock.now()).toISOString() },
    });
    expect(body.data.integrations.map((i: { id: string; unifiedApi: string }) => [i.id, i.unifiedApi])).toEqual([
      ['ticketing', 'issue-tracking'],
      ['code_host', 'issue-tracking'],
      ['crm', 'crm'],
      ['team_chat', 'messaging'],
      ['notes', 'file-storage'],
      ['calendar', 'calendar'],
    ]);
    for (const integration of body.data.integrations)
      expect(Object.keys(integration).sort()).toEqual(['description', 'id', 'name', 'unifiedApi']);
  });

  it('answers 401 without the key, 403 with a wrong one, 404 for an unknown tenant, 400 without X-Tenant-Id', async () => {
    const missing = await call(server, 'GET', '/auth/integrations', { headers: { 'X-Tenant-Id': 'acme' } });
    expect([missing.status, missing.body]).toEqual([
      401,
      { detail: { code: 'UNAUTHORIZED', message: 'Missing X-API-KEY header' } },
    ]);
    const wrong = await call(server, 'GET', '/auth/integrations', {
      apiKey: 'nope',
      headers: { 'X-Tenant-Id': 'acme' },
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const unknown = await call(server, 'GET', '/auth/integrations', asTenant('initech'));
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { success: false, error: { code: 'TENANT_NOT_FOUND', message: 'Tenant not found: initech' } },
    ]);
    const noTenant = await call(server, 'GET', '/auth/integrations', { apiKey: TEST_API_KEY });
    expect([noTenant.status, noTenant.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('POST /auth/vault-session', () => {
  it("creates a session for the tenant's consumer offering every integration when none is named", async () => {
    const { status, body, headers } = await session({});
    expect(status).toBe(201);
    expect(body).toEqual({
      success: true,
      data: {
        sessionUri: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/unify\/vault\/session\/[\w-]+$/),
        consumerId: 'acme-consumer',
      },
      meta: { tenantId: 'acme', integration: null, timestamp: new Date(clock.now()).toISOString() },
    });
    expect(headers.get('ratelimit-policy')).toBe('10;w=900');
    const page = await (await fetch(body.data.sessionUri)).text();
    for (const api of ['issue-tracking', 'crm', 'team-messaging', 'file-storage', 'calendar'])
      expect(page).toContain(`(${api})`);
  });

  it('passes one integration, redirectUri, vaultName and primaryColor on to the Vault session', async () => {
    const { status, body } = await session({
      integration: 'team_chat',
      redirectUri: 'https://app.example/done',
      vaultName: 'Acme connect',
      primaryColor: '#123abc',
    });
    expect([status, body.meta.integration]).toEqual([201, 'team_chat']);
    const page = await (await fetch(body.data.sessionUri)).text();
    expect(page).toContain('<h1>Acme connect</h1>');
    expect(page).toContain('#123abc');
    expect(page).toContain('data-connection="team-messaging+slack"');
    expect(page).not.toContain('(crm)');
    const connect = await fetch(`${body.data.sessionUri}/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'connection=team-messaging%2Bslack',
      redirect: 'manual',
    });
    expect(connect.headers.get('location')).toBe('https://app.example/done');
  });

  it('offers the chosen unified APIs, the spec names mapped to Apideck ids', async () => {
    const { status, body } = await session({ unifiedApis: ['crm', 'messaging'] });
    expect(status).toBe(201);
    const page = await (await fetch(body.data.sessionUri)).text();
    expect(page).toContain('(crm)');
    expect(page).toContain('(team-messaging)');
    expect(page).not.toContain('(calendar)');
  });

  it('keeps tenants apart: each session is for its own consumer', async () => {
    const globex = await session({ integration: 'crm' }, 'globex');
    expect(globex.body.data.consumerId).toBe('globex-consumer');
    const page = await (await fetch(globex.body.data.sessionUri)).text();
    // globex runs HubSpot: its page shows HubSpot connected and Salesforce available.
    expect(page).toMatch(/data-connection="crm\+hubspot">HubSpot \(crm\) <span class="state">connected/);
    expect(page).toMatch(/data-connection="crm\+salesforce">Salesforce \(crm\) <form/);
    expect(
      fakeState<UnifyState>(server, '/unify', 'acme').consumer.connections.some((c) => c.serviceId === 'hubspot'),
    ).toBe(false);
  });

  it('refuses an unknown integration with 400 INVALID_INTEGRATION and bad fields with 400 VALIDATION_ERROR naming them', async () => {
    const invalid = await session({ integration: 'erp' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      success: false,
      error: { code: 'INVALID_INTEGRATION', message: expect.stringContaining('erp') },
    });
    for (const [body, field] of [
      [{ redirectUri: 'not a url' }, 'redirectUri'],
      [{ primaryColor: 'blue' }, 'primaryColor'],
      [{ unifiedApis: ['telepathy'] }, 'unifiedApis.0'],
      [{ unifiedApis: [] }, 'unifiedApis'],
      [{ colour: '#fff' }, undefined],
    ] as const) {
      const answer = await session(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_ERROR');
      if (field) expect(answer.body.error.details.map((d: { field?: string }) => d.field)).toContain(field);
      else expect(answer.body.error.message).toContain('colour');
    }
  });

  it('refuses a body that is not a JSON object with 400', async () => {
    const malformed = await call(server, 'POST', '/auth/vault-session', { ...asTenant(), rawBody: '{"integration":' });
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const list = await session(['crm']);
    expect([list.status, list.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('answers 401, 403 and 404 like the integrations route', async () => {
    expect(
      (await call(server, 'POST', '/auth/vault-session', { headers: { 'X-Tenant-Id': 'acme' }, body: {} })).status,
    ).toBe(401);
    expect(
      (
        await call(server, 'POST', '/auth/vault-session', {
          apiKey: 'wrong',
          headers: { 'X-Tenant-Id': 'acme' },
          body: {},
        })
      ).status,
    ).toBe(403);
    expect((await session({}, 'initech')).status).toBe(404);
  });

  it('allows 10 requests per 15 minutes per address, then 429 with Retry-After and RateLimit headers, until the window passes', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await session({ integration: 'crm' });
      expect(answer.status).toBe(201);
      remaining.push(answer.headers.get('ratelimit')!);
    }
    expect(remaining[0]).toBe('limit=10, remaining=9, reset=900');
    expect(remaining[9]).toBe('limit=10, remaining=0, reset=900');
    clock.advance(5 * MINUTE);
    const limited = await session({ integration: 'crm' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect([limited.headers.get('retry-after'), limited.headers.get('ratelimit')]).toEqual([
      '600',
      'limit=10, remaining=0, reset=600',
    ]);
    // Refused requests count too, whoever sends them: the limit is per address.
    expect(
      (await call(server, 'POST', '/auth/vault-session', { headers: { 'X-Tenant-Id': 'acme' }, body: {} })).status,
    ).toBe(429);
    expect((await call(server, 'GET', '/auth/integrations', asTenant())).status).toBe(200);
    clock.advance(10 * MINUTE);
    expect((await session({ integration: 'crm' })).status).toBe(201);
  });

  it("maps Apideck's failures: 5xx to 502, 429 to 429 with Retry-After", async () => {
    server.sandbox.faults.add({ prefix: '/unify', status: 500, times: 1 });
    const failed = await session({});
    expect([failed.status, failed.body.error.code]).toEqual([502, 'UPSTREAM_ERROR']);
    server.sandbox.faults.add({ prefix: '/unify', status: 429, retryAfter: 9, times: 1 });
    const limited = await session({});
    expect([limited.status, limited.body.error.code, limited.headers.get('retry-after')]).toEqual([
      429,
      'RATE_LIMITED',
      '9',
    ]);
  });
});

describe('where the server reaches Apideck', () => {
  let apideck: Sandbox;
  beforeAll(async () => {
    apideck = await startSandbox({}, [unifyFake]);
  });
  afterAll(() => apideck.close());

  const configured = async (unify?: { apiKey: string; appId: string; baseUrl: string }) => {
    const bare = await startTestServer({ sandbox: false, config: { unify } });
    await bare.app.tenants.ensure({ id: 'acme', consumerId: 'acme-consumer' });
    return bare;
  };

  it('uses APIDECK_API_KEY, APIDECK_APP_ID and APIDECK_BASE_URL when set', async () => {
    const bare = await configured({
      apiKey: 'sk_sandbox_globex',
      appId: 'sandbox-app',
      baseUrl: apideck.urlOf('/unify'),
    });
    try {
      const answer = await call(bare, 'POST', '/auth/vault-session', { ...asTenant(), body: { integration: 'crm' } });
      expect([answer.status, answer.body.data.consumerId]).toEqual([201, 'acme-consumer']);
      expect(answer.body.data.sessionUri.startsWith(apideck.urlOf('/unify/vault/session/'))).toBe(true);
    } finally {
      await bare.close();
    }
  });

  it("answers 403 FORBIDDEN when Apideck refuses the server's key, and 503 when nothing is configured", async () => {
    const refused = await configured({ apiKey: 'sk_revoked', appId: 'sandbox-app', baseUrl: apideck.urlOf('/unify') });
    const unconfigured = await configured();
    try {
      const forbidden = await call(refused, 'POST', '/auth/vault-session', { ...asTenant(), body: {} });
      expect([forbidden.status, forbidden.body.error.code, forbidden.body.error.message]).toEqual([
        403,
        'FORBIDDEN',
        expect.stringContaining('Apideck refused the credentials'),
      ]);
      const unavailable = await call(unconfigured, 'POST', '/auth/vault-session', { ...asTenant(), body: {} });
      expect([unavailable.status, unavailable.body.error.code]).toEqual([503, 'UNAVAILABLE']);
    } finally {
      await Promise.all([refused.close(), unconfigured.close()]);
    }
  });
});
