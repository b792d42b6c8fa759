import { beforeAll, describe, expect, it } from 'vitest';
import { extract } from '../../src/graph/ingest/index.js';
import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import type { NotionState, PageRecord } from '../../src/sandbox/notion/index.js';
import type { UnifyState } from '../../src/sandbox/apideck/index.js';
import { manifest } from '../../tools/unified_notes/index.js';
import { fakeState } from '../helpers/sandbox.js';
import { call, type TestServer } from '../helpers/server.js';
import { unifiedFamily } from '../helpers/unified-family.js';

const family = unifiedFamily('/notes');
const { meta, request: notes } = family;
let server: TestServer;
beforeAll(() => {
  server = family.server();
});
/** The Notion workspace the tenant connected, as the fake holds it. */
const notion = (workspace: WorkspaceId = 'acme') => fakeState<NotionState>(server, '/notion', workspace);
const databaseNamed = (title: string, workspace: WorkspaceId = 'acme') => {
  const found = [...notion(workspace).databases.values()].find((d) => d.title === title);
  if (!found) throw new Error(`no database ${title} in ${workspace}`);
  return found;
};
const rowsOf = (databaseId: string, workspace: WorkspaceId = 'acme'): PageRecord[] =>
  [...notion(workspace).pages.values()].filter(
    (p) => p.parent.type === 'data_source_id' && p.parent.database_id === databaseId && !p.inTrash,
  );
const handbook = (workspace: WorkspaceId = 'acme') =>
  [...notion(workspace).pages.values()].find((p) => p.parent.type === 'workspace') as PageRecord;
const titleOf = (page: PageRecord) =>
  Object.values(page.properties).find((v) => v.type === 'title')?.title as Array<{ plain_text: string }>;
/** Text of a stored page's first paragraph block. */
const firstParagraph = (pageId: string, workspace: WorkspaceId = 'acme') => {
  const state = notion(workspace);
  const block = (state.children.get(pageId) ?? [])
    .map((id) => state.blocks.get(id))
    .find((b) => b?.type === 'paragraph' && !b.inTrash);
  return (block?.content.rich_text as Array<{ plain_text: string }> | undefined)?.map((t) => t.plain_text).join('');
};

const DATABASE_KEYS = ['created_at', 'data_source_id', 'folder_id', 'id', 'name', 'properties', 'updated_at', 'url'];
const PAGE_KEYS = [
  'archived',
  'created_at',
  'created_by',
  'database_id',
  'id',
  'name',
  'properties',
  'updated_at',
  'updated_by',
  'url',
];
const FOLDER_KEYS = ['archived', 'created_at', 'id', 'name', 'parent_id', 'updated_at', 'url'];
const COMMENT_KEYS = ['author', 'content', 'created_at', 'discussion_id', 'id', 'page_id'];
const PAGINATION_KEYS = ['has_more', 'limit', 'next_cursor', 'offset', 'total', 'total_is_lower_bound'];

describe('authentication', () => {
  it('answers 401 without the key, 403 with a wrong one, 404 for an unknown tenant, 400 without X-Tenant-Id', async () => {
    await family.expectCallerChecked('/databases', { method: 'POST', path: '/folders', body: { name: 'x' } });
  });
});

