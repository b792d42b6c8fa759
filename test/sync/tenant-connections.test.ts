import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/clock.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

/**
 * A tenant outside demo mode has no token the background sync could read its tenant-wide systems with:
 * an administrator keeps the connection for it, sealed, and it is never shown again.
 */
let server: TestServer;
const clock = new ManualClock();
const TENANT = 'initech';
const connectionsPath = (tenant: string, integration: string) =>
  `/admin/tenants/${tenant}/sync/connections/${integration}`;
const admin = (method: string, path: string, body?: unknown, apiKey: string | undefined = TEST_API_KEY) =>
  call(server, method, path, { apiKey, body });
/** The GitHub connection a token of the demo's acme workspace carries: what an operator would paste. */
const githubConnection = () => server.app.demo!.connections('acme').code_host;
const syncCodeHost = async (tenant: string) => {
  // The server's own schedule may be syncing the tenant (its first look for due tenants can land after the
  // tenants were enabled): this run follows that one.
  while ((await server.app.sync.runNow(tenant)) === 'skipped') await server.app.backgroundSettled();
  await server.app.services.graph?.drain();
  const res = await call(server, 'GET', '/graph/sync/status', { token: await tokenOf(tenant) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const systems = (res.body.data as { systems: Array<Record<string, unknown>> }).systems;
  return systems.find((s) => s.system === 'code_host')!;
};
const tokenOf = (tenant: string) =>
  server.app.tokens.issue({ tenant_id: tenant, user_email: 'ops@initech.test', connections: {} });

beforeAll(async () => {
  server = await startTestServer({ clock });
  for (const id of [TENANT, 'umbrella'])
    expect((await admin('POST', '/admin/tenants', { id, consumerId: `${id}-1`, name: id })).status).toBe(201);
  for (const id of [TENANT, 'umbrella'])
    expect(
      (await admin('PUT', `/admin/tenants/${id}/sync`, { enabled: true, interval_minutes: 60, systems: ['code_host'] }))
        .status,
    ).toBe(200);
});
afterAll(() => server?.close());

describe('connections kept for the background sync', () => {
  it('without one, the tenant-wide system fails with its reason; with one, the sync reads it', async () => {
    const before = await syncCodeHost(TENANT);
    expect(before.state).toBe('failed');
    expect(JSON.stringify(before.last_failure)).toMatch(/credential|connect|authori/i);

    const kept = await admin('PUT', connectionsPath(TENANT, 'github'), githubConnection());
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data).toEqual({ tenant_id: TENANT, integration: 'github', kept: true });

    const after = await syncCodeHost(TENANT);
    expect(after.state).toBe('idle');
    expect(after.last_failure).toBeNull();
    expect(after.items_read as number).toBeGreaterThan(0);
    const repos = await call(server, 'POST', '/graph/search', {
      token: await tokenOf(TENANT),
      body: { entity_type: 'repository' },
    });
    expect(JSON.stringify(repos.body)).toContain('acme/web');
  });

  it('are listed by integration and never shown; another tenant does not read with them', async () => {
    const settings = await admin('GET', `/admin/tenants/${TENANT}/sync`);
    expect(settings.body.data.connections).toEqual(['github']);
    const secret = JSON.stringify(githubConnection());
    expect(JSON.stringify(settings.body)).not.toContain(String(githubConnection().token));
    expect(secret.length).toBeGreaterThan(10);
    const audit = await fetch(`${server.url}/admin/audit?tenant_id=${TENANT}`, {
      headers: { 'X-API-KEY': TEST_API_KEY },
    });
    const records = await audit.text();
    expect(records).toContain('keepTenantConnection');
    expect(records).not.toContain(String(githubConnection().token));

    expect((await admin('GET', `/admin/tenants/umbrella/sync`)).body.data.connections).toEqual([]);
    expect((await syncCodeHost('umbrella')).state).toBe('failed');
  });

  it.each([
    ['credentials of the wrong shape', 'github', { token: 42 }, 'token'],
    ['a per-user integration', 'google', { access_token: 'x' }, 'github'],
    ['an unknown integration', 'gitlab', { token: 'x' }, 'gitlab'],
  ])('refuses %s with a 400 naming the problem, keeping what was kept', async (_case, integration, body, named) => {
    const res = await admin('PUT', connectionsPath(TENANT, integration), body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body)).toContain(named);
    expect((await admin('GET', `/admin/tenants/${TENANT}/sync`)).body.data.connections).toEqual(['github']);
  });

  it('need the API key, and a tenant that exists', async () => {
    expect((await admin('PUT', connectionsPath(TENANT, 'github'), githubConnection(), 'wrong')).status).toBe(403);
    expect((await admin('PUT', connectionsPath('nobody', 'github'), githubConnection())).status).toBe(404);
  });

  it('are forgotten on request and with the tenant', async () => {
    const forgotten = await admin('DELETE', connectionsPath(TENANT, 'github'));
    expect(forgotten.body.data).toEqual({ tenant_id: TENANT, integration: 'github', removed: true });
    expect((await admin('DELETE', connectionsPath(TENANT, 'github'))).body.data.removed).toBe(false);
    expect((await syncCodeHost(TENANT)).state).toBe('failed');

    expect((await admin('PUT', connectionsPath('umbrella', 'github'), githubConnection())).status).toBe(200);
    expect((await admin('DELETE', '/admin/tenants/umbrella')).status).toBe(200);
    expect((await admin('POST', '/admin/tenants', { id: 'umbrella', consumerId: 'u-2', name: 'again' })).status).toBe(
      201,
    );
    expect((await admin('GET', `/admin/tenants/umbrella/sync`)).body.data.connections).toEqual([]);
  });
});
