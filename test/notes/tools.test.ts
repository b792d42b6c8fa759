import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notionUserId, pageTitle, type NotionState } from '../../src/sandbox/notion/index.js';
import { repositoryNames } from '../../tools/code_host/mentions.js';
import { refusal } from '../helpers/app-error.js';
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

const source = (title: string) =>
  [...acme.dataSources.values()].find((s) => s.title === title) as NonNullable<ReturnType<typeof acme.dataSources.get>>;
const rowsOf = (title: string) =>
  [...acme.pages.values()].filter(
    (p) => p.parent.type === 'data_source_id' && p.parent.data_source_id === source(title).id && !p.inTrash,
  );
const selectName = (page: { properties: Record<string, Record<string, unknown>> }, name: string) =>
  (page.properties[name]?.select as { name: string } | null)?.name;

describe('notes tools against the Notion fake', () => {
  it('search finds pages and databases by title, newest first', async () => {
    const result = await run('search', { query: 'handbook' });
    expect(result.results).toEqual([
      expect.objectContaining({
        object: 'page',
        title: 'Engineering handbook',
        url: expect.stringContaining('notion.so'),
      }),
    ]);
    const databases = await run('search', { query: '', type: 'database' });
    expect(databases.results.map((r: { title: string }) => r.title).sort()).toEqual([
      'Engineering Tasks',
      'Meeting Notes',
      'Projects',
    ]);
  });

  it('list_databases gives every column with its type and options', async () => {
    const { databases } = await run('list_databases', {});
    const tasks = databases.find((d: { title: string }) => d.title === 'Engineering Tasks');
    expect(tasks).toMatchObject({
      data_source_id: source('Engineering Tasks').id,
      database_id: source('Engineering Tasks').databaseId,
    });
    expect(tasks.properties).toContainEqual({
      name: 'Status',
      type: 'select',
      options: ['Not started', 'In progress', 'Done'],
    });
    expect(tasks.properties.map((p: { name: string }) => p.name).sort()).toEqual(
      Object.keys(source('Engineering Tasks').properties).sort(),
    );
  });

  it('query_database filters and sorts rows by title, with plain values', async () => {
    const expected = rowsOf('Engineering Tasks').filter(
      (p) => selectName(p as never, 'Status') === 'In progress' && ((p.properties.Estimate.number as number) ?? 0) >= 3,
    );
    const result = await run('query_database', {
      database: 'engineering tasks',
      filter: { Status: 'In progress', Estimate: { '>=': 3 } },
      sort: [{ property: 'Estimate', direction: 'desc' }],
      limit: 100,
    });
    expect(result.pages.map((p: { id: string }) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
    const estimates = result.pages.map((p: { properties: { Estimate: number } }) => p.properties.Estimate);
    expect(estimates).toEqual([...estimates].sort((a, b) => b - a));
    const first = result.pages[0];
    expect(first.properties).toMatchObject({
      Status: 'In progress',
      Done: false,
      Tags: expect.any(Array),
      Owner: [expect.objectContaining({ email: expect.stringContaining('@acme.test') })],
    });
    expect(result.database.title).toBe('Engineering Tasks');
  });

  it('filters on people by email, on multi-select by option, and any-of lists', async () => {
    const owner = acme.users[0];
    const mine = rowsOf('Engineering Tasks').filter((p) =>
      (p.properties.Owner.people as Array<{ id: string }>).some((u) => u.id === owner.id),
    );
    const result = await run('query_database', {
      database: 'Engineering Tasks',
      filter: { Owner: owner.email },
      limit: 100,
    });
    expect(result.pages.map((p: { id: string }) => p.id).sort()).toEqual(mine.map((p) => p.id).sort());
    const bugsOrDocs = rowsOf('Engineering Tasks').filter((p) =>
      (p.properties.Tags.multi_select as Array<{ name: string }>).some((t) => t.name === 'bug' || t.name === 'docs'),
    );
    const any = await run('query_database', {
      database: 'Engineering Tasks',
      filter: [{ Tags: 'bug' }, { Tags: 'docs' }],
      limit: 100,
    });
    expect(any.pages.map((p: { id: string }) => p.id).sort()).toEqual(bugsOrDocs.map((p) => p.id).sort());
  });

  it('refuses unknown properties, wrong value types and unknown databases, naming what is valid', async () => {
    expect(
      await refusal(run('query_database', { database: 'Engineering Tasks', filter: { Priority: 'High' } })),
    ).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('Unknown property "Priority". Properties: Name (title), Status (select)'),
    });
    expect(
      await refusal(run('query_database', { database: 'Engineering Tasks', filter: { Estimate: { '>=': 'three' } } })),
    ).toMatchObject({
      message: expect.stringContaining('give a number'),
    });
    expect(await refusal(run('query_database', { database: 'Roadmap' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('Databases: '),
    });
    expect(
      await refusal(run('create_page', { database: 'Engineering Tasks', properties: { Name: 'x', Done: 'yes' } })),
    ).toMatchObject({
      message: 'Property "Done" is checkbox: give true or false, not "yes"',
    });
    expect(
      await refusal(run('create_page', { database: 'Engineering Tasks', properties: { Status: 'Done' } })),
    ).toMatchObject({
      message: 'A new page needs its title: give properties.Name',
    });
  });

  it('names every valid property when an update or a sort names a missing one, and changes nothing', async () => {
    const row = rowsOf('Engineering Tasks')[0];
    const before = JSON.stringify(row.properties);
    const valid = Object.values(source('Engineering Tasks').properties)
      .map((p) => `${p.name} (${p.type})`)
      .join(', ');
    for (const call of [
      () => run('update_page', { page_id: row.id, properties: { Status: 'Done', Priority: 'High' } }),
      () =>
        run('query_database', { database: 'Engineering Tasks', sort: [{ property: 'Priority', direction: 'asc' }] }),
    ])
      expect(await refusal(call())).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `Unknown property "Priority". Properties: ${valid}`,
      });
    expect(await refusal(run('update_page', { page_id: row.id, properties: { Estimate: 'three' } }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('Estimate'),
    });
    expect(JSON.stringify(acme.pages.get(row.id)?.properties)).toBe(before);
  });

  it('creates a row with properties and a Markdown body, reads it back, updates it and trashes it', async () => {
    const owner = acme.users[1];
    const created = await run('create_page', {
      database: 'Engineering Tasks',
      properties: {
        Name: 'Rotate API keys',
        Tags: ['infra', 'security'],
        Due: '2026-12-01',
        Status: 'Not started',
        Owner: owner.name,
        Estimate: 3,
        Done: false,
      },
      content: '## Steps\n\n1. Generate keys\n2. Deploy\n\n- [ ] Tell the team about API-7',
    });
    expect(created).toMatchObject({
      title: 'Rotate API keys',
      blocks_added: 4,
      properties: {
        Tags: ['infra', 'security'],
        Due: '2026-12-01',
        Owner: [{ id: owner.id, name: owner.name, email: owner.email }],
      },
    });
    const stored = acme.pages.get(created.id);
    expect(stored && pageTitle(stored)).toBe('Rotate API keys');
    expect(source('Engineering Tasks').properties.Tags.options?.map((o) => o.name)).toContain('security');

    const content = await run('get_page_content', { page_id: created.url });
    expect(content.markdown).toBe('## Steps\n\n1. Generate keys\n2. Deploy\n\n- [ ] Tell the team about API-7');

    const updated = await run('update_page', { page_id: created.id, properties: { Status: 'Done', Done: true } });
    expect(updated.properties).toMatchObject({ Status: 'Done', Done: true, Name: 'Rotate API keys' });
    const trashed = await run('update_page', { page_id: created.id, in_trash: true });
    expect(trashed.in_trash).toBe(true);
    expect(acme.pages.get(created.id)?.inTrash).toBe(true);
  });

  it('reads the handbook as Markdown with nesting, mentions, code, tables and a depth limit', async () => {
    const handbook = [...acme.pages.values()].find((p) => pageTitle(p) === 'Engineering handbook');
    const full = await run('get_page_content', { page_id: handbook?.id });
    const lead = acme.users[1];
    expect(full.markdown).toContain('# Engineering handbook');
    expect(full.markdown).toContain(`Owned by @${lead.name}.`);
    expect(full.markdown).toContain('- acme/api: the public REST API\n  - Deploys from main after review');
    expect(full.markdown).toContain('- [x] Changelog written\n- [ ] Feature flags cleaned up (API-12)');
    expect(full.markdown).toContain('```bash\nnpm install\nnpm test\n```');
    expect(full.markdown).toContain('| Service | Owner');
    expect(full.markdown).toContain('> 💡 Never deploy on Fridays');
    expect(full.truncated).toBe(false);
    const shallow = await run('get_page_content', { page_id: handbook?.id, max_depth: 1 });
    expect(shallow.truncated).toBe(true);
    expect(shallow.markdown).not.toContain('Deploys from main');
  });

  it('appends long and deeply nested Markdown within Notion’s limits, losing nothing', async () => {
    const page = await run('create_page', { database: 'Meeting Notes', properties: { Name: 'Long notes' } });
    const long = 'x'.repeat(4500);
    const items = Array.from({ length: 130 }, (_, i) => `- item ${i}`).join('\n');
    const markdown = `${long}\n\n${items}\n\n- level 1\n  - level 2\n    - level 3\n      - level 4`;
    const result = await run('add_page_content', { page_id: page.id, markdown });
    expect(result.blocks_added).toBe(1 + 130 + 4);
    expect(result.requests).toBeGreaterThan(2);
    const back = await run('get_page_content', { page_id: page.id, max_depth: 10 });
    expect(back.markdown).toBe(`${long}\n\n${items}\n- level 1\n  - level 2\n    - level 3\n      - level 4`);
  });

  it('names a missing page, and keeps workspaces apart', async () => {
    expect(await refusal(run('get_page', { page_id: '00000000-0000-4000-a000-000000000000' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('Page 00000000-0000-4000-a000-000000000000 not found'),
    });
    const acmePage = [...acme.pages.values()][0];
    expect(await refusal(run('get_page', { page_id: acmePage.id }, 'globex'))).toMatchObject({ code: 'NOT_FOUND' });
    const globexHits = await run('search', { query: '' }, 'globex');
    expect(
      globexHits.results.every((hit: { id: string }) => !acme.pages.has(hit.id) && !acme.dataSources.has(hit.id)),
    ).toBe(true);
  });

  it('the people of Notion are the people of every other system', () => {
    const people = server.sandbox.seeds.acme.people;
    expect(acme.users.map((u) => u.email)).toEqual(people.map((p) => p.email));
    expect(acme.users.map((u) => u.id)).toEqual(people.map((p) => notionUserId(p.email)));
  });
});

describe('each workspace’s pages talk about its own repositories and projects', () => {
  it('globex pages mention globex repositories and its Jira keys, never acme’s', async () => {
    const globex = fakeState<NotionState>(server, '/notion', 'globex');
    const handbook = [...globex.pages.values()].find((p) => pageTitle(p) === 'Engineering handbook');
    const { markdown } = await run('get_page_content', { page_id: handbook?.id }, 'globex');
    const projects = await run('query_database', { database: 'Projects' }, 'globex');
    const repositories = projects.pages.map((p: { properties: { Repository: string } }) =>
      new URL(p.properties.Repository).pathname.slice(1),
    );
    expect(repositories.every((r: string) => r.startsWith('globex/'))).toBe(true);
    const named = repositoryNames(markdown);
    expect(named.length).toBeGreaterThan(0);
    expect(repositories).toEqual(expect.arrayContaining(named));
    const keys = [...(markdown as string).matchAll(/\b([A-Z]{2,})-\d+\b/g)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => ['PLAT', 'BILL'].includes(key))).toBe(true);
    expect(markdown).not.toContain('acme/');
  });
});
