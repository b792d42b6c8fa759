import { describe, expect, it } from 'vitest';
import { useServerSession } from '../helpers/mcp-session.js';

// Tools that once answered a bare collection (no limit, no cursor, no way to the next page) page like
// every list tool: the same items whatever the page size, in the same order, the last page saying so.

const session = useServerSession('acme');

interface ListResult {
  count: number;
  truncated: boolean;
  pagination: { total: number; total_is_lower_bound: boolean; has_more: boolean; next_cursor: string | null };
  [key: string]: unknown;
}

async function callList(tool: string, args: Record<string, unknown>): Promise<ListResult> {
  const result = await session.client.callTool({ name: tool, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as ListResult;
}

/** Every item of the list, page after page; at most `pages` pages. */
async function walk(tool: string, key: string, args: Record<string, unknown>, limit: number, pages = 40) {
  const items: string[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < pages; n++) {
    const page = await callList(tool, { ...args, limit, ...(cursor ? { cursor } : {}) });
    const records = page[key] as unknown[];
    expect(page.count).toBe(records.length);
    items.push(...records.map((record) => JSON.stringify(record)));
    if (!page.pagination.has_more) {
      expect(page.pagination).toMatchObject({ total: items.length, total_is_lower_bound: false, next_cursor: null });
      return items;
    }
    // Short of the limit only when the size budget cut the page.
    if (!page.truncated) expect(page.count).toBe(limit);
    cursor = page.pagination.next_cursor ?? undefined;
  }
  return items;
}

describe.each([
  ['suite_list_mail_threads', 'threads', {}],
  ['suite_list_mail_messages', 'messages', { label_ids: ['INBOX'] }],
  ['suite_list_mail_labels', 'labels', {}],
  ['suite_list_spaces', 'spaces', {}],
  ['suite_list_events', 'events', { calendar_id: 'primary' }],
  ['suite_list_all_events', 'events', {}],
  ['wiki_get_pages', 'pages', {}],
  ['wiki_get_spaces', 'spaces', {}],
  ['chat_list_channels', 'channels', {}],
  ['chat_list_users', 'users', {}],
] as const)('%s', (tool, key, args) => {
  it('pages with limit and cursor to the same whole list, whatever the page size', async () => {
    const whole = await walk(tool, key, args, 100);
    expect(whole.length).toBeGreaterThan(1);
    // Some seven pages, the last one short: each page is a call through the whole server, and a page of three
    // made a calendar's walk some forty calls, past the timeout on a busy machine.
    const size = Math.max(1, Math.floor(whole.length / 7));
    const small = await walk(tool, key, args, size, Math.ceil(whole.length / size) + 1);
    expect(small).toEqual(whole);
  });
});

describe('the spec’s names for the page size', () => {
  it('max_results pages as limit does', async () => {
    const byLimit = await callList('suite_list_mail_threads', { limit: 2 });
    const byMaxResults = await callList('suite_list_mail_threads', { max_results: 2 });
    expect(byMaxResults).toEqual(byLimit);
    expect(byMaxResults.pagination.has_more).toBe(true);
  });
});
