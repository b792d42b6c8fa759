import { describe, expect, it } from 'vitest';
import { useServerSession } from '../helpers/mcp-session.js';
import { call } from '../helpers/server.js';

/**
 * The suite's REST lists (`/suite/...`) page as every list does: the spec's `max_results` or `limit` sets
 * the page size, `cursor` (or `offset`) the page, and `pagination` says how to reach the next one. The
 * body keeps the spec's `{success, data, count}`, `count` being the items of the page.
 */
const session = useServerSession();

const get = (path: string) => call(session.server, 'GET', path, { token: session.token });

/** Every item of a list, page by page through `pagination.next_cursor`, with the number of pages read. */
async function walk(path: string, pageSize: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 1; pages <= 50; pages++) {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await get(
      `${path}${separator}limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.count).toBe(answer.body.data.length);
    ids.push(...answer.body.data.map((item: { id?: string; name?: string }) => item.id ?? item.name));
    if (!answer.body.pagination.has_more) return { ids, pages };
    cursor = answer.body.pagination.next_cursor;
    expect(cursor).toEqual(expect.any(String));
  }
  throw new Error(`${path} did not end within 50 pages`);
}

describe('suite REST lists', () => {
  it.each(['/suite/mail/threads', '/suite/mail/messages', '/suite/calendar/calendars', '/suite/chat/spaces'])(
    '%s walks every item once, page by page, and the pages add up to the whole list',
    async (path) => {
      const whole = await get(path);
      expect(whole.status).toBe(200);
      expect(whole.body.pagination).toMatchObject({ has_more: false });
      const expected = whole.body.data.map((item: { id?: string; name?: string }) => item.id ?? item.name);
      expect(expected.length).toBeGreaterThan(1);
      const pageSize = Math.ceil(expected.length / 5);
      const { ids, pages } = await walk(path, pageSize);
      expect(ids).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / pageSize));
    },
  );

  it('pages by the spec’s max_results as well', async () => {
    const first = await get('/suite/mail/threads?max_results=2');
    expect(first.body).toMatchObject({ count: 2, pagination: { has_more: true } });
    const next = await get(
      `/suite/mail/threads?max_results=2&cursor=${encodeURIComponent(first.body.pagination.next_cursor)}`,
    );
    const whole = await get('/suite/mail/threads?max_results=4');
    expect([...first.body.data, ...next.body.data]).toEqual(whole.body.data);
  });

  it('takes the common page arguments too: limit, and offset where no cursor is given', async () => {
    const whole = await get('/suite/mail/threads');
    const byLimit = await get('/suite/mail/threads?limit=2');
    expect(byLimit.body).toMatchObject({ success: true, count: 2, pagination: { has_more: true } });
    expect(byLimit.body.data).toEqual(whole.body.data.slice(0, 2));
    const second = await get('/suite/mail/threads?limit=2&offset=2');
    expect(second.body.data).toEqual(whole.body.data.slice(2, 4));
  });

  it('refuses a cursor that is not one of ours with 400, naming it', async () => {
    const answer = await get('/suite/mail/threads?cursor=not-a-cursor');
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/cursor/);
  });

  it('lists the page arguments in the OpenAPI description of each suite list route', async () => {
    const spec = (await call(session.server, 'GET', '/openapi.json')).body;
    const names = (spec.paths['/suite/mail/threads'].get.parameters as Array<{ name: string }>).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['max_results', 'limit', 'offset', 'cursor']));
  });
});
