import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfluenceState } from '../../src/sandbox/confluence/state.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Confluence authors are people through the site's user directory (user search, which shows an email where the
 * profile allows it), read once per few minutes per tenant; a hidden email leaves the account unlinked.
 */
let server: TestServer;
let acme: ConfluenceState;
let globex: ConfluenceState;
let mcp: Client;

type Author = { accountId: string; displayName: string; email?: string };
type PageSummary = { id: string; author: Author };

const run = async (tenant: 'acme' | 'globex', tool: string, args: Record<string, unknown>) => {
  const token = await server.tokenFor(tenant);
  const res = await call(server, 'POST', `/mcp/wiki/execute`, { token, body: { tool, arguments: args } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const getPerson = async (person: string) => {
  const token = await server.tokenFor('acme');
  return call(server, 'POST', '/mcp/graph/execute', { token, body: { tool: 'get_person', arguments: { person } } });
};
const authorsOf = (pages: PageSummary[]) => new Map(pages.map((p) => [p.author.accountId, p.author]));

let hidden: { accountId: string; email: string };
let shown: { accountId: string; email: string };

beforeAll(async () => {
  server = await startTestServer({ environment: 'development' });
  acme = server.sandbox.state<ConfluenceState>('/confluence', 'acme');
  globex = server.sandbox.state<ConfluenceState>('/confluence', 'globex');
  const authorIds = [...new Set([...acme.pages.values()].map((p) => p.authorId))];
  const users = authorIds.map((id) => acme.users.find((u) => u.accountId === id)!).filter(Boolean);
  expect(users.length).toBeGreaterThan(1);
  shown = { accountId: users[0].accountId, email: users[0].email };
  hidden = { accountId: users[1].accountId, email: users[1].email };
  // The person's profile hides their email: user search then answers it empty, as Confluence Cloud does.
  users[1].email = '';
  mcp = await connectMcpClient(server, await server.tokenFor('acme'));
});
afterAll(async () => {
  await mcp?.close();
  await server?.close();
});

describe('wiki page authors', () => {
  it('carry the email the site directory shows, and tie the page to that person found by email', async () => {
    const { pages } = await run('acme', 'get_pages', { limit: 100 });
    const authors = authorsOf(pages);
    expect(authors.get(shown.accountId)?.email).toBe(shown.email);
    expect(authors.get(hidden.accountId)).not.toHaveProperty('email');
    await server.app.services.graph?.drain();

    const found = await mcp.callTool({ name: 'graph_get_person', arguments: { person: shown.email } });
    expect(found.isError, JSON.stringify(found.content)).toBeFalsy();
    const person = found.structuredContent as {
      match: string;
      identities: Array<{ system: string; kind: string; value: string }>;
      work: { created: Array<{ node_type: string }> };
    };
    expect(person.match).toBe('one');
    expect(person.identities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          system: 'wiki',
          kind: 'atlassian_account_id',
          value: shown.accountId,
          linked_by: 'directory',
          linked_at: expect.any(String),
        }),
      ]),
    );
    expect(person.work.created.map((w) => w.node_type)).toContain('page');
  });

  it('never guess a hidden email: that account stays apart from the person its email names', async () => {
    await run('acme', 'get_pages', { limit: 100 });
    await server.app.services.graph?.drain();
    expect((await getPerson(hidden.email)).status).toBe(404);
    const byAccount = await getPerson(hidden.accountId);
    expect(byAccount.status).toBe(200);
    expect(byAccount.body.data.identities.map((i: { kind: string }) => i.kind)).not.toContain('email');
  });

  it('read the directory once per tenant within its short life, whatever tool needs it', async () => {
    const before = acme.directoryReads ?? 0;
    expect(before).toBeGreaterThan(0);
    const { pages } = await run('acme', 'get_pages', { limit: 5 });
    await run('acme', 'get_page', { page_id: pages[0].id });
    await run('acme', 'get_page_comments', { page_id: pages[0].id });
    expect(acme.directoryReads).toBe(before);
  });

  it("never use another tenant's directory", async () => {
    const acmeReads = acme.directoryReads;
    const globexReads = globex.directoryReads ?? 0;
    const { pages } = await run('globex', 'get_pages', { limit: 100 });
    expect(globex.directoryReads).toBeGreaterThan(globexReads);
    expect(acme.directoryReads).toBe(acmeReads);
    const globexEmails = new Set(globex.users.map((u) => u.email));
    for (const { author } of pages as PageSummary[]) if (author.email) expect(globexEmails).toContain(author.email);
    expect((pages as PageSummary[]).some((p) => p.author.email)).toBe(true);
  });
});
