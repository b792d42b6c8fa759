import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EPOCH } from '../../src/sandbox/server.js';
import { ManualClock } from '../helpers/clock.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

let server: TestServer;
const clock = new ManualClock(SANDBOX_EPOCH);

beforeAll(async () => {
  server = await startTestServer({ clock });
}, 30_000);
afterAll(() => server.close());

const asTenant = (tenant = 'acme') => ({ apiKey: TEST_API_KEY, headers: { 'X-Tenant-Id': tenant } });
const crm = (method: string, path: string, options: { body?: unknown; tenant?: string } = {}) =>
  call(server, method, `/crm${path}`, { ...asTenant(options.tenant), ...(options.body !== undefined ? { body: options.body } : {}) });
const meta = (tenant = 'acme') => ({ tenantId: tenant, timestamp: new Date(clock.now()).toISOString() });

describe('smoke', () => {
  it('lists accounts', async () => {
    const { status, body } = await crm('GET', '/accounts?limit=2');
    console.log(status, JSON.stringify(body, null, 1));
    const opp = await crm('GET', '/opportunities?limit=1');
    console.log(opp.status, JSON.stringify(opp.body, null, 1));
    const created = await crm('POST', '/opportunities', { body: { title: 'X', monetaryAmount: 10, currency: 'USD', winProbability: 40, closeDate: '2026-12-31', stage: 'proposal' } });
    console.log(created.status, JSON.stringify(created.body, null, 1));
    const bad = await crm('POST', '/opportunities', { body: { title: 'X', monetaryAmount: -1, closeDate: '2026-13-31', bogus: 1 } });
    console.log(bad.status, JSON.stringify(bad.body, null, 1));
    expect(status).toBe(200);
    void meta;
  });
});
