import type { Request, Router } from 'express';
import type { FakeContext } from '../../fake-upstream.js';
import { cursorFields, cursorPage, invalid, jsonBody, notFound, queryParam, readCursorPage } from '../../kit/index.js';
import { callerOf, requireScope, SCOPES, type GoogleCaller, type GoogleStates } from '../caller.js';
import type { AccessRole, CalendarRecord, StoredEvent } from './model.js';
import { occurrences } from './recurrence.js';
import { calendarListEntry, calendarResource, eventResource } from './serialize.js';
import { applyTimes, attendeesFrom, conferenceFor } from './event-input.js';

const BASE = '/calendar/v3';

/** The calendars a person sees: those shared with them, their own first. */
function calendarsOf(caller: GoogleCaller): Array<{ calendar: CalendarRecord; role: AccessRole }> {
  const out: Array<{ calendar: CalendarRecord; role: AccessRole }> = [];
  for (const calendar of caller.state.calendar.calendars.values()) {
    const role = calendar.access.get(caller.person.index);
    if (role) out.push({ calendar, role });
  }
  return out;
}

function calendarFor(caller: GoogleCaller, rawId: string): { calendar: CalendarRecord; role: AccessRole } {
  const id = rawId === 'primary' ? caller.person.email : rawId;
  const calendar = caller.state.calendar.calendars.get(id);
  const role = calendar?.access.get(caller.person.index);
  if (!calendar || !role) throw notFound('Not Found');
  return { calendar, role };
}

/** Events in a calendar: those stored in it, and for a primary calendar the invitations its owner holds. */
function eventsOf(caller: GoogleCaller, calendar: CalendarRecord): StoredEvent[] {
  const store = caller.state.calendar;
  const own = store.events.get(calendar.id) ?? [];
  if (calendar.primaryOf === undefined) return own;
  const email = caller.state.people[calendar.primaryOf].email;
  const seen = new Set(own.map((e) => e.id));
  const invited: StoredEvent[] = [];
  for (const [id, events] of store.events)
    if (id !== calendar.id)
      for (const e of events) if (!seen.has(e.id) && e.attendees?.some((a) => a.email === email)) invited.push(e);
  return [...own, ...invited];
}

function instant(req: Request, name: string): number | undefined {
  const raw = queryParam(req, name);
  if (raw === undefined) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)
    ? Date.parse(raw)
    : Number.NaN;
  if (Number.isNaN(ms))
    throw invalid('Bad Request', { details: [{ domain: 'global', reason: 'badRequest', message: 'Bad Request' }] });
  return ms;
}

interface Row {
  event: StoredEvent;
  start: number;
  instance?: number;
}

function listRows(events: StoredEvent[], req: Request, horizon: number): Row[] {
  const timeMin = instant(req, 'timeMin');
  const timeMax = instant(req, 'timeMax');
  const single = queryParam(req, 'singleEvents') === 'true';
  const orderBy = queryParam(req, 'orderBy');
  if (orderBy !== undefined && orderBy !== 'startTime' && orderBy !== 'updated')
    throw invalid('Invalid value for orderBy');
  if (orderBy === 'startTime' && !single)
    throw invalid('The requested ordering is not available for the particular query.');
  const q = queryParam(req, 'q')?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const rows: Row[] = [];
  for (const event of events) {
    if (event.status === 'cancelled' && queryParam(req, 'showDeleted') !== 'true') continue;
    const text = [
      event.summary,
      event.description,
      event.location,
      ...(event.attendees ?? []).flatMap((a) => [a.email, a.displayName]),
    ]
      .join(' ')
      .toLowerCase();
    if (!q.every((word) => text.includes(word))) continue;
    const length = event.endMs - event.startMs;
    const starts = single && event.recurrence ? occurrences(event, timeMax ?? horizon) : [event.startMs];
    const lastEnd =
      event.recurrence && !single ? Math.max(...occurrences(event, timeMax ?? horizon)) + length : event.endMs;
    for (const start of starts) {
      const end = single && event.recurrence ? start + length : lastEnd;
      if (timeMin !== undefined && end <= timeMin) continue;
      if (timeMax !== undefined && start >= timeMax) continue;
      rows.push({ event, start, instance: single && event.recurrence ? start : undefined });
    }
  }
  if (orderBy === 'startTime') rows.sort((a, b) => a.start - b.start || a.event.id.localeCompare(b.event.id));
  if (orderBy === 'updated') rows.sort((a, b) => a.event.updated - b.event.updated);
  return rows;
}

