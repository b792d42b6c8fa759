import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * A CRM connector that does not implement Apideck's users endpoint answers 501 Not Implemented: the records
 * are listed with their owners as ids, and the directory is not asked again on every call (nor retried).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const NOT_IMPLEMENTED = {
  status_code: 501,
  error: 'Not Implemented',
  type_name: 'UnsupportedOperationError',
  message: 'Users are not supported by this connector',
};

it('lists records with owner ids and no emails, asking the connector for its users once', async () => {
  server.sandbox.faults.add({
    prefix: '/unify',
    method: 'GET',
    path: '/crm/users',
    status: 501,
    body: NOT_IMPLEMENTED,
  });
  server.sandbox.faults.clearLog();
  const token = await server.tokenFor('acme');
  const list = (tool: string) =>
    call(server, 'POST', '/mcp/crm/execute', { token, body: { tool, arguments: { limit: 5 } } });

  for (const tool of ['list_accounts', 'list_opportunities', 'list_contacts']) {
    const res = await list(tool);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const records = Object.values(res.body.data as Record<string, unknown>).find(Array.isArray) as Array<{
      owner_id: string | null;
      owner_email: string | null;
    }>;
    expect(records.length).toBeGreaterThan(0);
    expect(records.some((r) => r.owner_id)).toBe(true);
    for (const record of records) expect(record.owner_email).toBeNull();
  }
  expect(server.sandbox.faults.count('GET', '/crm/users')).toBe(1);
});
