import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import type { GoogleState } from '../../src/sandbox/google/index.js';
import { extract } from '../../src/graph/ingest/index.js';
import { manifest } from '../../tools/calendar/index.js';
import { fakeState } from '../helpers/sandbox.js';
import { call, type TestServer } from '../helpers/server.js';
import { unifiedFamily } from '../helpers/unified-family.js';
import { SANDBOX_EPOCH } from '../../src/sandbox/server.js';

const family = unifiedFamily('/calendar');
const { meta, request: cal } = family;
let server: TestServer;
beforeAll(() => {
  server = family.server();
});
const google = (workspace: WorkspaceId = 'acme') => fakeState<GoogleState>(server, '/google', workspace);
/** The person the tenant's calendar connection acts as (the sandbox token's owner) and colleagues. */
const people = (workspace: WorkspaceId = 'acme') => google(workspace).people;
/** Every stored event of a calendar in the Google fake. */
const storedEvents = (calendarId: string, workspace: WorkspaceId = 'acme') =>
  google(workspace).calendar.events.get(calendarId) ?? [];

const CALENDAR_KEYS = ['color', 'description', 'id', 'name', 'primary', 'read_only', 'timezone'];
const EVENT_KEYS = [
  'all_day',
  'attendees',
  'calendar_id',
  'description',
  'end_datetime',
  'html_link',
  'id',
  'location',
  'organizer_email',
  'start_datetime',
  'timezone',
  'title',
];
const day = (offsetDays: number, hour: number) =>
  new Date(SANDBOX_EPOCH + offsetDays * 86_400_000).toISOString().slice(0, 10) +
  `T${String(hour).padStart(2, '0')}:00:00Z`;
const NEW_EVENT = () => ({
  title: 'Quarterly planning',
  description: 'Roadmap',
  startDateTime: day(3, 9),
  endDateTime: day(3, 10),
  timezone: 'Europe/Paris',
  location: 'Room 4',
});

describe('authentication', () => {
  it('answers 401 without the key, 403 with a wrong one, 404 for an unknown tenant, 400 without X-Tenant-Id', async () => {
    await family.expectCallerChecked('/calendars', { method: 'POST', path: '/free-busy', body: {} });
  });
});

describe('calendars', () => {
  it('lists the connected account’s calendars in the spec’s form', async () => {
    const { status, body } = await cal('GET', '/calendars');
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: {
        calendars: expect.any(Array),
        count: expect.any(Number),
        truncated: false,
        pagination: expect.objectContaining({ has_more: false }),
      },
      meta: meta(),
    });
    for (const calendar of body.data.calendars) expect(Object.keys(calendar).sort()).toEqual(CALENDAR_KEYS);
    const primary = body.data.calendars.find((c: { primary: boolean }) => c.primary);
    expect(primary).toMatchObject({
      id: people()[0].email,
      read_only: false,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
  });

  it('reads one calendar, `primary` included; 404 for an unknown one', async () => {
    const primary = await cal('GET', '/calendars/primary');
    expect([primary.status, primary.body.success, primary.body.meta]).toEqual([200, true, meta()]);
    expect(primary.body.data).toMatchObject({ id: people()[0].email, primary: true, timezone: expect.any(String) });
    const missing = await cal('GET', '/calendars/nobody%40nowhere.test');
    expect([missing.status, missing.body.success, missing.body.error.code]).toEqual([404, false, 'NOT_FOUND']);
  });
});

