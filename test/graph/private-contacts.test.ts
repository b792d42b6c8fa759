import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { consentThroughSandbox } from '../helpers/suite-consent.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';
import { demoUsers } from '../suite/suite-routes.js';

/**
 * A user's mail correspondents outside the organisation are contacts only that user sees; colleagues they write
 * with are the colleagues' person nodes; a CRM contact of the same email stays the tenant's.
 */
let server: TestServer;
let ada: string;
let bob: string;
let globex: string;
/** The outside sender of the demo mailboxes' updates (every mailbox has some). */
const OUTSIDE = 'billing@billing.example';
type Tenant = 'acme' | 'globex';
type Node = { node_type: string; node_id: string; properties: Record<string, unknown> };

const as = async (email: string, method: string, path: string, body?: unknown, tenant: Tenant = 'acme') =>
  call(server, method, path, { token: await server.tokenFor(tenant, email), body });
const execute = async (email: string, system: string, tool: string, args: Record<string, unknown>) => {
  const res = await as(email, 'POST', `/mcp/${system}/execute`, { tool, arguments: args });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await server.app.services.graph?.drain();
  return res.body.data as Record<string, unknown>;
};
const readMail = (email: string) =>
  execute(email, 'suite', 'list_mail_messages', { max_results: 100, include_content: true });
const contactsOf = async (viewer: string, filters: Record<string, unknown>, tenant: Tenant = 'acme') => {
  const res = await as(viewer, 'POST', '/graph/search', { entity_type: 'contact', filters, limit: 100 }, tenant);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Node[];
};
const privateTo = (owner: string) => ({ private_to: owner });
const contactCount = async (viewer: string) =>
  ((await as(viewer, 'GET', '/graph/stats')).body.data.nodes_by_type.contact as number | undefined) ?? 0;
const person = async (viewer: string, query: string) =>
  as(viewer, 'POST', '/mcp/graph/execute', { tool: 'get_person', arguments: { person: query, open_work: false } });
const setDomains = (domains: unknown) =>
  call(server, 'PUT', '/admin/tenants/acme/policy', { apiKey: TEST_API_KEY, body: { organization_domains: domains } });

beforeAll(async () => {
  server = await startTestServer({ environment: 'development' });
  [ada, bob] = demoUsers(server, 'acme');
  [globex] = demoUsers(server, 'globex');
  await readMail(ada);
});
afterAll(() => server.close());

