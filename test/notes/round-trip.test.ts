import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotionState } from '../../src/sandbox/notion/index.js';
import { fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import type { TestServer } from '../helpers/server.js';
import { canonical, DOCUMENTS } from './documents.js';

let server: TestServer;
let run: Runner;
let acme: NotionState;

beforeAll(async () => {
  ({ server, run } = await systemServer('notes'));
  acme = fakeState<NotionState>(server, '/notion', 'acme');
});
afterAll(() => server.close());

describe('Markdown through Notion’s storage and back', () => {
  it.each(DOCUMENTS)('a page written from Markdown reads back the same: %s', async (markdown) => {
    const page = await run('create_page', { database: 'Meeting Notes', properties: { Name: 'Round trip' }, content: markdown });
    expect([...acme.blocks.values()].filter((b) => isBelow(b.parentId, page.id)).length).toBe(page.blocks_added);
    const { markdown: back } = await run('get_page_content', { page_id: page.id, max_depth: 10 });
    expect(back).toBe(canonical(markdown));
    const appended = await run('add_page_content', { page_id: page.id, markdown });
    expect(appended.blocks_added).toBe(page.blocks_added);
    const twice = await run('get_page_content', { page_id: page.id, max_depth: 10 });
    expect(twice.markdown.startsWith(back)).toBe(true);
  });
});

/** Whether a block id sits (at any depth) under the page. */
function isBelow(parentId: string, pageId: string): boolean {
  let at: string | undefined = parentId;
  while (at && at !== pageId) at = acme.blocks.get(at)?.parentId;
  return at === pageId;
}
