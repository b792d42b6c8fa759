import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamCalendarId } from '../../src/sandbox/google/calendar/seed.js';
import { SANDBOX_EPOCH } from '../../src/sandbox/server.js';
import type { DiscoveryContract } from '../helpers/discovery-contract.js';
import { calendarContract, conforms, googleFailure, startGoogle, type GoogleFixture } from './google-fixture.js';

const DAY = 86_400_000;
let google: GoogleFixture;
let contract: DiscoveryContract;
let root: string;

beforeAll(async () => {
  google = await startGoogle();
  contract = calendarContract();
  root = `${google.sandbox.urlOf('/google')}/`;
});
afterAll(() => google.close());

const people = () => google.state().people;
const window = {
  timeMin: new Date(SANDBOX_EPOCH - 14 * DAY).toISOString(),
  timeMax: new Date(SANDBOX_EPOCH + 14 * DAY).toISOString(),
};

describe('calendarList and calendars', () => {
  it('lists the calendars a person owns or was shared, primary first, as the discovery document describes', async () => {
    const response = await google.calendarFor(0).calendarList.list();
    expect(conforms(contract, root, response)).toBe('calendar.calendarList.list');
    const expected = [...google.state().calendar.calendars.values()].filter((c) => c.access.has(0)).map((c) => c.id);
    expect(response.data.items?.map((c) => c.id)).toEqual(expected);
    const primary = response.data.items?.find((c) => c.primary);
    expect(primary).toMatchObject({
      id: people()[0].email,
      accessRole: 'owner',
      timeZone: google.state().calendar.calendars.get(people()[0].email)?.timeZone,
    });
    expect(response.data.items?.map((c) => c.id)).toContain(teamCalendarId('acme.test'));
  });

  it('shares the team calendar with everyone but the last person, and never across workspaces', async () => {
    const last = people().length - 1;
    const ids = (await google.calendarFor(last).calendarList.list()).data.items?.map((c) => c.id);
    expect(ids).toEqual([people()[last].email]);
    const globex = (await google.calendarFor(0, 'globex').calendarList.list()).data.items?.map((c) => c.id) ?? [];
    expect(globex.some((id) => id?.endsWith('acme.test') || id === teamCalendarId('acme.test'))).toBe(false);
    expect(globex).toContain(google.state('globex').people[0].email);
  });

  it('gets primary as the caller’s own calendar, and answers 404 for a calendar the caller may not see', async () => {
    const response = await google.calendarFor(1).calendars.get({ calendarId: 'primary' });
    conforms(contract, root, response);
    expect(response.data).toMatchObject({ kind: 'calendar#calendar', id: people()[1].email });
    const failure = await googleFailure(google.calendarFor(1).calendars.get({ calendarId: people()[2].email }));
    expect(failure.status).toBe(404);
    expect(failure.body.error).toMatchObject({ code: 404, errors: [{ reason: 'notFound' }] });
    const across = await googleFailure(
      google.calendarFor(0, 'globex').calendars.get({ calendarId: people()[0].email }),
    );
    expect(across.status).toBe(404);
  });

  it('answers 403 insufficientPermissions to a token without a calendar scope', async () => {
    const failure = await googleFailure(google.calendarFor(0, 'acme', ['openid', 'email']).calendarList.list());
    expect(failure.status).toBe(403);
    expect(failure.body.error).toMatchObject({
      code: 403,
      status: 'PERMISSION_DENIED',
      errors: [{ reason: 'insufficientPermissions' }],
    });
  });

  it('answers 401 UNAUTHENTICATED to an unknown token', async () => {
    const failure = await googleFailure(google.calendarWithToken('ya29.unknown').calendarList.list());
    expect(failure.status).toBe(401);
    expect(failure.body.error.status).toBe('UNAUTHENTICATED');
  });
});

