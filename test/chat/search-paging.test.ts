import { expect, it } from 'vitest';
import { useServerSession } from '../helpers/mcp-session.js';

/**
 * `GET /chat/search-messages` is a list like every other (limit, offset, cursor, count, pagination) while
 * keeping the spec's `max_results`, `page` and Slack's own `total` and `paging`. Its own server: Slack
 * allows search 20 times a minute, and this file spends most of that.
 */
const session = useServerSession();

type Body = Record<string, any>;

async function ok(method: 'GET', path: string, params: Record<string, unknown>): Promise<Body> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]));
  const response = await fetch(`${session.server.url}/chat/${path}?${query.toString()}`, {
    headers: { 'Access-Token': session.token },
  });
  const body = (await response.json()) as Body;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data as Body;
}

it('search-messages pages as every list does: cursor, offset and limit agree with Slack’s page numbers', async () => {
  const query = { query: 'staging database', sort_dir: 'asc' };
  const ten = await ok('GET', 'search-messages', { ...query, max_results: 10 });
  expect(ten).toMatchObject({ count: 10, pagination: { limit: 10, offset: 0, total: ten.total, has_more: true } });
  const first = await ok('GET', 'search-messages', { ...query, max_results: 5 });
  const next = await ok('GET', 'search-messages', { ...query, max_results: 5, cursor: first.pagination.next_cursor });
  expect([...first.matches, ...next.matches]).toEqual(ten.matches);
  const numbered = await ok('GET', 'search-messages', { ...query, max_results: 5, page: 2 });
  expect(numbered.matches).toEqual(next.matches);
  expect(numbered.pagination).toMatchObject({ offset: 5 });
  // An offset inside one of Slack's numbered pages reads across two of them.
  const across = await ok('GET', 'search-messages', { ...query, limit: 4, offset: 3 });
  expect(across.matches).toEqual(ten.matches.slice(3, 7));
  const last = await ok('GET', 'search-messages', { ...query, limit: 5, offset: ten.total - 2 });
  expect(last).toMatchObject({ count: 2, pagination: { has_more: false, next_cursor: null } });
});
