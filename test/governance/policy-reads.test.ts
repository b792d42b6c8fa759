import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

/**
 * The demo user's calls carry no token, so nothing told the policy cache which generation of the tenant they
 * saw: every call read the policy from the store again. They now carry the tenant's generation as a token's
 * caller does, so the policy is read once until it changes, and a change still holds from the next call.
 */
let server: TestServer;
let reads = 0;
beforeAll(async () => {
  server = await startTestServer();
  const store = server.app.governance.policies.store;
  const get = store.get.bind(store);
  store.get = (tenantId) => {
    reads++;
    return get(tenantId);
  };
});
afterAll(() => server.close());

const readRepository = () =>
  call(server, 'POST', '/mcp/code_host/execute', {
    body: { tool: 'get_repository', arguments: { repo_id: 'acme/web' } },
  });

describe('the demo user’s calls', () => {
  it('read the tenant policy once while it stays the same, and see a change from the next call on', async () => {
    expect((await readRepository()).status).toBe(200);
    const before = reads;
    for (let i = 0; i < 3; i++) expect((await readRepository()).status).toBe(200);
    expect(reads - before).toBe(0);

    const policy = { deny: { tools: ['code_host_get_repository'] } };
    expect(
      (await call(server, 'PUT', '/admin/tenants/acme/policy', { apiKey: TEST_API_KEY, body: policy })).status,
    ).toBe(200);
    const refused = await readRepository();
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('POLICY_DENIED');
    expect((await call(server, 'DELETE', '/admin/tenants/acme/policy', { apiKey: TEST_API_KEY })).status).toBe(200);
    expect((await readRepository()).status).toBe(200);
  });
});
