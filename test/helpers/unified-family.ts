import { afterAll, afterEach, beforeAll } from 'vitest';
import { SANDBOX_EPOCH } from '../../src/sandbox/server.js';
import { ManualClock } from './clock.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from './server.js';

/**
 * A test file's server for one unified family (`/crm`, `/calendar`...): started once on a manual clock,
 * faults cleared after each test; requests carry the API key and the tenant header.
 */
export function unifiedFamily(prefix: string) {
  const clock = new ManualClock(SANDBOX_EPOCH);
  const started: { server?: TestServer } = {};
  beforeAll(async () => {
    started.server = await startTestServer({ clock });
  }, 30_000);
  afterAll(() => started.server?.close());
  afterEach(() => started.server?.sandbox.faults.clear());
  const server = (): TestServer => started.server!;
  const asTenant = (tenant = 'acme') => ({ apiKey: TEST_API_KEY, headers: { 'X-Tenant-Id': tenant } });
  return {
    clock,
    server,
    asTenant,
    request: (method: string, path: string, options: { body?: unknown; tenant?: string } = {}) =>
      call(server(), method, `${prefix}${path}`, { ...asTenant(options.tenant), ...(options.body !== undefined ? { body: options.body } : {}) }),
    /** The family's `meta` block at the clock's time. */
    meta: (tenant = 'acme') => ({ tenantId: tenant, timestamp: new Date(clock.now()).toISOString() }),
  };
}
