import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import { SANDBOX_EPOCH } from '../../src/sandbox/server.js';
import { ManualClock } from './clock.js';
import { connectMcpClient } from './mcp-session.js';
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
      call(server(), method, `${prefix}${path}`, {
        ...asTenant(options.tenant),
        ...(options.body !== undefined ? { body: options.body } : {}),
      }),
    /**
     * Runs `use` with one MCP client per tenant (each acting with a demo user's token of its tenant), in
     * the order given, and closes them after.
     */
    withMcpClients: async <T>(tenants: readonly WorkspaceId[], use: (clients: Client[]) => Promise<T>): Promise<T> => {
      const clients: Client[] = [];
      try {
        for (const tenant of tenants)
          clients.push(
            await connectMcpClient(server(), await server().tokenFor(tenant), `${prefix.slice(1)}-${tenant}`),
          );
        return await use(clients);
      } finally {
        await Promise.all(clients.map((client) => client.close()));
      }
    },
    /**
     * The caller checks every route of the family makes, asserted on one read and one write route: 401
     * without the key, 403 with a wrong one, 404 for an unknown tenant, 400 without `X-Tenant-Id`.
     */
    expectCallerChecked: async (read: string, write: { method: string; path: string; body: unknown }) => {
      const missing = await call(server(), 'GET', `${prefix}${read}`, { headers: { 'X-Tenant-Id': 'acme' } });
      expect([missing.status, missing.body]).toEqual([
        401,
        { detail: { code: 'UNAUTHORIZED', message: 'Missing X-API-KEY header' } },
      ]);
      const wrong = await call(server(), write.method, `${prefix}${write.path}`, {
        apiKey: 'nope',
        headers: { 'X-Tenant-Id': 'acme' },
        body: write.body,
      });
      expect([wrong.status, wrong.body.success, wrong.body.error.code]).toEqual([403, false, 'FORBIDDEN']);
      const unknown = await call(server(), 'GET', `${prefix}${read}`, asTenant('initech'));
      expect([unknown.status, unknown.body]).toEqual([
        404,
        { success: false, error: { code: 'TENANT_NOT_FOUND', message: 'Tenant not found: initech' } },
      ]);
      const noTenant = await call(server(), write.method, `${prefix}${write.path}`, {
        apiKey: TEST_API_KEY,
        body: write.body,
      });
      expect([noTenant.status, noTenant.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    },
    /** The family's `meta` block at the clock's time. */
    meta: (tenant = 'acme') => ({ tenantId: tenant, timestamp: new Date(clock.now()).toISOString() }),
  };
}
