import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS, workspaceOfToken } from '../../src/sandbox/credentials.js';
import {
  bearerToken,
  CursorCodec,
  cursorPage,
  FakeError,
  googleErrors,
  linkPage,
  notionErrors,
  offsetPage,
  readLinkPage,
  readOffsetPage,
  slackErrors,
  workspaceAuth,
} from '../../src/sandbox/kit/index.js';
import { ITEMS, startDemoFake, type DemoFake } from './kit-fixture.js';

const ids = (items: { id: number }[]) => items.map((i) => i.id);
const numbers = Array.from({ length: 57 }, (_, i) => i + 1);

describe('paging helpers (pure)', () => {
  it('Link pages: first, middle and last pages, junk parameters fall back, per_page is capped', () => {
    const url = new URL('http://127.0.0.1:1/x/list?state=all&per_page=10');
    const first = linkPage(numbers, readLinkPage({ per_page: '10' }), url);
    expect(first.items).toEqual(numbers.slice(0, 10));
    expect(first.link).toBe(
      '<http://127.0.0.1:1/x/list?state=all&per_page=10&page=2>; rel="next", <http://127.0.0.1:1/x/list?state=all&per_page=10&page=6>; rel="last"',
    );
    const last = linkPage(numbers, readLinkPage({ per_page: '10', page: '6' }), url);
    expect(last.items).toEqual(numbers.slice(50));
    expect(last.link).toContain('page=5>; rel="prev"');
    expect(last.link).not.toContain('rel="next"');
    expect(readLinkPage({ per_page: 'lots', page: '-3' })).toEqual({ perPage: 30, page: 1 });
    expect(readLinkPage({ per_page: '500' }).perPage).toBe(100);
    expect(linkPage([], readLinkPage({}), url)).toEqual({ items: [] });
  });

  it('offset pages: total and isLast, a bad startAt is a validation error', () => {
    expect(offsetPage(numbers, readOffsetPage({ startAt: '50', maxResults: '10' }))).toEqual({
      startAt: 50,
      maxResults: 10,
      total: 57,
      isLast: true,
      values: numbers.slice(50),
    });
    expect(offsetPage(numbers, readOffsetPage({})).isLast).toBe(false);
    expect(readOffsetPage({ maxResults: '5000' }).maxResults).toBe(100);
    for (const startAt of ['-1', 'abc', '1.5']) expect(() => readOffsetPage({ startAt })).toThrow(FakeError);
  });

  it('cursors: opaque, bound to their listing, refused when edited', () => {
    const codec = new CursorCodec('test-secret');
    const first = cursorPage(numbers, { limit: 20 }, 'GET /a', codec);
    expect(first.items).toEqual(numbers.slice(0, 20));
    expect(first.nextCursor).not.toContain('20');
    const second = cursorPage(numbers, { cursor: first.nextCursor!, limit: 20 }, 'GET /a', codec);
    expect(second.items).toEqual(numbers.slice(20, 40));
    const third = cursorPage(numbers, { cursor: second.nextCursor!, limit: 20 }, 'GET /a', codec);
    expect(third).toEqual({ items: numbers.slice(40), nextCursor: null });
    expect(() => cursorPage(numbers, { cursor: first.nextCursor!, limit: 20 }, 'GET /b', codec)).toThrow(FakeError);
    const [payload, signature] = first.nextCursor!.split('.');
    const forged = Buffer.from(JSON.stringify({ o: 40 })).toString('base64url');
    for (const bad of [
      `${forged}.${signature}`,
      payload,
      `${payload}.${signature}x`,
      'garbage',
      `${payload}.${signature}.more`,
    ]) {
      expect(() => cursorPage(numbers, { cursor: bad, limit: 20 }, 'GET /a', codec), bad).toThrow(FakeError);
    }
    expect(new CursorCodec('other').decode(first.nextCursor!, 'GET /a')).toBeUndefined();
  });
});

