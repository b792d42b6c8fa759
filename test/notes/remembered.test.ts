import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotionState, PageRecord } from '../../src/sandbox/notion/index.js';
import type { Caller } from '../../src/toolkit/context.js';
import { checkedRunner, fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import type { TestServer } from '../helpers/server.js';

let server: TestServer;
let run: Runner;
let acme: NotionState;

beforeAll(async () => {
  ({ server } = await systemServer('notes'));
  run = checkedRunner(server, 'notes');
  acme = fakeState<NotionState>(server, '/notion', 'acme');
});
afterAll(() => server.close());

/** Requests `work` sent to the Notion fake, as `METHOD /v1/path`. */
async function notionRequests(work: () => Promise<unknown>): Promise<string[]> {
  const before = server.sandbox.faults.log.length;
  await work();
  return server.sandbox.faults.log
    .slice(before)
    .filter((r) => r.path.startsWith('/notion/'))
    .map((r) => `${r.method} ${r.path.slice('/notion'.length)}`);
}

const rowsOf = (state: NotionState, title: string): PageRecord[] => {
  const source = [...state.dataSources.values()].find((s) => s.title === title);
  return [...state.pages.values()].filter(
    (p) => p.parent.type === 'data_source_id' && p.parent.data_source_id === source?.id && !p.inTrash,
  );
};

/** A database with one data source titled `title`, made in the fake as someone would in Notion. */
function addDatabase(state: NotionState, title: string): void {
  const at = new Date(server.app.clock.now()).toISOString();
  const databaseId = state.nextId();
  const sourceId = state.nextId();
  state.databases.set(databaseId, {
    id: databaseId,
    title,
    description: '',
    dataSourceIds: [sourceId],
    createdTime: at,
    lastEditedTime: at,
  });
  state.dataSources.set(sourceId, {
    id: sourceId,
    databaseId,
    title,
    properties: { Name: { id: 'title', name: 'Name', type: 'title' } },
    createdTime: at,
    lastEditedTime: at,
  });
}

describe('what notes calls remember for a short time', () => {
  it('reads the workspace’s people once for several page reads', async () => {
    const [first, second] = rowsOf(acme, 'Engineering Tasks');
    await run('get_page', { page_id: first.id });
    const requests = await notionRequests(() => run('get_page', { page_id: second.id }));
    expect(requests).toEqual([`GET /v1/pages/${second.id}`]);
  });

  it('names a person added to the workspace after the people were remembered', async () => {
    const [first, second] = rowsOf(acme, 'Engineering Tasks');
    await run('get_page', { page_id: first.id });
    const newcomer = { id: acme.nextId(), type: 'person' as const, name: 'Nadia Newcomer', email: 'nadia@acme.test' };
    acme.users.push(newcomer);
    second.properties.Owner = { type: 'people', people: [{ object: 'user', id: newcomer.id }] };
    const page = await run('get_page', { page_id: second.id });
    expect(page.properties.Owner).toEqual([{ id: newcomer.id, name: 'Nadia Newcomer', email: 'nadia@acme.test' }]);
    // A later read knows the newcomer without asking again.
    expect(await notionRequests(() => run('get_page', { page_id: second.id }))).toEqual([`GET /v1/pages/${second.id}`]);
    // The newcomer can be named by email in a filter at once.
    const owned = await run('query_database', { database: 'Engineering Tasks', filter: { Owner: 'nadia@acme.test' } });
    expect(owned.pages.map((p: { id: string }) => p.id)).toEqual([second.id]);
  });

  it('finds a database by name without searching again, and one created since the databases were remembered', async () => {
    await run('query_database', { database: 'Meeting Notes', limit: 1 });
    const again = await notionRequests(() => run('query_database', { database: 'Meeting Notes', limit: 1 }));
    expect(again.filter((r) => r === 'POST /v1/search' || r === 'GET /v1/users')).toEqual([]);

    addDatabase(acme, 'Incident Reviews');
    const found = await run('query_database', { database: 'Incident Reviews' });
    expect([found.database.title, found.pages]).toEqual(['Incident Reviews', []]);
    expect(
      await run('query_database', { database: 'No Such Database' }).catch((error: { code?: string }) => error.code),
    ).toBe('NOT_FOUND');
  });

  it('never lets another tenant see what one tenant’s client remembered, even with the same credentials', async () => {
    const acmeCaller = server.callerFor('acme');
    const [row] = rowsOf(acme, 'Engineering Tasks');
    const definition = server.app.registry.find('get_page', 'notes');
    if (!definition) throw new Error('no notes_get_page');
    const readAs = (caller: Caller) => server.app.executor.execute(caller, definition, { page_id: row.id });
    await readAs(acmeCaller);
    const twin: Caller = { ...acmeCaller, tenantId: 'globex' };
    const requests = await notionRequests(() => readAs(twin));
    expect(requests).toContain('GET /v1/users');

    const globex = fakeState<NotionState>(server, '/notion', 'globex');
    const [globexRow] = rowsOf(globex, 'Engineering Tasks');
    const page = await run('get_page', { page_id: globexRow.id }, 'globex');
    const owner = globex.users.find(
      (u) => u.id === (globexRow.properties.Owner.people as Array<{ id: string }>)[0]?.id,
    );
    expect(page.properties.Owner).toEqual(
      owner ? [{ id: owner.id, name: owner.name, email: owner.email ?? null }] : [],
    );
  });
});