describe('events.list', () => {
  it('expands the standup into weekday instances at the team’s wall time, ordered by start', async () => {
    const response = await google
      .calendarFor(0)
      .events.list({ calendarId: teamCalendarId('acme.test'), singleEvents: true, orderBy: 'startTime', ...window });
    conforms(contract, root, response);
    const items = response.data.items ?? [];
    const standups = items.filter((e) => e.summary === 'Daily standup');
    expect(standups.length).toBeGreaterThanOrEqual(19);
    const zone = response.data.timeZone!;
    for (const event of standups) {
      expect(event.recurringEventId).toBeTruthy();
      expect(event.id?.startsWith(`${event.recurringEventId}_`)).toBe(true);
      expect(event.start?.dateTime?.slice(11, 16)).toBe('09:30');
      expect(event.start?.timeZone).toBe(zone);
      const weekday = new Date(event.start!.dateTime!.slice(0, 10)).getUTCDay();
      expect(weekday).toBeGreaterThanOrEqual(1);
      expect(weekday).toBeLessThanOrEqual(5);
    }
    const starts = items.map((e) => Date.parse(e.start!.dateTime ?? e.start!.date!));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('keeps a series whole without singleEvents, with its recurrence', async () => {
    const response = await google.calendarFor(0).events.list({ calendarId: teamCalendarId('acme.test'), ...window });
    conforms(contract, root, response);
    const series = response.data.items?.find((e) => e.summary === 'Daily standup');
    expect(series?.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR']);
    expect(series?.recurringEventId).toBeUndefined();
  });

  it('shows invitations in an attendee’s primary calendar, marked self, with the stored answer', async () => {
    const store = google.state().calendar;
    const invitation = [...store.events.values()]
      .flat()
      .find((e) => e.attendees?.some((a) => a.email === people()[3].email && !a.organizer) && !e.recurrence)!;
    const response = await google.calendarFor(3).events.get({ calendarId: 'primary', eventId: invitation.id });
    conforms(contract, root, response);
    const me = response.data.attendees?.find((a) => a.self);
    expect(me?.email).toBe(people()[3].email);
    expect(me?.responseStatus).toBe(invitation.attendees!.find((a) => a.email === people()[3].email)!.responseStatus);
    expect(response.data.organizer?.email).toBe(invitation.organizer.email);
  });

  it('walks pages with stable tokens to the same events as one long page, and refuses a tampered token', async () => {
    const client = google.calendarFor(2);
    const query = { calendarId: 'primary', singleEvents: true, orderBy: 'startTime', ...window };
    const whole = (await client.events.list({ ...query, maxResults: 2500 })).data.items!.map((e) => e.id);
    const walked: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const response = await client.events.list({ ...query, maxResults: 7, pageToken });
      conforms(contract, root, response);
      walked.push(...response.data.items!.map((e) => e.id!));
      const again = await client.events.list({ ...query, maxResults: 7, pageToken });
      expect(again.data.nextPageToken).toBe(response.data.nextPageToken ?? undefined);
      pageToken = response.data.nextPageToken ?? undefined;
      pages++;
    } while (pageToken);
    expect(walked).toEqual(whole);
    expect(pages).toBe(Math.ceil(whole.length / 7));
    const first = (await client.events.list({ ...query, maxResults: 3 })).data.nextPageToken!;
    const tampered = await googleFailure(
      client.events.list({ ...query, maxResults: 3, pageToken: `${first.slice(0, -2)}xx` }),
    );
    expect(tampered.status).toBe(400);
    const elsewhere = await googleFailure(
      client.events.list({ ...query, q: 'review', maxResults: 3, pageToken: first }),
    );
    expect(elsewhere.status).toBe(400);
  });

  it('filters by words and refuses orderBy=startTime without singleEvents and a malformed timeMin', async () => {
    const lead = people().find((p) => p.role === 'lead') ?? people()[0];
    const client = google.calendarFor(lead.index);
    const found = (await client.events.list({ calendarId: 'primary', q: '1:1' })).data.items ?? [];
    expect(found.length).toBe(people().length - 1);
    expect(found.every((e) => e.summary?.includes('1:1'))).toBe(true);
    expect((await googleFailure(client.events.list({ calendarId: 'primary', orderBy: 'startTime' }))).status).toBe(400);
    const bad = await googleFailure(client.events.list({ calendarId: 'primary', timeMin: 'yesterday' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(400);
  });

  it('serves all-day events with dates only', async () => {
    const stored = google
      .state()
      .calendar.events.get(people()[1].email)!
      .find((e) => e.start.date)!;
    const response = await google.calendarFor(1).events.get({ calendarId: 'primary', eventId: stored.id });
    conforms(contract, root, response);
    expect(response.data.start).toEqual({ date: stored.start.date });
    expect(response.data.end?.date).toBe(stored.end.date);
  });
});

describe('events.insert, patch, delete and freebusy', () => {
  it('creates a meeting with attendees and Meet, which the attendee sees; patches and deletes it', async () => {
    const organizer = google.calendarFor(4);
    const guest = people()[5];
    const start = SANDBOX_EPOCH + 3 * DAY + 10 * 3_600_000;
    const created = await organizer.events.insert({
      calendarId: 'primary',
      sendUpdates: 'all',
      conferenceDataVersion: 1,
      requestBody: {
        summary: 'Plan the migration',
        start: { dateTime: new Date(start).toISOString() },
        end: { dateTime: new Date(start + 1_800_000).toISOString() },
        attendees: [{ email: guest.email }],
        conferenceData: { createRequest: { requestId: 'plan-1', conferenceSolutionKey: { type: 'hangoutsMeet' } } },
      },
    });
    conforms(contract, root, created);
    expect(created.data.hangoutLink).toMatch(/^https:\/\/meet\.google\.com\//);
    expect(created.data.organizer).toMatchObject({ email: people()[4].email, self: true });
    expect(Date.parse(created.data.start!.dateTime!)).toBe(start);

    const seen = await google.calendarFor(5).events.get({ calendarId: 'primary', eventId: created.data.id! });
    expect(seen.data.attendees?.find((a) => a.self)).toMatchObject({
      email: guest.email,
      responseStatus: 'needsAction',
    });

    const patched = await organizer.events.patch({
      calendarId: 'primary',
      eventId: created.data.id!,
      requestBody: { summary: 'Plan the migration (moved)' },
    });
    conforms(contract, root, patched);
    expect(patched.data).toMatchObject({ summary: 'Plan the migration (moved)', sequence: 1 });

    const emptyRange = await googleFailure(
      organizer.events.patch({
        calendarId: 'primary',
        eventId: created.data.id!,
        requestBody: { end: { dateTime: new Date(start - 1).toISOString() } },
      }),
    );
    expect(emptyRange.status).toBe(400);
    expect((await organizer.events.get({ calendarId: 'primary', eventId: created.data.id! })).data.summary).toBe(
      'Plan the migration (moved)',
    );

    const removed = await organizer.events.delete({ calendarId: 'primary', eventId: created.data.id! });
    expect(removed.status).toBe(204);
    const gone = await googleFailure(organizer.events.get({ calendarId: 'primary', eventId: created.data.id! }));
    expect(gone.status).toBe(404);
    expect(gone.body.error.errors[0].reason).toBe('notFound');
  });

  it('refuses an event without times and a write to a calendar the caller cannot see', async () => {
    const client = google.calendarFor(0);
    expect(
      (await googleFailure(client.events.insert({ calendarId: 'primary', requestBody: { summary: 'no time' } })))
        .status,
    ).toBe(400);
    const across = await googleFailure(
      google.calendarFor(1).events.insert({
        calendarId: people()[0].email,
        requestBody: { summary: 'x', start: { date: '2026-11-03' }, end: { date: '2026-11-04' } },
      }),
    );
    expect(across.status).toBe(404);
  });

  it('answers free/busy from the stored events', async () => {
    const response = await google
      .calendarFor(0)
      .freebusy.query({ requestBody: { ...window, items: [{ id: people()[1].email }, { id: 'nobody@acme.test' }] } });
    conforms(contract, root, response);
    const busy = response.data.calendars?.[people()[1].email]?.busy ?? [];
    expect(busy.length).toBeGreaterThan(0);
    expect(
      busy.every(
        (b) => Date.parse(b.end!) > Date.parse(window.timeMin) && Date.parse(b.start!) < Date.parse(window.timeMax),
      ),
    ).toBe(true);
    expect(response.data.calendars?.['nobody@acme.test']?.errors?.[0]?.reason).toBe('notFound');
  });

  it('answers an injected quota fault in Google’s shape', async () => {
    const id = google.sandbox.faults.add({ prefix: '/google', path: '/calendar/v3/', status: 429 });
    try {
      const failure = await googleFailure(google.calendarFor(0).calendarList.list());
      expect(failure.status).toBe(429);
      expect(failure.body.error.code).toBe(429);
    } finally {
      google.sandbox.faults.clear(id);
    }
  });
});