describe('databases', () => {
  it('lists the connected workspace’s databases in the family’s record form', async () => {
    const { status, body } = await notes('GET', '/databases');
    expect(status).toBe(200);
    expect([body.success, body.meta]).toEqual([true, meta()]);
    const { databases, count, pagination } = body.data;
    expect(count).toBe(3);
    expect(Object.keys(pagination).sort()).toEqual(PAGINATION_KEYS);
    expect(databases.map((d: { name: string }) => d.name).sort()).toEqual([
      'Engineering Tasks',
      'Meeting Notes',
      'Projects',
    ]);
    const projects = databases.find((d: { name: string }) => d.name === 'Projects');
    expect(Object.keys(projects).sort()).toEqual(DATABASE_KEYS);
    expect(projects).toMatchObject({ id: databaseNamed('Projects').id, folder_id: handbook().id });
    expect(projects.properties).toContainEqual({
      name: 'Status',
      type: 'select',
      options: ['Planning', 'Active', 'Done'],
    });
  });

  it('pages by cursor without losing or repeating a database', async () => {
    const first = (await notes('GET', '/databases?limit=2')).body.data;
    expect([first.databases.length, first.pagination.has_more]).toEqual([2, true]);
    const rest = (await notes('GET', `/databases?cursor=${encodeURIComponent(first.pagination.next_cursor)}`)).body
      .data;
    expect(rest.pagination.has_more).toBe(false);
    const ids = [...first.databases, ...rest.databases].map((d: { id: string }) => d.id);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('pages', () => {
  it('lists a database’s pages with their columns as plain values, paged by cursor', async () => {
    const tasks = databaseNamed('Engineering Tasks');
    const queries = () => server.sandbox.faults.log.filter((r) => r.path.endsWith('/query')).length;
    const queriesBefore = queries();
    const first = await notes('GET', `/databases/${tasks.id}/pages?limit=5`);
    expect(first.status).toBe(200);
    expect(first.body.data.pages).toHaveLength(5);
    expect(Object.keys(first.body.data.pages[0]).sort()).toEqual(PAGE_KEYS);
    expect(first.body.data.pages[0].properties).toHaveProperty('Status');
    const ids: string[] = first.body.data.pages.map((p: { id: string }) => p.id);
    let cursor = first.body.data.pagination.next_cursor as string | null;
    let pages = 1;
    while (cursor) {
      const next = (await notes('GET', `/databases/${tasks.id}/pages?limit=20&cursor=${encodeURIComponent(cursor)}`))
        .body.data;
      ids.push(...next.pages.map((p: { id: string }) => p.id));
      cursor = next.pagination.next_cursor;
      pages += 1;
    }
    expect(ids.sort()).toEqual(
      rowsOf(tasks.id)
        .map((p) => p.id)
        .sort(),
    );
    // Each page resumes from Notion's cursor where the last one stopped: one data source query per page.
    expect([pages, queries() - queriesBefore]).toEqual([3, 3]);
  });

  it('reads one page with its description (the body’s first paragraph) and its people', async () => {
    const projects = databaseNamed('Projects');
    const row = rowsOf(projects.id)[0];
    const { status, body } = await notes('GET', `/databases/${projects.id}/pages/${row.id}`);
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual([...PAGE_KEYS, 'description'].sort());
    expect(body.data).toMatchObject({
      id: row.id,
      database_id: projects.id,
      name: titleOf(row)[0].plain_text,
      description: firstParagraph(row.id),
      archived: false,
    });
    expect(body.data.properties.Lead[0]).toMatchObject({ email: expect.stringContaining('@') });
    expect(body.data.created_by).toMatchObject({ id: row.createdBy, email: expect.stringContaining('@') });
  });

  it('creates a page (201) with its description and columns; Notion holds what was sent', async () => {
    const tasks = databaseNamed('Engineering Tasks');
    const owner = notion().users[1];
    const { status, body } = await notes('POST', `/databases/${tasks.id}/pages`, {
      body: {
        name: 'Write the notes family docs',
        description: 'Routes, records and errors.',
        properties: { Status: 'In progress', Estimate: 3, Owner: owner.email },
      },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      name: 'Write the notes family docs',
      description: 'Routes, records and errors.',
      database_id: tasks.id,
    });
    expect(body.data.properties).toMatchObject({ Status: 'In progress', Estimate: 3, Owner: [{ email: owner.email }] });
    const stored = notion().pages.get(body.data.id) as PageRecord;
    expect(titleOf(stored)[0].plain_text).toBe('Write the notes family docs');
    expect(firstParagraph(stored.id)).toBe('Routes, records and errors.');
  });

  it('updates a page (fields left out keep their values), rewrites or adds its description, and archives it', async () => {
    const tasks = databaseNamed('Engineering Tasks');
    const created = (
      await notes('POST', `/databases/${tasks.id}/pages`, { body: { name: 'Draft', properties: { Estimate: 2 } } })
    ).body.data;
    expect(created.description).toBe('');
    const described = await notes('PUT', `/databases/${tasks.id}/pages/${created.id}`, {
      body: { description: 'First words' },
    });
    expect([
      described.status,
      described.body.data.description,
      described.body.data.name,
      described.body.data.properties.Estimate,
    ]).toEqual([200, 'First words', 'Draft', 2]);
    const renamed = (
      await notes('PUT', `/databases/${tasks.id}/pages/${created.id}`, {
        body: { name: 'Final', description: 'Second words' },
      })
    ).body.data;
    expect([renamed.name, renamed.description]).toEqual(['Final', 'Second words']);
    expect((notion().children.get(created.id) ?? []).length).toBe(1);
    const archived = (await notes('PUT', `/databases/${tasks.id}/pages/${created.id}`, { body: { archived: true } }))
      .body.data;
    expect(archived.archived).toBe(true);
    expect(notion().pages.get(created.id)?.inTrash).toBe(true);
  });

  it('answers 404 for a page of another database, an unknown page or database; 400 for a malformed id', async () => {
    const projects = databaseNamed('Projects');
    const meetings = databaseNamed('Meeting Notes');
    const elsewhere = await notes('GET', `/databases/${meetings.id}/pages/${rowsOf(projects.id)[0].id}`);
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const unknownPage = await notes('GET', `/databases/${projects.id}/pages/00000000-0000-4000-a000-000000000000`);
    expect(unknownPage.status).toBe(404);
    const unknownDatabase = await notes('GET', '/databases/00000000-0000-4000-a000-000000000000/pages');
    expect([unknownDatabase.status, unknownDatabase.body.error.message]).toEqual([
      404,
      expect.stringContaining('Database 00000000-0000-4000-a000-000000000000 not found'),
    ]);
    const malformed = await notes('GET', `/databases/${projects.id}/pages/not-an-id`);
    expect([malformed.status, malformed.body.error.code, malformed.body.error.message]).toEqual([
      400,
      'VALIDATION_ERROR',
      expect.stringContaining('page_id'),
    ]);
  });
});

describe('validation before anything is sent', () => {
  it('refuses an unknown field, a missing name, a wrong column type or an unknown column, naming it, and stores nothing', async () => {
    const tasks = databaseNamed('Engineering Tasks');
    const before = notion().pages.size;
    const cases: Array<[unknown, string]> = [
      [{ name: 'x', colour: 'red' }, 'colour'],
      [{ description: 'no name' }, 'name'],
      [{ name: 'x', properties: { Estimate: 'three' } }, 'Estimate'],
      [{ name: 'x', properties: { Priority: 'high' } }, 'Priority'],
      [{ name: '' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const { status, body: answer } = await notes('POST', `/databases/${tasks.id}/pages`, { body });
      expect([status, answer.error.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_ERROR']);
      expect(answer.error.message, JSON.stringify(body)).toContain(field);
    }
    const empty = await notes('PUT', `/databases/${tasks.id}/pages/${rowsOf(tasks.id)[0].id}`, { body: {} });
    expect([empty.status, empty.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const badComment = await notes('POST', `/databases/${tasks.id}/pages/${rowsOf(tasks.id)[0].id}/comments`, {
      body: { content: 'x'.repeat(2001) },
    });
    expect([badComment.status, badComment.body.error.message]).toEqual([400, expect.stringContaining('content')]);
    expect(notion().pages.size).toBe(before);
  });
});

describe('folders', () => {
  it('lists the pages outside databases as folders, and those inside one folder', async () => {
    const { status, body } = await notes('GET', '/folders?limit=100');
    expect(status).toBe(200);
    const folders = body.data.folders as Array<{ id: string; name: string; parent_id: string | null }>;
    expect(Object.keys(folders[0]).sort()).toEqual(FOLDER_KEYS);
    expect(folders).toContainEqual(
      expect.objectContaining({ id: handbook().id, name: 'Engineering handbook', parent_id: null }),
    );
    const rowIds = new Set(
      [...notion().pages.values()].filter((p) => p.parent.type === 'data_source_id').map((p) => p.id),
    );
    expect(folders.filter((f) => rowIds.has(f.id))).toEqual([]);
  });

  it('creates a folder at the top level and inside another (201); refuses a database row as the parent', async () => {
    const top = await notes('POST', '/folders', { body: { name: 'Team space' } });
    expect([top.status, top.body.data.parent_id, top.body.data.name]).toEqual([201, null, 'Team space']);
    const inner = await notes('POST', '/folders', { body: { name: 'Runbooks', parent_id: top.body.data.id } });
    expect([inner.status, inner.body.data.parent_id]).toEqual([201, top.body.data.id]);
    expect(notion().pages.get(inner.body.data.id)?.parent).toEqual({ type: 'page_id', page_id: top.body.data.id });
    const children = (await notes('GET', `/folders?parent_id=${top.body.data.id}`)).body.data.folders;
    expect(children.map((f: { name: string }) => f.name)).toEqual(['Runbooks']);
    const row = rowsOf(databaseNamed('Projects').id)[0];
    const refused = await notes('POST', '/folders', { body: { name: 'x', parent_id: row.id } });
    expect([refused.status, refused.body.error.message]).toEqual([400, expect.stringContaining('parent_id')]);
  });
});

describe('comments', () => {
  it('lists a page’s discussion, starts a new one (201) and replies in one', async () => {
    const projects = databaseNamed('Projects');
    const row = rowsOf(projects.id)[0];
    const path = `/databases/${projects.id}/pages/${row.id}/comments`;
    const seeded = (await notes('GET', path)).body.data.comments;
    expect(seeded).toHaveLength(1);
    expect(Object.keys(seeded[0]).sort()).toEqual(COMMENT_KEYS);
    expect(seeded[0].author.email).toContain('@');
    const reply = await notes('POST', path, { body: { content: 'Agreed', discussion_id: seeded[0].discussion_id } });
    expect([reply.status, reply.body.data.discussion_id, reply.body.data.content, reply.body.data.page_id]).toEqual([
      201,
      seeded[0].discussion_id,
      'Agreed',
      row.id,
    ]);
    const started = (await notes('POST', path, { body: { content: 'New question' } })).body.data;
    expect(started.discussion_id).not.toBe(seeded[0].discussion_id);
    const all = (await notes('GET', path)).body.data.comments.map((c: { content: string }) => c.content);
    expect(all.slice(-2)).toEqual(['Agreed', 'New question']);
  });

  it('answers 404 for a discussion of another page and for a page of another database; nothing is stored', async () => {
    const projects = databaseNamed('Projects');
    const [first, second] = rowsOf(projects.id);
    const before = notion().comments.length;
    const otherThread = notion().comments.find((c) => c.parentId === second.id)?.discussionId;
    const wrongThread = await notes('POST', `/databases/${projects.id}/pages/${first.id}/comments`, {
      body: { content: 'x', discussion_id: otherThread },
    });
    expect([wrongThread.status, wrongThread.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const wrongDatabase = await notes(
      'GET',
      `/databases/${databaseNamed('Meeting Notes').id}/pages/${first.id}/comments`,
    );
    expect(wrongDatabase.status).toBe(404);
    expect(notion().comments.length).toBe(before);
  });
});

describe('upstream errors', () => {
  it('passes a Notion 429 through the proxy on as 429 RATE_LIMITED with Retry-After', async () => {
    server.sandbox.faults.add({ prefix: '/notion', method: 'POST', path: '/v1/search', status: 429, retryAfter: 90 });
    const { status, body, headers } = await notes('GET', '/databases');
    expect([status, body.error.code, headers.get('retry-after')]).toEqual([429, 'RATE_LIMITED', '90']);
  });

  it('answers 502 for a Notion 5xx that outlasts the retries', async () => {
    server.sandbox.faults.add({ prefix: '/notion', method: 'POST', path: '/v1/search', status: 503 });
    const { status, body } = await notes('GET', '/folders');
    expect([status, body.error.code]).toEqual([502, 'UPSTREAM_ERROR']);
  });

  it('remembers the connected provider between calls, and notices at once when the connection goes and comes back', async () => {
    const requests = (path: string) =>
      server.sandbox.faults.log.filter((r) => r.path.startsWith(`/unify${path}`)).length;
    const count = () => ({ lookups: requests('/vault/connections'), proxied: requests('/proxy') });
    await notes('GET', '/databases');
    const before = count();
    expect((await notes('GET', '/databases')).status).toBe(200);
    expect(count()).toEqual({ lookups: before.lookups, proxied: before.proxied + 1 });

    const connection = fakeState<UnifyState>(server, '/unify', 'acme').consumer.connections.find(
      (c) => c.unifiedApi === 'file-storage',
    );
    if (!connection) throw new Error('acme has no file-storage connection');
    connection.enabled = false;
    try {
      const { status, body } = await notes('GET', '/databases');
      expect([status, body.error.code, body.error.message]).toEqual([
        403,
        'NOT_CONFIGURED',
        expect.stringContaining('POST /auth/vault-session'),
      ]);
      // The remembered provider's call was refused by Apideck, so the vault was asked again.
      expect(count()).toEqual({ lookups: before.lookups + 1, proxied: before.proxied + 2 });
    } finally {
      connection.enabled = true;
    }
    expect((await notes('GET', '/databases')).status).toBe(200);
    expect(count().lookups).toBe(before.lookups + 2);
  });
});

describe('tenant isolation', () => {
  let acmeFolder: { id: string };
  beforeAll(async () => {
    acmeFolder = (await notes('POST', '/folders', { body: { name: 'Acme-only plans' } })).body.data;
  });

  it('over REST: globex neither lists nor reads acme’s databases, pages and folders', async () => {
    const projects = databaseNamed('Projects');
    const read = await notes('GET', `/databases/${projects.id}/pages/${rowsOf(projects.id)[0].id}`, {
      tenant: 'globex',
    });
    expect(read.status).toBe(404);
    const pages = await notes('GET', `/databases/${projects.id}/pages`, { tenant: 'globex' });
    expect(pages.status).toBe(404);
    const databases = (await notes('GET', '/databases', { tenant: 'globex' })).body.data.databases.map(
      (d: { id: string }) => d.id,
    );
    expect(databases).not.toContain(projects.id);
    const folders = (await notes('GET', '/folders?limit=100', { tenant: 'globex' })).body.data.folders.map(
      (f: { name: string }) => f.name,
    );
    expect(folders).not.toContain('Acme-only plans');
    const inside = await notes('POST', '/folders', { tenant: 'globex', body: { name: 'x', parent_id: acmeFolder.id } });
    expect(inside.status).toBe(404);
  });

  it('over MCP: each tenant’s token reaches only its own connected notes workspace', async () => {
    const projects = databaseNamed('Projects');
    const args = { database_id: projects.id, page_id: rowsOf(projects.id)[0].id };
    await family.withMcpClients(['acme', 'globex'], async ([acme, globex]) => {
      const own = await acme.callTool({ name: 'unified_notes_get_page', arguments: args });
      expect(own.isError).toBeFalsy();
      expect((own.structuredContent as { database_id: string }).database_id).toBe(projects.id);
      const other = await globex.callTool({ name: 'unified_notes_get_page', arguments: args });
      expect(other.isError).toBe(true);
      expect(JSON.stringify(other.content)).toContain('NOT_FOUND');
      const globexFolders = await globex.callTool({ name: 'unified_notes_list_folders', arguments: { limit: 100 } });
      expect(
        (globexFolders.structuredContent as { folders: Array<{ id: string }> }).folders.map((f) => f.id),
      ).not.toContain(acmeFolder.id);
    });
  });
});

describe('knowledge graph', () => {
  it('reads a page as the notes page node, linked to its author and the people its columns name', async () => {
    const projects = databaseNamed('Projects');
    const row = rowsOf(projects.id)[0];
    const page = (await notes('GET', `/databases/${projects.id}/pages/${row.id}`)).body.data;
    const batch = extract({ unified_notes: manifest.extractor! }, 'unified_notes', {
      tool: 'get_page',
      args: { database_id: projects.id, page_id: row.id },
      result: page,
    });
    expect([...batch.nodes.values()].map((n) => n.type)).toEqual(
      expect.arrayContaining(['notes_page', 'notes_database']),
    );
    const emails = batch.people.map((p) => p.identity.email);
    expect(emails).toEqual(expect.arrayContaining([page.created_by.email, page.properties.Lead[0].email]));
    expect(batch.edges.map((e) => e.type)).toEqual(expect.arrayContaining(['CREATED_BY', 'ASSIGNED_TO', 'BELONGS_TO']));
  });
});

describe('/openapi.json', () => {
  it('declares the notes routes; the Notion system’s generated method routes are under /v1 only', async () => {
    const { body } = await call(server, 'GET', '/openapi.json');
    const paths = body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths['/notes/databases'])).toEqual(['get']);
    expect(Object.keys(paths['/notes/databases/{database_id}/pages']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/notes/databases/{database_id}/pages/{page_id}']).sort()).toEqual(['get', 'put']);
    expect(Object.keys(paths['/notes/databases/{database_id}/pages/{page_id}/comments']).sort()).toEqual([
      'get',
      'post',
    ]);
    expect(Object.keys(paths['/notes/folders']).sort()).toEqual(['get', 'post']);
    expect(paths['/notes/folders'].post.responses['201']).toBeDefined();
    expect(
      Object.keys(paths).filter((p) => p.startsWith('/notes/') && !/^\/notes\/(databases|folders)/.test(p)),
    ).toEqual([]);
    expect(Object.keys(paths).some((p) => p.startsWith('/v1/notes/'))).toBe(true);
  });
});
