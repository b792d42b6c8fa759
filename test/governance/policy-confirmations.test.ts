import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConfluenceState } from '../../src/sandbox/confluence/index.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import { call, TEST_API_KEY, type TestServer } from '../helpers/server.js';
import { deletePage } from './confirmation-flow.js';

// The stored tenant policy decides confirmations as production does (no test override): `confirm` adds tools
// to the destructive ones, `confirm_by_token` lets the caller confirm with the refusal's token.

let server: TestServer;
let run: Runner;
let space: string;
let token: string;
let client: Client;

beforeAll(async () => {
  ({ server, run } = await systemServer('wiki', { governancePolicy: null }));
  space = [...fakeState<ConfluenceState>(server, '/confluence', 'acme').spaces.values()][0].key;
  token = await server.tokenFor('acme');
  client = await connectMcpClient(server, token, 'policy-confirmations');
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});
afterEach(async () => {
  await call(server, 'DELETE', '/admin/tenants/acme/policy', { apiKey: TEST_API_KEY });
});

async function setPolicy(policy: unknown): Promise<void> {
  const put = await call(server, 'PUT', '/admin/tenants/acme/policy', { apiKey: TEST_API_KEY, body: policy });
  expect(put.status).toBe(200);
}

const pageCreations = () => server.sandbox.faults.count('POST', '/wiki/api/v2/pages');

const createOverRest = (title: string) =>
  call(server, 'POST', '/mcp/wiki/execute', {
    token,
    body: { tool: 'create_page', arguments: { space_key: space, title, body: 'text' } },
  });

describe("the tenant's stored policy decides which calls need a confirmation", () => {
  it('a tool the policy names in `confirm` needs one over REST and MCP; without the policy it runs at once', async () => {
    const before = pageCreations();
    expect((await createOverRest('Runs at once')).status).toBe(200);
    expect(pageCreations()).toBe(before + 1);
    await setPolicy({ confirm: ['wiki_create_page'] });
    const refused = await createOverRest('Needs a confirmation');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'CONFIRMATION_REQUIRED',
      details: { confirmation_url: expect.stringContaining('/confirmations/') },
    });
    expect(refused.body.error.details).not.toHaveProperty('confirmation_token');
    const overMcp = (await client.callTool({
      name: 'wiki_create_page',
      arguments: { space_key: space, title: 'Needs one over MCP too', body: 'text' },
    })) as CallToolResult;
    expect(overMcp.isError).toBe(true);
    expect((overMcp.content[0] as { text: string }).text).toContain('CONFIRMATION_REQUIRED');
    expect(pageCreations()).toBe(before + 1);
  });

  it('`confirm_by_token` lets the caller repeat the call with the refusal’s token, once', async () => {
    const page = ((await run('create_page', { space_key: space, title: 'To delete', body: 'text' })) as { id: string })
      .id;
    const deletes = () => server.sandbox.faults.count('DELETE', `/pages/${page}`);
    const withoutTokens = await deletePage(server, token, page);
    expect(withoutTokens.status).toBe(409);
    expect(withoutTokens.body.error.details).not.toHaveProperty('confirmation_token');
    await setPolicy({ confirm_by_token: true });
    const refused = await deletePage(server, token, page);
    expect(refused.status).toBe(409);
    const confirmation = refused.body.error.details.confirmation_token as string;
    expect(confirmation).toEqual(expect.any(String));
    expect(deletes()).toBe(0);
    expect((await deletePage(server, token, page, confirmation)).status).toBe(200);
    expect((await deletePage(server, token, page, confirmation)).status).toBe(409);
    expect(deletes()).toBe(1);
  });

  it('`confirm_by_token` is tenant-wide: a user override carrying it is a 400', async () => {
    const put = await call(server, 'PUT', '/admin/tenants/acme/policy', {
      apiKey: TEST_API_KEY,
      body: { users: { 'ann@acme.test': { confirm_by_token: true } } },
    });
    expect(put.status).toBe(400);
    expect(put.body.error.message).toContain('confirm_by_token');
  });
});
