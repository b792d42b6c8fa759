/**
 * graph_get_person's pages recently edited, read live: Confluence pages the person contributed to (CQL
 * contributor) and Notion pages whose last edit is theirs, as the fakes hold them, over REST and MCP; another
 * tenant reads its own sites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfluenceState } from '../../src/sandbox/confluence/state.js';
import type { NotionState } from '../../src/sandbox/notion/state.js';
import type { Person } from '../../src/sandbox/seed/people.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { fakeState, systemServer } from '../helpers/sandbox.js';
import { call, type TestServer } from '../helpers/server.js';

interface SystemWork {
  status: string;
  items: Array<{ kind: string; at: string | null; node: { type: string; id: string } }>;
  total: number | null;
}
interface Found {
  pages_edited?: { wiki: SystemWork; notes: SystemWork };
}
type Tenant = 'acme' | 'globex';

let server: TestServer;
const people: Partial<Record<Tenant, Person[]>> = {};

beforeAll(async () => {
  ({ server } = await systemServer('graph', { hoursAfterSeed: 36, environment: 'development' }));
  for (const tenant of ['acme', 'globex'] as const) {
    people[tenant] = server.sandbox.seeds[tenant].people;
    const token = await server.tokenFor(tenant, people[tenant][0].email);
    expect((await call(server, 'POST', '/graph/seed', { token })).status).toBe(200);
  }
  await server.app.services.graph?.drain();
});
afterAll(async () => {
  await server?.close();
});

const getPerson = async (tenant: Tenant, person: Person): Promise<Found> => {
  const res = await call(server, 'POST', '/mcp/graph/execute', {
    token: await server.tokenFor(tenant, people[tenant]![0].email),
    body: { tool: 'get_person', arguments: { person: person.email, limit: 50 } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Found;
};
const ids = (work: SystemWork | undefined) => (work?.items ?? []).map((item) => item.node.id).sort();
const newestFirst = (work: SystemWork) => {
  const times = work.items.map((item) => item.at ?? '');
  expect(times).toEqual([...times].sort().reverse());
};

function confluencePagesOf(tenant: Tenant, person: Person): string[] {
  const confluence = fakeState<ConfluenceState>(server, '/confluence', tenant);
  return [...confluence.pages.values()]
    .filter((page) => page.status === 'current' || page.status === 'archived')
    .filter((page) => page.versions.some((version) => version.authorId === person.accountId))
    .map((page) => page.id)
    .sort();
}
function notionPagesOf(tenant: Tenant, person: Person): string[] {
  const notion = fakeState<NotionState>(server, '/notion', tenant);
  const id = notion.users.find((user) => user.email === person.email)!.id;
  return [...notion.pages.values()]
    .filter((page) => !page.inTrash)
    .sort((a, b) => b.lastEditedTime.localeCompare(a.lastEditedTime))
    .slice(0, 300)
    .filter((page) => page.lastEditedBy === id)
    .map((page) => page.id)
    .sort();
}

describe('graph_get_person pages edited', () => {
  it("lists the Confluence pages someone contributed to and the Notion pages they last edited, from the fakes' state", async () => {
    const [ada] = people.acme!;
    // Someone who edited pages in both.
    const bob = people.acme!.find(
      (p) => confluencePagesOf('acme', p).length > 0 && notionPagesOf('acme', p).length > 0,
    )!;
    const found = await getPerson('acme', bob);
    const expectedWiki = confluencePagesOf('acme', bob);
    const expectedNotes = notionPagesOf('acme', bob);
    expect(expectedWiki.length).toBeLessThan(50);
    expect(found.pages_edited?.wiki).toMatchObject({ status: 'ok', total: expectedWiki.length });
    expect(ids(found.pages_edited?.wiki)).toEqual(expectedWiki);
    expect(found.pages_edited?.notes.status).toBe('ok');
    expect(ids(found.pages_edited?.notes)).toEqual(expectedNotes);
    newestFirst(found.pages_edited!.wiki);
    newestFirst(found.pages_edited!.notes);
    // Each page is the graph's node of it.
    expect(found.pages_edited!.wiki.items.every((item) => item.node.type === 'page')).toBe(true);
    expect(found.pages_edited!.notes.items.every((item) => item.node.type === 'notes_page')).toBe(true);

    const mcp = await connectMcpClient(server, await server.tokenFor('acme', ada.email));
    try {
      const result = await mcp.callTool({ name: 'graph_get_person', arguments: { person: bob.email, limit: 50 } });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      const structured = result.structuredContent as Found;
      expect(ids(structured.pages_edited?.wiki)).toEqual(expectedWiki);
      expect(ids(structured.pages_edited?.notes)).toEqual(expectedNotes);
    } finally {
      await mcp.close();
    }
  });

  it("reads another tenant's pages from that tenant's own sites", async () => {
    const person = people.globex!.find((p) => confluencePagesOf('globex', p).length > 0)!;
    const found = await getPerson('globex', person);
    expect(ids(found.pages_edited?.wiki)).toEqual(confluencePagesOf('globex', person));
    expect(ids(found.pages_edited?.notes)).toEqual(notionPagesOf('globex', person));
    const acmePages = new Set([
      ...fakeState<ConfluenceState>(server, '/confluence', 'acme').pages.keys(),
      ...fakeState<NotionState>(server, '/notion', 'acme').pages.keys(),
    ]);
    const listed = [...ids(found.pages_edited?.wiki), ...ids(found.pages_edited?.notes)];
    expect(listed.filter((id) => acmePages.has(id))).toEqual([]);
  });

  it('skips the live reads when asked', async () => {
    const res = await call(server, 'POST', '/mcp/graph/execute', {
      token: await server.tokenFor('acme', people.acme![0].email),
      body: { tool: 'get_person', arguments: { person: people.acme![1].email, open_work: false } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).not.toHaveProperty('pages_edited');
  });
});
