import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../src/sandbox/seed/people.js';
import { installFor } from '../helpers/chat.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

/** One person across every system of the demo, found by any of their identifiers, over REST and MCP. */
let server: TestServer;
let token: string;
let globex: string;
let mcp: Client;
let person: Person;

const execute = async (system: string, tool: string, args: Record<string, unknown>, as = token) => {
  const res = await call(server, 'POST', `/mcp/${system}/execute`, { token: as, body: { tool, arguments: args } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const getPerson = (query: string, as = token) => execute('graph', 'get_person', { person: query }, as);
const admin = (verb: 'link' | 'unlink', body: Record<string, unknown>) =>
  call(server, 'POST', `/graph/identities/${verb}`, { apiKey: TEST_API_KEY, body });
// How each identifier was tied to the person, and when: every link the graph makes now has its time.
const byEmail = { linked_by: 'verified_email', linked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };
const byDirectory = { linked_by: 'directory', linked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };
const systemsOf = (found: { identities: Array<{ system: string }> }) =>
  [...new Set(found.identities.map((identity) => identity.system))].sort();

beforeAll(async () => {
  server = await startTestServer({ environment: 'development' });
  const people = server.sandbox.seeds.acme.people;
  person = people[0];
  token = await server.tokenFor('acme', person.email);
  globex = await server.tokenFor('globex');
  // The demo's seeding step, then the directory reads of chat (Slack) and notes (Notion).
  expect((await call(server, 'POST', '/graph/seed', { token })).status).toBe(200);
  await installFor(server, person.email, 'bot-and-user');
  await execute('chat', 'list_users', { limit: 100 });
  await execute('notes', 'query_database', { database: 'Engineering Tasks', filter: { Owner: person.email } });
  await server.app.services.graph?.drain();
  mcp = await connectMcpClient(server, token);
});
afterAll(async () => {
  await mcp?.close();
  await server?.close();
});

describe('graph_get_person', () => {
  it('finds one person node carrying identities from six systems by a GitHub login, a Slack member id and an email', async () => {
    const byLogin = await getPerson(person.login);
    expect(systemsOf(byLogin)).toEqual(['chat', 'code_host', 'email', 'notes', 'ticketing', 'wiki']);
    expect(byLogin).toMatchObject({ match: 'one', person: person.email, name: person.name });
    expect(byLogin.identities).toEqual(
      expect.arrayContaining([
        { system: 'code_host', kind: 'github_login', value: person.login.toLowerCase(), ...byEmail },
        { system: 'code_host', kind: 'github_id', value: String(person.githubId), ...byEmail },
        { system: 'ticketing', kind: 'atlassian_account_id', value: person.accountId, ...byEmail },
        { system: 'wiki', kind: 'atlassian_account_id', value: person.accountId, ...byEmail },
        { system: 'chat', kind: 'slack_member_id', value: person.slackId, ...byDirectory },
      ]),
    );
    const same = ({ person: id, identities }: { person: string; identities: unknown[] }) => ({ id, identities });
    expect(same(await getPerson(person.slackId))).toEqual(same(byLogin));
    expect(same(await getPerson(person.email.toUpperCase()))).toEqual(same(byLogin));
  });

  it('answers the same over MCP', async () => {
    const result = await mcp.callTool({ name: 'graph_get_person', arguments: { person: person.slackId } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ match: 'one', person: person.email });
    expect(systemsOf(result.structuredContent as { identities: Array<{ system: string }> })).toHaveLength(6);
    expect(result.structuredContent).toMatchObject({
      identities: expect.arrayContaining([
        { system: 'chat', kind: 'slack_member_id', value: person.slackId, ...byDirectory },
        { system: 'code_host', kind: 'github_login', value: person.login.toLowerCase(), ...byEmail },
      ]),
    });
  });

  it('returns the work the graph ties to the person and their recent activity', async () => {
    const found = await getPerson(person.email);
    const work = found.work as Record<string, Array<{ node_type: string }>>;
    expect(Object.values(work).flat().length).toBeGreaterThan(0);
    expect(work.assigned.map((item) => item.node_type)).toContain('notes_page');
    // The calls the person made are their activity.
    expect(found.recent_activity.map((record: { actor_id: string }) => record.actor_id)).toContain(person.email);
  });

  it('lists every candidate when a name is ambiguous instead of guessing: two emails stay two people', async () => {
    const johns = server.sandbox.seeds.acme.people.filter((p) => p.first === 'John');
    expect(johns).toHaveLength(2);
    const found = await getPerson('john');
    expect(found).toMatchObject({ match: 'several', count: 2 });
    expect(found.candidates.map((c: { person: string }) => c.person).sort()).toEqual(johns.map((p) => p.email).sort());
    expect(await getPerson(johns[0].name)).toMatchObject({ match: 'one', person: johns[0].email });
  });

  it("keeps a CRM contact who shares a colleague's name a contact, apart from the colleague", async () => {
    const outside = `${person.first.toLowerCase()}@customer.example`;
    await execute('crm', 'create_contact', { name: person.name, email: outside });
    await server.app.services.graph?.drain();
    expect(await getPerson(person.name)).toMatchObject({ match: 'one', person: person.email, kind: 'colleague' });
    // By their email: the contact, told apart as one, with nothing of the colleague's.
    const asContact = await getPerson(outside);
    expect(asContact).toMatchObject({ match: 'one', person: outside, kind: 'contact' });
    expect(asContact).not.toHaveProperty('identities');
    const contact = await call(server, 'POST', '/graph/entity', {
      token,
      body: { entity_type: 'contact', entity_id: outside },
    });
    expect(contact.body.data).toMatchObject({
      node_type: 'contact',
      properties: { name: person.name, email: outside },
    });
  });

  it('finds nothing of another tenant, over REST and MCP', async () => {
    const res = await call(server, 'POST', '/mcp/graph/execute', {
      token: globex,
      body: { tool: 'get_person', arguments: { person: person.slackId } },
    });
    expect(res.status).toBe(404);
    const globexMcp = await connectMcpClient(server, globex);
    try {
      const result = await globexMcp.callTool({ name: 'graph_get_person', arguments: { person: person.email } });
      expect(result.isError).toBe(true);
    } finally {
      await globexMcp.close();
    }
  });
});

describe('POST /graph/identities/link and /unlink', () => {
  const johns = () => server.sandbox.seeds.acme.people.filter((p) => p.first === 'John');
  const auditOf = async (tenant: string) => {
    const res = await fetch(`${server.url}/admin/audit?tenant_id=${tenant}`, {
      headers: { 'X-API-KEY': TEST_API_KEY },
    });
    return (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { kind: string; action: string; outcome: string });
  };

  it('links an identifier to a person by hand, with an activity and an audit record, and unlinks it', async () => {
    const [john] = johns();
    const identifier = { tenant_id: 'acme', person: john.email, kind: 'slack_member_id', value: 'UEXTERNAL1' };
    const linked = await admin('link', identifier);
    expect(linked.status).toBe(200);
    expect(linked.body.data.identities).toContainEqual({
      system: 'chat',
      kind: 'slack_member_id',
      value: 'UEXTERNAL1',
      linked_by: 'manual',
      linked_at: expect.any(String),
    });
    expect(linked.body.data.identities).toEqual(
      expect.arrayContaining([
        { system: 'chat', kind: 'slack_member_id', value: john.slackId, ...byDirectory },
        { system: 'email', kind: 'email', value: john.email, ...byEmail },
      ]),
    );
    expect(await getPerson('UEXTERNAL1')).toMatchObject({ match: 'one', person: john.email });
    const activity = await call(server, 'POST', '/graph/activity', {
      token,
      body: { entity_type: 'user', entity_id: john.email },
    });
    expect(activity.body.data).toContainEqual(
      expect.objectContaining({
        action: 'identity_linked',
        actor_type: 'admin',
        target_id: john.email,
        properties: { kind: 'slack_member_id', value: 'UEXTERNAL1' },
      }),
    );

    const unlinked = await admin('unlink', identifier);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data.identities.map((i: { value: string }) => i.value)).not.toContain('UEXTERNAL1');
    await expect(
      call(server, 'POST', '/mcp/graph/execute', {
        token,
        body: { tool: 'get_person', arguments: { person: 'UEXTERNAL1' } },
      }),
    ).resolves.toMatchObject({ status: 404 });
    const after = await call(server, 'POST', '/graph/activity', {
      token,
      body: { entity_type: 'user', entity_id: john.email },
    });
    expect(after.body.data.map((r: { action: string }) => r.action)).toContain('identity_unlinked');

    const audit = await auditOf('acme');
    expect(audit).toContainEqual(
      expect.objectContaining({ kind: 'admin', action: 'graphLinkIdentity', outcome: 'ok' }),
    );
    expect(audit).toContainEqual(
      expect.objectContaining({ kind: 'admin', action: 'graphUnlinkIdentity', outcome: 'ok' }),
    );
  });

  it('merges two people only when an admin links them', async () => {
    const [first, second] = johns();
    const merged = await admin('link', { tenant_id: 'acme', person: first.email, kind: 'email', value: second.email });
    expect(merged.body.data).toMatchObject({ person: first.email, merged: second.email });
    expect(await getPerson(second.slackId)).toMatchObject({ match: 'one', person: first.email });
    expect(await getPerson('john')).toMatchObject({ match: 'one', person: first.email });
  });

  it("refuses without the API key, an unknown kind or person, and another tenant's person", async () => {
    const body = { tenant_id: 'acme', person: person.email, kind: 'slack_member_id', value: 'U1' };
    expect((await call(server, 'POST', '/graph/identities/link', { body })).status).toBe(401);
    expect((await call(server, 'POST', '/graph/identities/link', { apiKey: 'wrong', body })).status).toBe(403);
    expect((await admin('link', { ...body, kind: 'fax' })).status).toBe(400);
    expect((await admin('link', { ...body, person: 'nobody@acme.test' })).status).toBe(404);
    expect((await admin('link', { ...body, tenant_id: 'globex' })).status).toBe(404);
    expect((await admin('unlink', { ...body, value: 'UNEVERLINKED' })).status).toBe(404);
  });
});