describe('events', () => {
  it('lists events in the spec’s form, one occurrence per row in start order, with the pagination block', async () => {
    const { status, body } = await cal(
      'GET',
      `/calendars/primary/events?limit=3&time_min=${encodeURIComponent(day(0, 0))}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: {
        events: expect.any(Array),
        count: 3,
        truncated: false,
        pagination: expect.objectContaining({ limit: 3, has_more: true, next_cursor: expect.any(String) }),
      },
      meta: meta(),
    });
    for (const event of body.data.events) expect(Object.keys(event).sort()).toEqual(EVENT_KEYS);
    const starts = body.data.events.map((e: { start_datetime: string }) => Date.parse(e.start_datetime));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const next = await cal(
      'GET',
      `/calendars/primary/events?limit=3&time_min=${encodeURIComponent(day(0, 0))}&cursor=${body.data.pagination.next_cursor}`,
    );
    const ids = [...body.data.events, ...next.body.data.events].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(6);
  });

  it('creates (201), reads, updates and deletes an event; Google holds what was sent', async () => {
    const created = await cal('POST', '/calendars/primary/events', {
      body: { ...NEW_EVENT(), attendees: [people()[1].email] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      data: expect.objectContaining({ id: expect.any(String) }),
      meta: meta(),
    });
    const event = created.body.data;
    expect(Object.keys(event).sort()).toEqual(EVENT_KEYS);
    expect(event).toMatchObject({
      title: 'Quarterly planning',
      description: 'Roadmap',
      location: 'Room 4',
      timezone: 'Europe/Paris',
      all_day: false,
      calendar_id: 'primary',
      attendees: [{ email: people()[1].email, name: people()[1].name, status: 'needs_action' }],
    });
    expect(Date.parse(event.start_datetime)).toBe(Date.parse(NEW_EVENT().startDateTime));
    const stored = storedEvents(people()[0].email).find((e) => e.id === event.id);
    expect(stored).toMatchObject({ summary: 'Quarterly planning', location: 'Room 4' });

    const read = await cal('GET', `/calendars/primary/events/${event.id}`);
    expect([read.status, read.body]).toEqual([200, { success: true, data: event, meta: meta() }]);

    const moved = await cal('PUT', `/calendars/primary/events/${event.id}`, {
      body: { title: 'Planning (moved)', endDateTime: day(3, 11) },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      title: 'Planning (moved)',
      location: 'Room 4',
      start_datetime: event.start_datetime,
    });
    expect(Date.parse(moved.body.data.end_datetime)).toBe(Date.parse(day(3, 11)));

    const deleted = await cal('DELETE', `/calendars/primary/events/${event.id}`);
    expect([deleted.status, deleted.body]).toEqual([
      200,
      { success: true, data: { deleted: true, calendar_id: 'primary', event_id: event.id }, meta: meta() },
    ]);
    expect(stored?.status).toBe('cancelled');
    const gone = await cal('GET', `/calendars/primary/events/${event.id}`);
    expect([gone.status, gone.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('creates an all-day event from dates', async () => {
    const { status, body } = await cal('POST', '/calendars/primary/events', {
      body: { title: 'Offsite', startDateTime: '2026-12-01', endDateTime: '2026-12-03' },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ all_day: true, start_datetime: '2026-12-01', end_datetime: '2026-12-03' });
  });

  it('answers 404 for an unknown event and 400 for an update that changes nothing', async () => {
    const missing = await cal('GET', '/calendars/primary/events/nosuchevent');
    expect([missing.status, missing.body.success, missing.body.error.code]).toEqual([404, false, 'NOT_FOUND']);
    const deleteMissing = await cal('DELETE', '/calendars/primary/events/nosuchevent');
    expect([deleteMissing.status, deleteMissing.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const empty = await cal('PUT', '/calendars/primary/events/nosuchevent', { body: {} });
    expect([empty.status, empty.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('free-busy', () => {
  it('gives each attendee’s busy intervals in the window, and an error for an unknown calendar', async () => {
    const [me, colleague] = people();
    const start = day(3, 0);
    const end = day(4, 0);
    await cal('POST', '/calendars/primary/events', {
      body: { title: 'Busy block', startDateTime: day(3, 13), endDateTime: day(3, 14) },
    });
    const { status, body } = await cal('POST', '/free-busy', {
      body: {
        startDateTime: start,
        endDateTime: end,
        attendees: [me.email, colleague.email, 'stranger@elsewhere.test'],
      },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: {
        start_datetime: new Date(start).toISOString(),
        end_datetime: new Date(end).toISOString(),
        attendees: [
          { email: me.email, busy: expect.any(Array), error: null },
          { email: colleague.email, busy: expect.any(Array), error: null },
          { email: 'stranger@elsewhere.test', busy: [], error: 'notFound' },
        ],
      },
      meta: meta(),
    });
    expect(body.data.attendees[0].busy).toContainEqual({
      start_datetime: new Date(day(3, 13)).toISOString(),
      end_datetime: new Date(day(3, 14)).toISOString(),
    });
    for (const slot of body.data.attendees.flatMap(
      (a: { busy: Array<{ start_datetime: string; end_datetime: string }> }) => a.busy,
    )) {
      expect(Date.parse(slot.end_datetime)).toBeGreaterThan(Date.parse(start));
      expect(Date.parse(slot.start_datetime)).toBeLessThan(Date.parse(end));
    }
  });
});

describe('validation before anything is sent', () => {
  const base = NEW_EVENT();
  const cases: Array<[string, string, unknown, string]> = [
    ['a bad date', '/calendars/primary/events', { ...base, startDateTime: '2026-13-40T09:00:00Z' }, 'startDateTime'],
    ['an end before the start', '/calendars/primary/events', { ...base, endDateTime: day(3, 8) }, 'endDateTime'],
    ['an unknown field', '/calendars/primary/events', { ...base, colour: 'red' }, 'colour'],
    [
      'a missing title',
      '/calendars/primary/events',
      { startDateTime: base.startDateTime, endDateTime: base.endDateTime },
      'title',
    ],
    ['an unknown time zone', '/calendars/primary/events', { ...base, timezone: 'Mars/Olympus' }, 'timezone'],
    [
      'a local time without a time zone',
      '/calendars/primary/events',
      { title: 'x', startDateTime: '2026-11-26T09:00:00', endDateTime: '2026-11-26T10:00:00' },
      'timezone',
    ],
    ['a malformed attendee email', '/calendars/primary/events', { ...base, attendees: ['not-an-email'] }, 'attendees'],
    [
      'a malformed free-busy email',
      '/free-busy',
      { startDateTime: day(3, 0), endDateTime: day(4, 0), attendees: ['ada@'] },
      'attendees',
    ],
    [
      'a free-busy end before its start',
      '/free-busy',
      { startDateTime: day(4, 0), endDateTime: day(3, 0), attendees: ['ada@acme.test'] },
      'endDateTime',
    ],
    [
      'a free-busy without attendees',
      '/free-busy',
      { startDateTime: day(3, 0), endDateTime: day(4, 0), attendees: [] },
      'attendees',
    ],
    [
      'a free-busy date without offset',
      '/free-busy',
      { startDateTime: '2026-11-24', endDateTime: day(4, 0), attendees: ['ada@acme.test'] },
      'startDateTime',
    ],
  ];
  it.each(cases)(
    '%s is 400 VALIDATION_ERROR naming the field, and reaches no upstream',
    async (_name, path, body, field) => {
      const before = server.sandbox.faults.log.length;
      const { status, body: answer } = await cal('POST', path, { body });
      expect([status, answer.success, answer.error.code]).toEqual([400, false, 'VALIDATION_ERROR']);
      expect(answer.error.message).toContain(field);
      expect(
        server.sandbox.faults.log
          .slice(before)
          .filter((r) => r.path.startsWith('/unify') || r.path.startsWith('/google')),
      ).toEqual([]);
    },
  );

  it('checks an update’s single new end against the stored start', async () => {
    const event = (await cal('POST', '/calendars/primary/events', { body: NEW_EVENT() })).body.data;
    const { status, body } = await cal('PUT', `/calendars/primary/events/${event.id}`, {
      body: { endDateTime: day(3, 8) },
    });
    expect([status, body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(body.error.message).toContain('endDateTime');
    expect((await cal('GET', `/calendars/primary/events/${event.id}`)).body.data.end_datetime).toBe(event.end_datetime);
  });
});

describe('upstream errors', () => {
  it('passes a Google 429 through the proxy on as 429 RATE_LIMITED with Retry-After', async () => {
    server.sandbox.faults.add({
      prefix: '/google',
      method: 'GET',
      path: '/calendar/v3/users/me/calendarList',
      status: 429,
      retryAfter: 120,
    });
    const { status, body, headers } = await cal('GET', '/calendars');
    expect([status, body.error.code, headers.get('retry-after')]).toEqual([429, 'RATE_LIMITED', '120']);
  });

  it('answers 502 for a provider 5xx that outlasts the retries', async () => {
    server.sandbox.faults.add({
      prefix: '/google',
      method: 'GET',
      path: '/calendar/v3/users/me/calendarList',
      status: 503,
    });
    const { status, body } = await cal('GET', '/calendars');
    expect([status, body.error.code]).toEqual([502, 'UPSTREAM_ERROR']);
  });

  it('answers 403 when Apideck refuses the platform key', async () => {
    // Whether the connected provider is still remembered or looked up again, Apideck refuses the key.
    for (const path of ['/vault/connections', '/proxy'])
      server.sandbox.faults.add({ prefix: '/unify', method: 'GET', path, status: 401, expiredToken: true });
    const { status, body } = await cal('GET', '/calendars');
    expect([status, body.error.code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('tenant isolation', () => {
  let acmeEvent: { id: string };
  beforeAll(async () => {
    acmeEvent = (
      await cal('POST', '/calendars/primary/events', { body: { ...NEW_EVENT(), title: 'Acme-only board meeting' } })
    ).body.data;
  });

  it('over REST: globex neither lists nor reads acme’s calendars and events', async () => {
    const read = await cal('GET', `/calendars/primary/events/${acmeEvent.id}`, { tenant: 'globex' });
    expect(read.status).toBe(404);
    const acmeCalendar = await cal('GET', `/calendars/${encodeURIComponent(people()[0].email)}`, { tenant: 'globex' });
    expect(acmeCalendar.status).toBe(404);
    const listed = (await cal('GET', '/calendars/primary/events?q=Acme-only&limit=100', { tenant: 'globex' })).body.data
      .events;
    expect(listed).toEqual([]);
    const calendars = (await cal('GET', '/calendars', { tenant: 'globex' })).body.data.calendars.map(
      (c: { id: string }) => c.id,
    );
    expect(calendars).not.toContain(people()[0].email);
    expect(
      [...google('globex').calendar.events.values()].flat().some((e) => e.summary === 'Acme-only board meeting'),
    ).toBe(false);
  });

  it('over MCP: each tenant’s token reaches only its own connected calendar', async () => {
    await family.withMcpClients(['acme', 'globex'], async ([acme, globex]) => {
      const own = await acme.callTool({
        name: 'calendar_get_event',
        arguments: { calendar_id: 'primary', event_id: acmeEvent.id },
      });
      expect(own.isError).toBeFalsy();
      expect((own.structuredContent as { title: string }).title).toBe('Acme-only board meeting');
      const other = await globex.callTool({
        name: 'calendar_get_event',
        arguments: { calendar_id: 'primary', event_id: acmeEvent.id },
      });
      expect(other.isError).toBe(true);
      expect(JSON.stringify(other.content)).toContain('NOT_FOUND');
      const globexList = await globex.callTool({
        name: 'calendar_list_events',
        arguments: { calendar_id: 'primary', q: 'Acme-only' },
      });
      expect((globexList.structuredContent as { events: unknown[] }).events).toEqual([]);
    });
  });
});

describe('knowledge graph', () => {
  it('links an event to the people its attendees name, by email', async () => {
    const created = (
      await cal('POST', '/calendars/primary/events', {
        body: { ...NEW_EVENT(), attendees: [people()[1].email, people()[2].email] },
      })
    ).body.data;
    const batch = extract({ calendar: manifest.extractor! }, 'calendar', {
      tool: 'get_event',
      args: { calendar_id: 'primary', event_id: created.id },
      result: created,
    });
    expect([...batch.nodes.values()].map((n) => n.type)).toContain('calendar_event');
    const emails = batch.people.map((p) => p.identity.email);
    expect(emails).toEqual(expect.arrayContaining([people()[0].email, people()[1].email, people()[2].email]));
    expect(batch.edges.filter((e) => e.type === 'LINKED_TO')).toHaveLength(2);
  });
});

describe('/openapi.json', () => {
  it('declares the calendar routes with their methods; no generated method routes under /calendar', async () => {
    const { body } = await call(server, 'GET', '/openapi.json');
    const paths = body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/calendar/calendars'])).toEqual(['get']);
    expect(Object.keys(paths['/calendar/calendars/{calendar_id}'])).toEqual(['get']);
    expect(Object.keys(paths['/calendar/calendars/{calendar_id}/events']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/calendar/calendars/{calendar_id}/events/{event_id}']).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
    expect(Object.keys(paths['/calendar/free-busy'])).toEqual(['post']);
    expect(
      Object.keys(paths).filter(
        (p) => p.startsWith('/calendar/') && !p.startsWith('/calendar/calendars') && p !== '/calendar/free-busy',
      ),
    ).toEqual([]);
  });
});