describe("a user's mail correspondents", () => {
  it('an outside sender is a contact of the reader alone, found by email, id, traversal, path, query and count', async () => {
    const [mine] = await contactsOf(ada, { email: OUTSIDE });
    expect(mine).toMatchObject({ node_type: 'contact', properties: { email: OUTSIDE, private_to: ada } });
    const id = mine.node_id;
    const byId = await as(ada, 'POST', '/graph/entity', { entity_type: 'contact', entity_id: id });
    expect(byId.status).toBe(200);
    const around = await as(ada, 'POST', '/graph/traverse', { entity_type: 'user', entity_id: ada, depth: 1 });
    expect(around.body.data.nodes.map((n: Node) => n.node_id)).toContain(id);
    const path = await as(ada, 'POST', '/graph/find-path', {
      from_type: 'user',
      from_id: ada,
      to_type: 'contact',
      to_id: id,
      max_depth: 2,
    });
    expect(path.body.metadata).toEqual({ path_found: true });
    const query = `MATCH (c:contact) WHERE c.private_to = '${ada}' LIMIT 100`;
    const queried = await as(ada, 'POST', '/graph/query', { query });
    expect(queried.body.data.nodes.map((n: Node) => n.node_id)).toContain(id);
    const semantic = await as(ada, 'POST', '/graph/semantic-search', { query: 'billing.example' });
    expect(semantic.body.data.map((n: Node) => n.node_id)).toContain(id);
    const found = await person(ada, OUTSIDE);
    expect(found.body.data).toMatchObject({ match: 'one', kind: 'contact', person: id, email: OUTSIDE });
    const own = (await contactsOf(ada, privateTo(ada))).length;
    expect(own).toBeGreaterThan(0);

    // Another user of the tenant: nothing of it by email, id, walk, path, query, text, person or count.
    expect(await contactsOf(bob, { email: OUTSIDE })).toEqual([]);
    expect(await contactsOf(bob, privateTo(ada))).toEqual([]);
    expect((await as(bob, 'POST', '/graph/entity', { entity_type: 'contact', entity_id: id })).status).toBe(404);
    const bobAround = await as(bob, 'POST', '/graph/traverse', { entity_type: 'user', entity_id: ada, depth: 2 });
    expect(bobAround.status).toBe(200);
    expect(JSON.stringify(bobAround.body.data)).not.toContain(id);
    expect(JSON.stringify(bobAround.body.data)).not.toContain(OUTSIDE);
    const bobRelations = await as(bob, 'POST', '/graph/relationships', { entity_type: 'user', entity_id: ada });
    expect(JSON.stringify(bobRelations.body.data)).not.toContain(id);
    const bobPath = await as(bob, 'POST', '/graph/find-path', {
      from_type: 'user',
      from_id: ada,
      to_type: 'contact',
      to_id: id,
      max_depth: 2,
    });
    expect(bobPath.status).toBe(404);
    expect((await as(bob, 'POST', '/graph/query', { query })).body.data.nodes).toEqual([]);
    const bobSemantic = await as(bob, 'POST', '/graph/semantic-search', { query: 'billing.example' });
    expect(JSON.stringify(bobSemantic.body.data)).not.toContain(OUTSIDE);
    expect((await person(bob, OUTSIDE)).status).toBe(404);
    expect((await person(bob, id)).status).toBe(404);
    expect((await contactCount(ada)) - (await contactCount(bob))).toBe(own);
    const bobsOwn = await as(bob, 'GET', '/graph/me?depth=2');
    expect(bobsOwn.status).toBe(200);
    expect(JSON.stringify(bobsOwn.body.data)).not.toContain(id);

    // Another tenant: nothing either.
    expect(await contactsOf(globex, { email: OUTSIDE }, 'globex')).toEqual([]);
    const other = await as(globex, 'POST', '/graph/entity', { entity_type: 'contact', entity_id: id }, 'globex');
    expect(other.status).toBe(404);
  });

  it('two readers of the same sender get a contact each, neither seeing the other', async () => {
    await readMail(bob);
    const [adas] = await contactsOf(ada, { email: OUTSIDE });
    const [bobs] = await contactsOf(bob, { email: OUTSIDE });
    expect(bobs.properties.private_to).toBe(bob);
    expect(bobs.node_id).not.toBe(adas.node_id);
    expect(await contactsOf(ada, privateTo(bob))).toEqual([]);
    expect(await contactsOf(bob, privateTo(ada))).toEqual([]);
  });

  it('a colleague who wrote is their own person node, with no contact and no edge to the reader', async () => {
    const listed = (await readMail(ada)).messages as Array<{ decoded?: { from: string | null } }>;
    const colleague = listed
      .map((m) => /<([^>]+)>/.exec(m.decoded?.from ?? '')?.[1]?.toLowerCase())
      .find((from) => from?.endsWith('@acme.test') && from !== ada)!;
    expect(colleague).toBeDefined();
    const found = await person(bob, colleague);
    expect(found.body.data).toMatchObject({ match: 'one', kind: 'colleague', person: colleague });
    expect(await contactsOf(ada, { email: colleague })).toEqual([]);
    const relations = await as(bob, 'POST', '/graph/relationships', { entity_type: 'user', entity_id: colleague });
    expect(JSON.stringify(relations.body.data)).not.toContain(ada);
  });

  it('a CRM contact of the same email stays the tenant-visible contact, never a colleague', async () => {
    await execute(ada, 'crm', 'create_contact', { name: 'Facturation Exemple', email: OUTSIDE });
    const shared = await contactsOf(bob, { email: OUTSIDE });
    expect(shared.map((n) => n.node_id)).toEqual(expect.arrayContaining([OUTSIDE]));
    expect(shared.filter((n) => n.properties.private_to === ada)).toEqual([]);
    expect((await contactsOf(ada, { email: OUTSIDE })).map((n) => n.node_id)).toContain(OUTSIDE);
    expect((await as(ada, 'POST', '/graph/entity', { entity_type: 'user', entity_id: OUTSIDE })).status).toBe(404);
    const forAda = await person(ada, OUTSIDE);
    expect(forAda.body.data, JSON.stringify(forAda.body)).toMatchObject({ match: 'several' });
    expect(forAda.body.data.candidates.every((c: { kind?: string }) => c.kind === 'contact')).toBe(true);
  });

  it("the tenant policy's organisation domains decide who is outside, and bad domains are refused", async () => {
    const refused = await setDomains(['acme.test', 'https://billing.example/']);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('organization_domains.1');
    expect(JSON.stringify(refused.body)).toContain('not a domain name');
    expect(
      (await call(server, 'GET', '/admin/tenants/acme/policy', { apiKey: TEST_API_KEY })).body.data.policy,
    ).toEqual({});
    expect((await as(ada, 'POST', '/graph/entity', { entity_type: 'user', entity_id: OUTSIDE })).status).toBe(404);

    expect((await setDomains(['acme.test', 'Billing.Example'])).status).toBe(200);
    try {
      await readMail(ada);
      const colleague = await as(bob, 'POST', '/graph/entity', { entity_type: 'user', entity_id: OUTSIDE });
      expect(colleague.status).toBe(200);
    } finally {
      await call(server, 'DELETE', '/admin/tenants/acme/policy', { apiKey: TEST_API_KEY });
    }
  });
});

