import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmOf, type ConsumerState, type UnifyState } from '../../src/sandbox/apideck/index.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * CRM record owners are colleagues through the CRM's user directory (`GET /crm/users`), read once per few minutes
 * per tenant: each record carries its owner's email, and the graph ties the record to that person by their CRM
 * user id and email.
 */
type Tenant = 'acme' | 'globex';
type Owned = { id: string; owner_id: string | null; owner_email?: string };

let server: TestServer;
let mcp: Client;

const consumer = (tenant: Tenant): ConsumerState => server.sandbox.state<UnifyState>('/unify', tenant).consumer;
/** The fake CRM's users of a tenant: id → primary email. */
function usersOf(tenant: Tenant): Map<string, string> {
  const state = consumer(tenant);
  const [service] = state.crms.keys();
  return new Map(
    [...crmOf(state, service).users.values()].map((user) => [
      user.id,
      (user.emails as Array<{ email: string }>)[0].email.toLowerCase(),
    ]),
  );
}
const run = async (tenant: Tenant, tool: string, args: Record<string, unknown>) => {
  const token = await server.tokenFor(tenant);
  const res = await call(server, 'POST', '/mcp/crm/execute', { token, body: { tool, arguments: args } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  server = await startTestServer({ environment: 'development' });
  mcp = await connectMcpClient(server, await server.tokenFor('acme'));
});
afterAll(async () => {
  await mcp?.close();
  await server?.close();
});

describe('crm record owners', () => {
  it("carry the owner's email from the CRM's users, and tie the record to that colleague", async () => {
    const { opportunities } = (await run('acme', 'list_opportunities', { limit: 50 })) as { opportunities: Owned[] };
    const users = usersOf('acme');
    const owned = opportunities.filter((o) => o.owner_id);
    expect(owned.length).toBeGreaterThan(0);
    for (const o of owned) expect(o.owner_email).toBe(users.get(o.owner_id!));
    await server.app.services.graph?.drain();

    const deal = owned[0];
    const found = await mcp.callTool({ name: 'graph_get_person', arguments: { person: deal.owner_email! } });
    expect(found.isError, JSON.stringify(found.content)).toBeFalsy();
    const person = found.structuredContent as {
      match: string;
      identities: Array<{ system: string; kind: string; value: string }>;
      work: { assigned: Array<{ node_type: string; node_id: string }> };
    };
    expect(person.match).toBe('one');
    expect(person.identities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          system: 'crm',
          kind: 'crm_user_id',
          value: deal.owner_id,
          linked_by: 'directory',
          linked_at: expect.any(String),
        }),
      ]),
    );
    expect(person.work.assigned).toEqual(
      expect.arrayContaining([expect.objectContaining({ node_type: 'crm_opportunity', node_id: deal.id })]),
    );
    // Found by the CRM user id as well, over REST.
    const token = await server.tokenFor('acme');
    const byId = await call(server, 'POST', '/mcp/graph/execute', {
      token,
      body: { tool: 'get_person', arguments: { person: deal.owner_id } },
    });
    expect(byId.status).toBe(200);
    expect(byId.body.data.person).toBe((found.structuredContent as { person: string }).person);
  });

  it('read the directory once per tenant within its short life, whatever record needs it', async () => {
    const before = consumer('acme').directoryReads ?? 0;
    expect(before).toBeGreaterThan(0);
    const { accounts } = (await run('acme', 'list_accounts', { limit: 5 })) as { accounts: Owned[] };
    await run('acme', 'get_account', { id: accounts[0].id });
    await run('acme', 'list_contacts', { limit: 5 });
    expect(consumer('acme').directoryReads).toBe(before);
  });

  it("never use another tenant's directory", async () => {
    const acmeReads = consumer('acme').directoryReads;
    const globexReads = consumer('globex').directoryReads ?? 0;
    const { opportunities } = (await run('globex', 'list_opportunities', { limit: 50 })) as {
      opportunities: Owned[];
    };
    expect(consumer('globex').directoryReads).toBeGreaterThan(globexReads);
    expect(consumer('acme').directoryReads).toBe(acmeReads);
    const users = usersOf('globex');
    const owned = opportunities.filter((o) => o.owner_id);
    expect(owned.length).toBeGreaterThan(0);
    for (const o of owned) expect(o.owner_email).toBe(users.get(o.owner_id!));
  });
});
