import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentVersion,
  plainText,
  type ConfluenceState,
  type PageRecord,
} from '../../src/sandbox/confluence/index.js';
import { refusal } from '../helpers/app-error.js';
import { checkedRunner, fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import type { TestServer } from '../helpers/server.js';

let server: TestServer;
let run: Runner;
let acme: ConfluenceState;

beforeAll(async () => {
  ({ server } = await systemServer('wiki'));
  run = checkedRunner(server, 'wiki');
  acme = fakeState<ConfluenceState>(server, '/confluence', 'acme');
});
afterAll(() => server.close());

const spaceKeyOf = (page: PageRecord): string => acme.spaces.get(page.spaceId)!.key;
const livePages = (key?: string): PageRecord[] =>
  [...acme.pages.values()].filter((p) => p.status === 'current' && (!key || spaceKeyOf(p) === key));
const pageTitled = (title: string): PageRecord =>
  [...acme.pages.values()].find((p) => currentVersion(p).title === title)!;
const nameOf = (accountId: string): string =>
  acme.users.find((u) => u.accountId === accountId)?.displayName ?? acme.bot.displayName;
const emailOf = (accountId: string): string =>
  acme.users.find((u) => u.accountId === accountId)?.email ?? acme.bot.email;

describe('wiki tools against the Confluence fake', () => {
  it('get_spaces and get_space list the spaces with their home page', async () => {
    const { spaces, count } = await run('get_spaces', {});
    const expected = [...acme.spaces.values()];
    expect(count).toBe(expected.length);
    expect(spaces.map((s: { key: string }) => s.key)).toEqual(expected.map((s) => s.key));
    expect(spaces[0]).toMatchObject({
      name: expected[0].name,
      description: expected[0].description,
      _links: { webui: expect.stringMatching(/\/wiki\/spaces\//) },
    });
    const second = await run('get_spaces', { limit: 1, offset: 1 });
    expect(second.spaces.map((s: { key: string }) => s.key)).toEqual([expected[1].key]);

    const space = await run('get_space', { space_key: expected[0].key });
    expect(space.homepage).toEqual({
      id: expected[0].homepageId,
      title: currentVersion(acme.pages.get(expected[0].homepageId!)!).title,
    });
    const unknown = await refusal(run('get_space', { space_key: 'NOPE' }));
    expect(unknown.code).toBe('NOT_FOUND');
    expect(unknown.message).toContain(expected.map((s) => s.key).join(', '));
  });

  it('get_pages lists a space’s pages with version and author, paging past cursors', async () => {
    const key = [...acme.spaces.values()][0].key;
    const { pages, count } = await run('get_pages', { space_key: key, limit: 100 });
    const expected = livePages(key);
    expect(count).toBe(expected.length);
    for (const page of expected) {
      expect(pages).toContainEqual(
        expect.objectContaining({
          id: page.id,
          title: currentVersion(page).title,
          space: { key, name: acme.spaces.get(page.spaceId)!.name },
          version: { number: currentVersion(page).number, when: currentVersion(page).createdAt },
          author: { accountId: page.authorId, displayName: nameOf(page.authorId), email: emailOf(page.authorId) },
        }),
      );
    }
    const all = await run('get_pages', { limit: 100 });
    expect(all.count).toBe(livePages().length);
    const window = await run('get_pages', { limit: 2, offset: 1 });
    expect(window.pages.map((p: { id: string }) => p.id)).toEqual(
      all.pages.slice(1, 3).map((p: { id: string }) => p.id),
    );
  });

  it('get_pages lists the most recently edited pages first when asked', async () => {
    const { pages } = await run('get_pages', { order: 'recently_modified', limit: 100 });
    const when = pages.map((p: { version: { when: string } }) => p.version.when);
    expect(when).toEqual([...when].sort().reverse());
    expect(pages.map((p: { id: string }) => p.id).sort()).toEqual(
      livePages()
        .map((p) => p.id)
        .sort(),
    );
  });

  it('get_page reads a page by id or by title as Markdown and storage, with ancestors', async () => {
    const page = pageTitled('Deployment runbook');
    const byId = await run('get_page', { page_id: page.id });
    expect(byId.body.storage).toEqual({ value: currentVersion(page).body, representation: 'storage' });
    expect(byId.body.markdown).toContain('# Deployment runbook');
    expect(byId.body.markdown).toContain('```bash\nnpm ci');
    expect(byId.body.markdown).toContain('> **Warning:**');
    expect(byId.body.markdown).toContain('[IN PROGRESS]');
    expect(byId.body.markdown).toMatch(/\| Service +\| Owner +\| Tier +\|/);
    expect(byId.ancestors).toEqual([
      { id: page.parentId, title: currentVersion(acme.pages.get(page.parentId!)!).title },
    ]);
    const byTitle = await run('get_page', { title: 'Deployment runbook', space_key: spaceKeyOf(page) });
    expect(byTitle.id).toBe(page.id);
    expect((await refusal(run('get_page', { page_id: '999999999' }))).code).toBe('NOT_FOUND');
    expect((await refusal(run('get_page', {}))).code).toBe('VALIDATION_ERROR');
  });

  it('comments, attachments and labels of a page', async () => {
    const page = pageTitled('Deployment runbook');
    const { comments } = await run('get_page_comments', { page_id: page.id });
    const expected = acme.comments.filter((c) => c.pageId === page.id);
    expect(comments.map((c: { id: string }) => c.id)).toEqual(expected.map((c) => c.id));
    expect(comments[0]).toMatchObject({
      author: { accountId: expected[0].authorId, displayName: nameOf(expected[0].authorId) },
      body: { markdown: plainText(expected[0].body) },
    });
    const added = await run('add_comment', { page_id: page.id, body: 'Ship it **today**' });
    expect(acme.comments.at(-1)).toMatchObject({ id: added.id, body: '<p>Ship it <strong>today</strong></p>' });
    expect(added.body.markdown).toBe('Ship it **today**');

    const { attachments } = await run('get_attachments', { page_id: page.id });
    const files = acme.attachments.filter((a) => a.pageId === page.id);
    expect(attachments).toEqual(
      files.map((f) =>
        expect.objectContaining({
          id: f.id,
          title: f.title,
          mediaType: f.mediaType,
          fileSize: f.fileSize,
          _links: { download: expect.stringContaining(`/download/attachments/${page.id}/`) },
        }),
      ),
    );

    const labels = await run('get_labels', { page_id: page.id });
    expect(labels.labels.map((l: { name: string }) => l.name)).toEqual(page.labels);
    const after = await run('add_labels', { page_id: page.id, labels: ['Deploy', 'runbook'] });
    expect(page.labels).toEqual([...labels.labels.map((l: { name: string }) => l.name), 'deploy']);
    expect(after.labels.map((l: { name: string }) => l.name)).toEqual(page.labels);
  });

  it('search finds pages by words, phrases, CQL keywords and non-ASCII text, and never sends invalid CQL', async () => {
    const titles = async (query: string, space_key?: string): Promise<string[]> =>
      (await run('search', { query, space_key, limit: 100 })).results
        .map((r: { content: { title: string } }) => r.content.title)
        .sort();
    const matching = (test: (text: string) => boolean, key?: string): string[] =>
      [...acme.pages.values()]
        .filter(
          (p) =>
            (p.status === 'current' || p.status === 'archived') &&
            (!key || spaceKeyOf(p) === key) &&
            test(`${currentVersion(p).title} ${plainText(currentVersion(p).body)}`.toLowerCase()),
        )
        .map((p) => currentVersion(p).title)
        .sort();
    expect(await titles('runbook')).toEqual(matching((t) => t.includes('runbook')));
    expect(await titles('"feature flags"')).toEqual(matching((t) => t.includes('feature flags')));
    expect(await titles('Zürich café')).toEqual(matching((t) => t.includes('zürich') && t.includes('café')));
    expect(await titles('Zürich café')).not.toEqual([]);
    expect(await titles('AND/OR search')).toEqual(
      matching((t) => t.includes('and') && t.includes('or') && t.includes('search')),
    );
    const space = [...acme.spaces.values()][1].key;
    expect(await titles('runbook OR process', space)).toEqual(
      matching((t) => t.includes('runbook') && t.includes('or') && t.includes('process'), space),
    );
    for (const hostile of [
      '"unterminated',
      'title = x) OR (type',
      'a\\"b',
      'NOT ~ * ? ORDER BY',
      '()',
      '"""',
      'ñandú ~ 日本語',
    ]) {
      const result = await run('search', { query: hostile });
      expect(Array.isArray(result.results)).toBe(true);
    }
  });

  it('get_user_by_email and get_my_wiki_work count created, modified and draft pages per space', async () => {
    const person = acme.users[1];
    expect(await run('get_user_by_email', { email: person.email.toUpperCase() })).toEqual({
      accountId: person.accountId,
      username: person.displayName,
      displayName: person.displayName,
      email: person.email,
      active: true,
    });
    expect((await refusal(run('get_user_by_email', { email: 'nobody@acme.test' }))).code).toBe('NOT_FOUND');

    const work = await run('get_my_wiki_work', { user_identifier: person.email });
    const searched = [...acme.pages.values()].filter((p) => p.status === 'current' || p.status === 'archived');
    const created = searched.filter((p) => p.authorId === person.accountId);
    const modified = searched.filter((p) => p.versions.some((v) => v.authorId === person.accountId));
    expect(work.user.accountId).toBe(person.accountId);
    expect(work.summary).toMatchObject({
      total_created: created.length,
      total_modified: modified.length,
      total_drafts: 0,
    });
    for (const [key, entry] of Object.entries(
      work.work_by_space as Record<string, { created_pages: number; modified_pages: number }>,
    )) {
      expect(entry.created_pages).toBe(created.filter((p) => spaceKeyOf(p) === key).length);
      expect(entry.modified_pages).toBe(modified.filter((p) => spaceKeyOf(p) === key).length);
    }
    const mine = await run('get_my_wiki_work', {});
    expect(mine.user).toMatchObject({ accountId: acme.bot.accountId, email: acme.bot.email });
  });

  it('keeps the version lifecycle: create at 1, update to 2, stale update refused with 409, archive and restore', async () => {
    const key = [...acme.spaces.values()][0].key;
    const created = await run('create_page', {
      space_key: key,
      title: 'Lifecycle page',
      body: '# Hello\n\n- one\n- two',
    });
    expect(created.version.number).toBe(1);
    const stored = acme.pages.get(created.id)!;
    expect(currentVersion(stored).body).toBe('<h1>Hello</h1><ul><li>one</li><li>two</li></ul>');
    expect(stored.parentId).toBe([...acme.spaces.values()][0].homepageId);

    const updated = await run('update_page', {
      page_id: created.id,
      title: 'Lifecycle page',
      body: { representation: 'storage', value: '<p>v2</p>' },
      version: 1,
    });
    expect(updated.version.number).toBe(2);
    expect(currentVersion(stored)).toMatchObject({ number: 2, body: '<p>v2</p>' });

    const stale = await refusal(
      run('update_page', { page_id: created.id, title: 'Lifecycle page', body: 'lost?', version: 1 }),
    );
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toContain('version 2');
    expect(currentVersion(stored).body).toBe('<p>v2</p>');

    const archived = await run('update_page', {
      page_id: created.id,
      title: 'Lifecycle page',
      body: 'archived text',
      version: 2,
      status: 'archived',
    });
    expect(archived).toMatchObject({ status: 'archived', version: { number: 3 } });
    expect(stored.status).toBe('archived');
    expect(
      (await run('get_pages', { space_key: key, status: 'archived' })).pages.map((p: { id: string }) => p.id),
    ).toContain(created.id);
    const restored = await run('update_page', {
      page_id: created.id,
      title: 'Lifecycle page',
      body: 'back',
      version: 3,
      status: 'current',
    });
    expect(restored.status).toBe('current');

    expect(await run('delete_page', { page_id: created.id })).toEqual({ deleted: true, page_id: created.id });
    expect(stored.status).toBe('trashed');
    expect((await refusal(run('get_page', { page_id: created.id }))).code).toBe('NOT_FOUND');
  });
});