describe('paging styles over HTTP', () => {
  let fake: DemoFake;
  const auth = { authorization: `Bearer ${SANDBOX_CREDENTIALS.acme.notion.token}` };
  beforeAll(async () => {
    fake = await startDemoFake({
      errors: notionErrors,
      auth: workspaceAuth({ scheme: bearerToken(), workspaceOf: (t) => workspaceOfToken('notion', t) }),
    });
  });
  afterAll(() => fake?.close());

  it('GitHub Link headers lead through every page with absolute URLs', async () => {
    const seen: number[] = [];
    let next: string | undefined = `/link?per_page=25`;
    while (next) {
      const res = await fake.get(next, auth);
      expect(res.status).toBe(200);
      seen.push(...ids(res.body));
      const url = res.headers.get('link')?.match(/<([^>]+)>; rel="next"/)?.[1];
      if (url) expect(url.startsWith(fake.url)).toBe(true);
      next = url?.slice(`${fake.url}/demo`.length);
    }
    expect(seen).toEqual(ids(ITEMS));
  });

  it('Atlassian startAt/maxResults report total and isLast; a negative startAt is a 400', async () => {
    const page = await fake.get('/offset?startAt=50&maxResults=5', auth);
    expect(page.body).toMatchObject({ startAt: 50, maxResults: 5, total: 57, isLast: false });
    expect(ids(page.body.values)).toEqual([51, 52, 53, 54, 55]);
    expect((await fake.get('/offset?startAt=55&maxResults=5', auth)).body).toMatchObject({ isLast: true, total: 57 });
    const bad = await fake.get('/offset?startAt=-4', auth);
    expect(bad.status).toBe(400);
  });

  it("Notion start_cursor/next_cursor/has_more in a POST body; a tampered cursor is Notion's 400", async () => {
    const seen: number[] = [];
    let cursor: string | null | undefined;
    do {
      const res = await fake.post(
        '/notion',
        JSON.stringify({ page_size: 20, ...(cursor ? { start_cursor: cursor } : {}) }),
        auth,
      );
      expect(res.status).toBe(200);
      expect(res.body.object).toBe('list');
      expect(res.body.has_more).toBe(res.body.next_cursor !== null);
      seen.push(...ids(res.body.results));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids(ITEMS));
    const first = await fake.post('/notion', JSON.stringify({ page_size: 20 }), auth);
    const tampered = first.body.next_cursor.replace(/^./, (c: string) => (c === 'e' ? 'f' : 'e'));
    const refused = await fake.post('/notion', JSON.stringify({ start_cursor: tampered }), auth);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      object: 'error',
      status: 400,
      code: 'validation_error',
      message: expect.stringContaining('cursor'),
    });
  });

  it('a cursor of one listing is refused by another', async () => {
    const slack = await fake.get('/slack?limit=10', auth);
    const res = await fake.get(
      `/google?pageToken=${encodeURIComponent(slack.body.response_metadata.next_cursor)}`,
      auth,
    );
    expect(res.status).toBe(400);
  });
});

describe("cursor styles answer a bad cursor in their upstream's form", () => {
  it('Slack: cursor/response_metadata.next_cursor, "" on the last page, invalid_cursor on HTTP 200', async () => {
    const fake = await startDemoFake({
      errors: slackErrors,
      auth: workspaceAuth({ scheme: bearerToken(), workspaceOf: (t) => workspaceOfToken('slack', t) }),
    });
    try {
      const auth = { authorization: `Bearer ${SANDBOX_CREDENTIALS.globex.slack.token}` };
      const first = await fake.get('/slack?limit=50', auth);
      expect(first.body).toMatchObject({ ok: true, response_metadata: { next_cursor: expect.any(String) } });
      const last = await fake.get(
        `/slack?limit=50&cursor=${encodeURIComponent(first.body.response_metadata.next_cursor)}`,
        auth,
      );
      expect(ids(last.body.members)).toEqual(ids(ITEMS.slice(50)));
      expect(last.body.response_metadata.next_cursor).toBe('');
      const bad = await fake.get('/slack?cursor=dXNlcjpVMDYxTkZUVDI%3D', auth);
      expect(bad.status).toBe(200);
      expect(bad.body).toEqual({ ok: false, error: 'invalid_cursor' });
    } finally {
      await fake.close();
    }
  });

  it('Google: pageToken/nextPageToken, absent on the last page, INVALID_ARGUMENT on a bad token', async () => {
    const fake = await startDemoFake({
      errors: googleErrors,
      auth: workspaceAuth({ scheme: bearerToken(), workspaceOf: (t) => workspaceOfToken('google', t) }),
    });
    try {
      const auth = { authorization: `Bearer ${SANDBOX_CREDENTIALS.acme.google.accessToken}` };
      const first = await fake.get('/google?maxResults=40', auth);
      expect(ids(first.body.items)).toEqual(ids(ITEMS.slice(0, 40)));
      const last = await fake.get(
        `/google?maxResults=40&pageToken=${encodeURIComponent(first.body.nextPageToken)}`,
        auth,
      );
      expect(ids(last.body.items)).toEqual(ids(ITEMS.slice(40)));
      expect(last.body).not.toHaveProperty('nextPageToken');
      const bad = await fake.get('/google?pageToken=CAoQAA', auth);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({
        code: 400,
        status: 'INVALID_ARGUMENT',
        errors: [{ domain: 'global', reason: 'invalid' }],
      });
    } finally {
      await fake.close();
    }
  });
});