describe("a user's calendar attendees", () => {
  it('an outside guest is a contact of the calendar owner alone; colleagues are their person nodes', async () => {
    const guest = 'guest@partner.example';
    const window = { time_min: '2030-01-07T00:00:00Z', time_max: '2030-01-08T00:00:00Z' };
    await execute(ada, 'suite', 'create_event', {
      summary: 'Partner sync',
      start_datetime: '2030-01-07T10:00:00Z',
      end_datetime: '2030-01-07T11:00:00Z',
      attendee_emails: [guest, bob],
    });
    await execute(ada, 'suite', 'list_events', { calendar_id: 'primary', ...window });
    const [theirs] = await contactsOf(ada, { email: guest });
    expect(theirs).toMatchObject({ node_type: 'contact', properties: { private_to: ada } });
    expect(await contactsOf(bob, { email: guest, private_to: ada })).toEqual([]);
    expect(await contactsOf(globex, { email: guest }, 'globex')).toEqual([]);
    expect(await contactsOf(ada, { email: bob })).toEqual([]);
    expect((await person(bob, bob)).body.data).toMatchObject({ match: 'one', kind: 'colleague', person: bob });
  });
});

describe('over MCP', () => {
  it("the graph tools show a user their mail contacts and no one else's", async () => {
    const [mine] = await contactsOf(ada, { email: OUTSIDE, private_to: ada });
    const clients: Client[] = [];
    const client = async (email: string, tenant: Tenant = 'acme') => {
      const connected = await connectMcpClient(server, await server.tokenFor(tenant, email));
      clients.push(connected);
      return connected;
    };
    try {
      const own = await client(ada);
      const seen = await own.callTool({ name: 'graph_search', arguments: { query: 'billing.example' } });
      expect(JSON.stringify(seen.structuredContent)).toContain(mine.node_id);
      const ownPerson = await own.callTool({ name: 'graph_get_person', arguments: { person: mine.node_id } });
      expect(ownPerson.structuredContent).toMatchObject({ match: 'one', kind: 'contact', person: mine.node_id });

      for (const other of [await client(bob), await client(globex, 'globex')]) {
        const searched = await other.callTool({ name: 'graph_search', arguments: { query: 'billing.example' } });
        expect(JSON.stringify(searched.structuredContent)).not.toContain(mine.node_id);
        const byId = await other.callTool({
          name: 'graph_get_entity_context',
          arguments: { entity_type: 'contact', entity_id: mine.node_id },
        });
        expect(byId.isError).toBe(true);
        const asPerson = await other.callTool({ name: 'graph_get_person', arguments: { person: mine.node_id } });
        expect(asPerson.isError).toBe(true);
        const queried = await other.callTool({
          name: 'graph_query',
          arguments: { query: `MATCH (c:contact) WHERE c.private_to = '${ada}' LIMIT 50` },
        });
        expect((queried.structuredContent as { nodes: unknown[] }).nodes).toEqual([]);
      }
      const walked = await (
        await client(bob)
      ).callTool({ name: 'graph_traverse', arguments: { entity_type: 'user', entity_id: ada, depth: 2 } });
      expect(JSON.stringify(walked.structuredContent)).not.toContain(mine.node_id);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});

describe('a user who withdraws their Google access', () => {
  it("has their mail's contacts forgotten, and no one else's: the other users' and the CRM's stay", async () => {
    const [, , carol] = demoUsers(server, 'acme');
    const status = await as(carol, 'GET', '/oauth/suite/status');
    expect((await consentThroughSandbox(server, status.body.auth_url, carol)).status).toBe(200);
    await readMail(carol);
    await execute(ada, 'crm', 'create_contact', { name: 'Facturation Exemple', email: OUTSIDE });
    const shared = async () =>
      (await contactsOf(bob, { email: OUTSIDE })).filter((c) => !('private_to' in c.properties)).map((c) => c.node_id);
    const sharedBefore = await shared();
    expect(sharedBefore).toHaveLength(1);
    const adasBefore = (await contactsOf(ada, privateTo(ada))).length;
    expect((await contactsOf(carol, privateTo(carol))).length).toBeGreaterThan(0);

    const revoked = await as(carol, 'DELETE', '/oauth/suite/revoke');
    expect(revoked.status).toBe(200);
    expect(await contactsOf(carol, privateTo(carol))).toEqual([]);
    expect(await contactsOf(carol, { email: OUTSIDE })).toEqual(
      sharedBefore.map((id) => expect.objectContaining({ node_id: id })),
    );
    expect((await contactsOf(ada, privateTo(ada))).length).toBe(adasBefore);
    expect(await shared()).toEqual(sharedBefore);
  });
});