function writable(role: AccessRole): void {
  if (role !== 'owner' && role !== 'writer') throw notFound('Not Found');
}

export function calendarRoutes(router: Router, states: GoogleStates, ctx: FakeContext): void {
  const caller = (req: Request, res: Parameters<typeof callerOf>[1], scopes: readonly string[]) => {
    const who = callerOf(req, res, states, ctx);
    requireScope(who, scopes);
    return who;
  };
  const findEvent = (who: GoogleCaller, calendar: CalendarRecord, id: string): StoredEvent => {
    const event = eventsOf(who, calendar).find((e) => e.id === id && e.status !== 'cancelled');
    if (!event) throw notFound('Not Found');
    return event;
  };

  router.get(`${BASE}/users/me/calendarList`, (req, res) => {
    const who = caller(req, res, SCOPES.calendarListRead);
    const page = cursorPage(
      calendarsOf(who),
      readCursorPage(req.query, { cursor: 'pageToken', limit: 'maxResults', defaultLimit: 100, maxLimit: 250 }),
      `calendarList ${who.person.index}`,
    );
    res.json({
      kind: 'calendar#calendarList',
      etag: `"p${who.person.index}"`,
      ...cursorFields.google(page),
      items: page.items.map(({ calendar, role }) => calendarListEntry(calendar, role)),
    });
  });

  router.get(`${BASE}/users/me/calendarList/:calendarId`, (req, res) => {
    const who = caller(req, res, SCOPES.calendarListRead);
    const { calendar, role } = calendarFor(who, req.params.calendarId);
    res.json(calendarListEntry(calendar, role));
  });

  router.get(`${BASE}/calendars/:calendarId`, (req, res) => {
    const who = caller(req, res, SCOPES.calendarRead);
    res.json(calendarResource(calendarFor(who, req.params.calendarId).calendar));
  });

  router.get(`${BASE}/calendars/:calendarId/events`, (req, res) => {
    const who = caller(req, res, SCOPES.calendarRead);
    const { calendar, role } = calendarFor(who, req.params.calendarId);
    const rows = listRows(eventsOf(who, calendar), req, ctx.clock.now() + 400 * 86_400_000);
    const scope = `events ${calendar.id} ${JSON.stringify({ ...req.query, pageToken: undefined, maxResults: undefined })}`;
    const page = cursorPage(
      rows,
      readCursorPage(req.query, { cursor: 'pageToken', limit: 'maxResults', defaultLimit: 250, maxLimit: 2500 }),
      scope,
    );
    const viewer = calendar.primaryOf !== undefined ? who.state.people[calendar.primaryOf].email : calendar.id;
    res.json({
      kind: 'calendar#events',
      etag: `"e${rows.length}"`,
      summary: calendar.summary,
      ...(calendar.description ? { description: calendar.description } : {}),
      updated: new Date(Math.max(0, ...rows.map((r) => r.event.updated))).toISOString(),
      timeZone: calendar.timeZone,
      accessRole: role,
      defaultReminders: [{ method: 'popup', minutes: 10 }],
      ...cursorFields.google(page),
      items: page.items.map((row) => eventResource(row.event, viewer, row.instance)),
    });
  });

  router.get(`${BASE}/calendars/:calendarId/events/:eventId`, (req, res) => {
    const who = caller(req, res, SCOPES.calendarRead);
    const { calendar } = calendarFor(who, req.params.calendarId);
    const [id, suffix] = req.params.eventId.split('_');
    const event = findEvent(who, calendar, id);
    const viewer = calendar.primaryOf !== undefined ? who.state.people[calendar.primaryOf].email : calendar.id;
    if (suffix === undefined) return void res.json(eventResource(event, viewer));
    const start = occurrences(event, ctx.clock.now() + 400 * 86_400_000).find(
      (ms) => eventResource(event, viewer, ms).id === req.params.eventId,
    );
    if (start === undefined) throw notFound('Not Found');
    res.json(eventResource(event, viewer, start));
  });

  router.post(`${BASE}/calendars/:calendarId/events`, (req, res) => {
    const who = caller(req, res, SCOPES.calendarWrite);
    const { calendar, role } = calendarFor(who, req.params.calendarId);
    writable(role);
    const body = jsonBody(req);
    const now = ctx.clock.now();
    const store = who.state.calendar;
    const me = { email: who.person.email, displayName: who.person.name };
    const event: StoredEvent = {
      id: `sbx${String(store.nextEventNumber++).padStart(8, '0')}${who.state.workspace.id === 'acme' ? 'a' : 'g'}`,
      status: body.status === 'tentative' ? 'tentative' : 'confirmed',
      summary: typeof body.summary === 'string' ? body.summary : '',
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      ...(typeof body.location === 'string' ? { location: body.location } : {}),
      start: {},
      end: {},
      startMs: 0,
      endMs: 0,
      ...(Array.isArray(body.recurrence) ? { recurrence: body.recurrence.map(String) } : {}),
      attendees: attendeesFrom(who, body.attendees),
      organizer: calendar.primaryOf !== undefined ? me : { email: calendar.id, displayName: calendar.summary },
      creator: me,
      created: now,
      updated: now,
      sequence: 0,
    };
    if (body.start === undefined || body.end === undefined) throw invalid('Missing time.');
    applyTimes(event, body, calendar.timeZone);
    const request = (body.conferenceData as { createRequest?: { requestId?: string } } | undefined)?.createRequest;
    if (request && queryParam(req, 'conferenceDataVersion') === '1')
      event.conferenceData = {
        ...conferenceFor(event.id),
        createRequest: { requestId: request.requestId, status: { statusCode: 'success' } },
      };
    store.events.get(calendar.id)!.push(event);
    res.json(eventResource(event, calendar.primaryOf !== undefined ? who.person.email : calendar.id));
  });

  router.patch(`${BASE}/calendars/:calendarId/events/:eventId`, (req, res) => {
    const who = caller(req, res, SCOPES.calendarWrite);
    const { calendar, role } = calendarFor(who, req.params.calendarId);
    writable(role);
    const event = findEvent(who, calendar, req.params.eventId);
    const body = jsonBody(req);
    const before = { ...event };
    try {
      for (const field of ['summary', 'description', 'location'] as const)
        if (typeof body[field] === 'string') event[field] = body[field];
      if (body.status === 'confirmed' || body.status === 'tentative') event.status = body.status;
      if (body.attendees !== undefined) event.attendees = attendeesFrom(who, body.attendees);
      applyTimes(event, body, calendar.timeZone);
    } catch (error) {
      Object.assign(event, before);
      throw error;
    }
    event.updated = ctx.clock.now();
    event.sequence += 1;
    res.json(eventResource(event, calendar.primaryOf !== undefined ? who.person.email : calendar.id));
  });

  router.delete(`${BASE}/calendars/:calendarId/events/:eventId`, (req, res) => {
    const who = caller(req, res, SCOPES.calendarWrite);
    const { calendar, role } = calendarFor(who, req.params.calendarId);
    writable(role);
    const event = findEvent(who, calendar, req.params.eventId);
    event.status = 'cancelled';
    event.updated = ctx.clock.now();
    res.status(204).end();
  });

  router.post(`${BASE}/freeBusy`, (req, res) => {
    const who = caller(req, res, SCOPES.freeBusy);
    const body = jsonBody(req);
    const timeMin = Date.parse(String(body.timeMin));
    const timeMax = Date.parse(String(body.timeMax));
    if (Number.isNaN(timeMin) || Number.isNaN(timeMax)) throw invalid('Bad Request');
    const items = Array.isArray(body.items) ? (body.items as Array<{ id?: unknown }>) : [];
    const calendars: Record<string, unknown> = {};
    for (const { id } of items) {
      const calendar = who.state.calendar.calendars.get(String(id));
      if (!calendar) {
        calendars[String(id)] = { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
        continue;
      }
      const busy = eventsOf(who, calendar)
        .filter((e) => e.status !== 'cancelled' && e.start.dateTime !== undefined)
        .flatMap((e) => occurrences(e, timeMax).map((start) => ({ start, end: start + e.endMs - e.startMs })))
        .filter((b) => b.end > timeMin && b.start < timeMax)
        .sort((a, b) => a.start - b.start)
        .map((b) => ({ start: new Date(b.start).toISOString(), end: new Date(b.end).toISOString() }));
      calendars[calendar.id] = { busy };
    }
    res.json({
      kind: 'calendar#freeBusy',
      timeMin: new Date(timeMin).toISOString(),
      timeMax: new Date(timeMax).toISOString(),
      calendars,
    });
  });
}
