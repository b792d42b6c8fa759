import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { demoUsers, suiteCall } from './suite-routes.js';

let server: TestServer;
let me: string;
let other: string;

beforeAll(async () => {
  server = await startTestServer();
  [me, other] = demoUsers(server, 'acme');
});
afterEach(() => server.sandbox.faults.clear());
afterAll(() => server.close());

const get = (path: string) => suiteCall(server, 'acme', me, 'GET', path);
type Row = Record<string, unknown>;

describe('suite calendar routes', () => {
  it('lists the calendars and reads the primary one', async () => {
    const list = await get('/suite/calendar/calendars');
    expect(list.status).toBe(200);
    const calendars = list.body.data as Row[];
    expect(list.body).toMatchObject({ success: true, count: calendars.length });
    expect(calendars.find((c) => c.primary)).toMatchObject({ id: me, accessRole: 'owner' });

    const primary = await get('/suite/calendar/calendars/primary');
    expect(primary).toMatchObject({
      status: 200,
      body: { success: true, data: { id: me, accessRole: 'owner', primary: true, timeZone: expect.any(String) } },
    });
  });

  it('lists one calendar’s events in start order with the spec’s Event fields', async () => {
    const answer = await get('/suite/calendar/calendars/primary/events?max_results=20');
    expect(answer.status).toBe(200);
    const events = answer.body.data as Row[];
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(20);
    expect(answer.body.count).toBe(events.length);
    expect(events[0]).toMatchObject({
      id: expect.any(String),
      summary: expect.any(String),
      start: expect.any(Object),
      end: expect.any(Object),
      calendar_id: 'primary',
      attendees: expect.any(Array),
      htmlLink: expect.any(String),
    });
    const starts = events.map((e) =>
      Date.parse(
        (e.start as { dateTime: string | null; date: string | null }).dateTime ??
          `${(e.start as { date: string }).date}T00:00:00Z`,
      ),
    );
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it('merges every calendar sorted by start time, naming each event’s calendar', async () => {
    const calendars = (await get('/suite/calendar/calendars')).body.data as Row[];
    const answer = await get('/suite/calendar/events?max_results_per_calendar=50');
    expect(answer.status).toBe(200);
    const events = answer.body.data as Row[];
    const starts = events.map((e) =>
      Date.parse(((e.start as Row).dateTime as string | null) ?? `${String((e.start as Row).date)}T00:00:00Z`),
    );
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const named = new Set(events.map((e) => e.calendar_id));
    for (const id of named) expect(calendars.map((c) => c.id)).toContain(id);
    expect(events.every((e) => typeof e.calendar_name === 'string')).toBe(true);
  });

  it('refuses out-of-range bounds and malformed times with a 400 naming the bound', async () => {
    for (const [path, words] of [
      ['/suite/calendar/calendars/primary/events?max_results=0', 'max_results must be between 1 and 2500'],
      ['/suite/calendar/calendars/primary/events?max_results=2501', 'max_results must be between 1 and 2500'],
      ['/suite/calendar/events?max_results_per_calendar=501', 'max_results_per_calendar must be between 1 and 500'],
      ['/suite/calendar/calendars/primary/events?time_min=yesterday', 'time_min must be an RFC 3339 date-time'],
      ['/suite/calendar/calendars/primary/events?order_by=summary', 'order_by'],
    ] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(String(answer.body.detail), path).toContain(words);
    }
  });

  it('creates, reads, updates (PATCH semantics) and deletes an event', async () => {
    const created = await suiteCall(server, 'acme', me, 'POST', '/suite/calendar/calendars/primary/events', {
      summary: 'Route test review',
      start_datetime: '2026-11-30T10:00:00',
      start_timezone: 'Europe/Paris',
      end_datetime: '2026-11-30T11:00:00',
      end_timezone: 'Europe/Paris',
      location: 'Room 4',
      attendee_emails: [other],
    });
    expect(created.status).toBe(200);
    const made = created.body.data as { id: string; summary: string; htmlLink: string };
    expect(made).toEqual({
      id: expect.any(String),
      summary: 'Route test review',
      htmlLink: expect.stringContaining('https://'),
    });

    const path = `/suite/calendar/calendars/primary/events/${made.id}`;
    expect((await get(path)).body.data).toMatchObject({
      summary: 'Route test review',
      location: 'Room 4',
      start: { timeZone: 'Europe/Paris' },
      attendees: [{ email: other, responseStatus: 'needsAction' }],
    });

    const updated = await suiteCall(server, 'acme', me, 'PUT', path, { summary: 'Route test review (moved)' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: made.id, summary: 'Route test review (moved)', location: 'Room 4' });

    expect(await suiteCall(server, 'acme', me, 'DELETE', path)).toMatchObject({
      status: 200,
      body: { success: true, data: { deleted: true, event_id: made.id } },
    });
    expect(await get(path)).toMatchObject({ status: 404, body: { detail: expect.any(String) } });
  });

  it('refuses an event without its required fields, creating nothing', async () => {
    const before = ((await get('/suite/calendar/calendars/primary/events?max_results=2500')).body.data as Row[]).length;
    const answer = await suiteCall(server, 'acme', me, 'POST', '/suite/calendar/calendars/primary/events', {
      summary: 'No times',
    });
    expect(answer.status).toBe(400);
    expect(String(answer.body.detail)).toContain('start_datetime');
    expect(((await get('/suite/calendar/calendars/primary/events?max_results=2500')).body.data as Row[]).length).toBe(
      before,
    );
  });

  it('passes Google’s 404 through as {detail} with status 404', async () => {
    expect(await get('/suite/calendar/calendars/nobody%40nowhere.test')).toMatchObject({
      status: 404,
      body: { detail: expect.any(String) },
    });
    expect(await get('/suite/calendar/calendars/primary/events/nosuchevent')).toMatchObject({
      status: 404,
      body: { detail: expect.any(String) },
    });
  });

  it('rides out a Google quota answer: a 429 then success is retried by the one retry layer', async () => {
    server.sandbox.faults.add({
      prefix: '/google',
      path: '/calendar/v3/users/me/calendarList',
      status: 429,
      retryAfter: 0,
      times: 1,
    });
    const answer = await get('/suite/calendar/calendars');
    expect(answer.status).toBe(200);
    const hits = server.sandbox.faults.log.filter((r) => r.path.includes('/calendar/v3/users/me/calendarList'));
    expect(hits.slice(-2).map((r) => r.status)).toEqual([429, 200]);
  });

  it('answers an unauthorized user 401 oauth_required with the consent link', async () => {
    const last = demoUsers(server, 'acme').at(-1) as string;
    const answer = await suiteCall(server, 'acme', last, 'GET', '/suite/calendar/calendars/primary/events');
    expect(answer.status).toBe(401);
    expect(answer.body.detail).toMatchObject({
      action: 'oauth_required',
      message: expect.any(String),
      auth_url: expect.stringContaining('/oauth/suite/authorize?tenant_id=acme'),
    });
  });
});
