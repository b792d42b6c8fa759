import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotionState } from '../../src/sandbox/notion/index.js';
import { fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import type { TestServer } from '../helpers/server.js';
import { canonical, DOCUMENTS } from './documents.js';

let server: TestServer;
let run: Runner;
let acme: NotionState;

beforeAll(async () => {
  // Wide pages cost a request per nested list: the budget is counted here, not enforced.
  ({ server, run } = await systemServer('notes', { rateLimits: 'count' }));
  acme = fakeState<NotionState>(server, '/notion', 'acme');
});
afterAll(() => server.close());

describe('Markdown through Notion’s storage and back', () => {
  it.each(DOCUMENTS)('a page written from Markdown reads back the same: %s', async (markdown) => {
    const page = await run('create_page', {
      database: 'Meeting Notes',
      properties: { Name: 'Round trip' },
      content: markdown,
    });
    expect([...acme.blocks.values()].filter((b) => isBelow(b.parentId, page.id)).length).toBe(page.blocks_added);
    const { markdown: back } = await run('get_page_content', { page_id: page.id, max_depth: 10 });
    expect(back).toBe(canonical(markdown));
    const appended = await run('add_page_content', { page_id: page.id, markdown });
    expect(appended.blocks_added).toBe(page.blocks_added);
    const twice = await run('get_page_content', { page_id: page.id, max_depth: 10 });
    expect(twice.markdown.startsWith(back)).toBe(true);
  });
});

describe('people as @Name', () => {
  it('an @Name of a workspace person is written as a mention of that user and reads back the same; others stay text', async () => {
    const [first, second] = acme.users;
    const markdown = `Ask @${first.name} and **@${second.name}** about API-7, not @Nobody Here or \`@${first.name}\`.`;
    const page = await run('create_page', { database: 'Meeting Notes', properties: { Name: 'Mentions' } });
    await run('add_page_content', { page_id: page.id, markdown });
    const [blockId] = acme.children.get(page.id) ?? [];
    const runs = acme.blocks.get(blockId)?.content.rich_text as Array<{
      type: string;
      mention?: { user: { id: string } };
      annotations: { bold: boolean };
    }>;
    expect(runs.filter((r) => r.type === 'mention').map((r) => [r.mention?.user.id, r.annotations.bold])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    const back = await run('get_page_content', { page_id: page.id });
    expect(back.markdown).toBe(canonical(markdown));
  });
});

describe('large documents within Notion’s request limits', () => {
  it('150 items of 9 sub-items each (1,500 blocks) go through in requests of at most 1,000 blocks, stored whole', async () => {
    const markdown = Array.from({ length: 150 }, (_, i) =>
      [`- item ${i}`, ...Array.from({ length: 9 }, (_, j) => `  - detail ${i}.${j}`)].join('\n'),
    ).join('\n');
    const page = await run('create_page', { database: 'Meeting Notes', properties: { Name: 'Wide notes' } });
    const appended = await run('add_page_content', { page_id: page.id, markdown });
    expect(appended.blocks_added).toBe(1500);
    expect(appended.requests).toBeGreaterThanOrEqual(2);
    const items = acme.children.get(page.id) ?? [];
    expect(items.length).toBe(150);
    expect(items.map((id) => acme.children.get(id)?.length)).toEqual(Array(150).fill(9));
  });

  it('a table of 250 rows is created with its first 100 rows and the rest appended to it, in order', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => `| row ${i} | ${i * 2} |`);
    const markdown = ['| Name | Value |', '| ---- | ----- |', ...rows].join('\n');
    const page = await run('create_page', {
      database: 'Meeting Notes',
      properties: { Name: 'Big table' },
      content: markdown,
    });
    expect(page.blocks_added).toBe(1 + 251);
    const [table] = acme.children.get(page.id) ?? [];
    expect(acme.blocks.get(table)?.type).toBe('table');
    const stored = (acme.children.get(table) ?? []).map(
      (id) => (acme.blocks.get(id)?.content.cells as Array<Array<{ plain_text: string }>>)[0][0].plain_text,
    );
    expect(stored).toEqual(['Name', ...rows.map((_, i) => `row ${i}`)]);
    const back = await run('get_page_content', { page_id: page.id });
    expect(back.markdown).toBe(canonical(markdown));
  });

  it('reading such a wide page descends into at most 100 parents and says it was truncated, every top-level block kept', async () => {
    const markdown = Array.from({ length: 150 }, (_, i) => `- item ${i}\n  - detail ${i}`).join('\n');
    const page = await run('create_page', {
      database: 'Meeting Notes',
      properties: { Name: 'Wide notes' },
      content: markdown,
    });
    const back = await run('get_page_content', { page_id: page.id, max_depth: 3 });
    expect(back.truncated).toBe(true);
    expect(back.block_count).toBe(150 + 100);
    expect(back.markdown.split('\n').filter((line: string) => line.startsWith('- item'))).toHaveLength(150);
    expect(back.markdown).toContain('- item 99\n  - detail 99\n- item 100\n- item 101');
  });
});

/** Whether a block id sits (at any depth) under the page. */
function isBelow(parentId: string, pageId: string): boolean {
  let at: string | undefined = parentId;
  while (at && at !== pageId) at = acme.blocks.get(at)?.parentId;
  return at === pageId;
}
