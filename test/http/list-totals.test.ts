import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor('acme');
});
afterAll(() => server.close());

interface Page {
  count: number;
  truncated: boolean;
  pagination: {
    limit: number;
    offset: number;
    total: number;
    total_is_lower_bound: boolean;
    has_more: boolean;
    next_cursor: string | null;
  };
}

async function page(route: string, query: string): Promise<Page> {
  const { status, body } = await call(server, 'GET', `${route}?${query}`, { token });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as Page;
}

/** Every item of the list, walked page by page with the cursor. */
async function walk(route: string, filter: string): Promise<number> {
  let seen = 0;
  let cursor: string | null = '';
  while (cursor !== null) {
    const next: Page = await page(route, `${filter}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    seen += next.count;
    cursor = next.pagination.next_cursor;
  }
  return seen;
}

describe.each([
  ['/code_host/get-issues', 'repo_id=acme/web&state=all'],
  ['/code_host/get-issues', 'state=all'],
  ['/ticketing/get-tickets', 'project_key=WEB'],
  ['/ticketing/get-tickets', 'issue_type=Bug'],
])('%s?%s', (route, filter) => {
  it('reports the exact total, or says the total is only a lower bound, at every page size', async () => {
    const size = await walk(route, filter);
    expect(size).toBeGreaterThan(2);
    for (const limit of [1, 2, size - 1, size, size + 5].filter((n) => n >= 1 && n <= 100)) {
      const { count, truncated, pagination } = await page(route, `${filter}&limit=${limit}`);
      expect(count).toBe(Math.min(limit, size));
      expect(truncated).toBe(false);
      expect(pagination.has_more).toBe(limit < size);
      if (pagination.total_is_lower_bound) {
        expect(pagination.total).toBeLessThanOrEqual(size);
        expect(pagination.total).toBeGreaterThan(count);
      } else expect(pagination.total).toBe(size);
    }
  });
});
