import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { readWindow, windowListPage } from '../shared/cursor-window.js';
import { checkRange, EventBody, timeRangeProblem, toGoogleEvent } from './bodies.js';
import { CalendarId } from './calendars.js';
import { GOOGLE_MAX_EVENTS, GoogleCalendarProxy } from './google.js';
import { eventOf, EventSchema, type UnifiedEvent } from './records.js';

const EventId = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .describe('Event id (from calendar_list_events or calendar_create_event)');
const Bound = (what: string) =>
  z.iso.datetime({
    offset: true,
    error: `${what} must be an ISO 8601 date-time with an offset, e.g. 2026-11-24T09:00:00Z`,
  });
const NOT_SUITE = 'the user’s own Google account';

export const listEvents = defineTool({
  system: 'calendar',
  name: 'list_events',
  title: 'List events of a connected calendar',
  description:
    'Events of one calendar of the tenant’s connected calendar provider (unified calendar), one row per occurrence in start order, optionally between time_min and time_max or matching text q; one page at a time: repeat with cursor = pagination.next_cursor while has_more.',
  capability: { type: 'read', name: 'calendar.events.list' },
  input: z.object({
    calendar_id: CalendarId,
    time_min: Bound('time_min').describe('Only events ending after this (ISO 8601 with offset)').optional(),
    time_max: Bound('time_max').describe('Only events starting before this (ISO 8601 with offset)').optional(),
    q: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe('Only events whose text (title, description, location, attendees) contains these words')
      .optional(),
  }),
  list: { key: 'events', defaultLimit: 50 },
  item: EventSchema,
  hints: {
    aliases: [
      'team calendar events',
      'meetings in the connected calendar',
      'unified calendar agenda',
      'what is on the company calendar',
    ],
    when_to_use: 'To read what is scheduled on a calendar of the tenant’s connected calendar integration.',
    not_for: `Meetings in ${NOT_SUITE} (suite_list_events).`,
    examples: [
      {
        query: 'team calendar events this week',
        tool: 'list_events',
        params: { calendar_id: 'primary', time_min: '2026-11-23T00:00:00Z', time_max: '2026-11-30T00:00:00Z' },
      },
    ],
  },
  async run({ client, args, page }): Promise<ListPage<UnifiedEvent>> {
    const google = new GoogleCalendarProxy(client('unify'));
    let zone: string | null = null;
    const window = await readWindow(
      async (pageToken, maxResults) => {
        const answer = await google.events(args.calendar_id, {
          pageToken,
          maxResults,
          timeMin: args.time_min,
          timeMax: args.time_max,
          q: args.q,
        });
        zone ??= answer.timeZone ?? null;
        return { records: answer.items ?? [], next: answer.nextPageToken ?? null };
      },
      page,
      GOOGLE_MAX_EVENTS,
    );
    return windowListPage(window, page, (event) => eventOf(event, args.calendar_id, zone));
  },
});

export const getEvent = defineTool({
  system: 'calendar',
  name: 'get_event',
  title: 'Get an event of a connected calendar',
  description:
    'One event of the tenant’s connected calendar provider (unified calendar) by calendar and event id: times, location, attendees and their responses.',
  capability: { type: 'read', name: 'calendar.events.get' },
  input: z.object({ calendar_id: CalendarId, event_id: EventId }),
  output: EventSchema,
  hints: {
    aliases: ['team meeting details', 'who attends the team event'],
    when_to_use: 'When you know an event id of the connected calendar and need its details or attendees.',
    not_for: `Events of ${NOT_SUITE} (suite_get_event).`,
    examples: [
      {
        query: 'details of team calendar event 5b1ilnr34tt10p3e8pbqnp7nts',
        tool: 'get_event',
        params: { calendar_id: 'primary', event_id: '5b1ilnr34tt10p3e8pbqnp7nts' },
      },
    ],
  },
  target: (args) => ({ type: 'calendar_event', id: args.event_id }),
  run: async ({ client, args }) =>
    eventOf(await new GoogleCalendarProxy(client('unify')).event(args.calendar_id, args.event_id), args.calendar_id),
});

/** What was sent must be what is stored: the title, and the times' instants. */
function mismatch(
  result: UnifiedEvent,
  args: { title?: string; startDateTime?: string; endDateTime?: string },
): string | undefined {
  if (args.title !== undefined && result.title !== args.title)
    return `title is ${JSON.stringify(result.title)}, not ${JSON.stringify(args.title)}`;
  for (const [sent, stored, name] of [
    [args.startDateTime, result.start_datetime, 'start_datetime'],
    [args.endDateTime, result.end_datetime, 'end_datetime'],
  ] as const) {
    if (sent !== undefined && /[zZ]|[+-]\d{2}:\d{2}$/.test(sent) && Date.parse(sent) !== Date.parse(stored))
      return `${name} is ${stored}, not ${sent}`;
  }
  return undefined;
}

export const createEvent = defineTool({
  system: 'calendar',
  name: 'create_event',
  title: 'Create an event in a connected calendar',
  description:
    'Create an event in a calendar of the tenant’s connected calendar provider (unified calendar); returns the stored event. Not idempotent: a failed call is never resent automatically.',
  capability: { type: 'action', name: 'calendar.events.create', idempotent: false },
  input: z.object({ calendar_id: CalendarId, ...EventBody }).superRefine(checkRange),
  output: EventSchema,
  hints: {
    aliases: [
      'schedule a meeting on the team calendar',
      'add event to team calendar',
      'book in connected calendar',
      'new team event',
    ],
    when_to_use: 'To put an event on a calendar of the tenant’s connected calendar integration.',
    not_for: `Booking in ${NOT_SUITE} (suite_create_event).`,
    examples: [
      {
        query: 'put a team sync on the team calendar tomorrow 9-10 UTC',
        tool: 'create_event',
        params: {
          calendar_id: 'primary',
          title: 'Team sync',
          startDateTime: '2026-11-24T09:00:00Z',
          endDateTime: '2026-11-24T10:00:00Z',
        },
      },
    ],
  },
  verify: (result, args) => mismatch(result, args),
  async run({ client, args }) {
    const { calendar_id, ...body } = args;
    return eventOf(
      await new GoogleCalendarProxy(client('unify')).createEvent(calendar_id, toGoogleEvent(body)),
      calendar_id,
    );
  },
});

const updateShape = Object.fromEntries(
  Object.entries(EventBody).map(([name, schema]) => [name, schema.optional()]),
) as {
  [K in keyof typeof EventBody]: z.ZodOptional<(typeof EventBody)[K]>;
};

export const updateEvent = defineTool({
  system: 'calendar',
  name: 'update_event',
  title: 'Update an event of a connected calendar',
  description:
    'Change fields of an event of the tenant’s connected calendar provider (unified calendar); fields left out keep their values (a time given alone is checked against the stored other end). Returns the stored event.',
  capability: { type: 'action', name: 'calendar.events.update', idempotent: true, destructive: true },
  input: z.object({ calendar_id: CalendarId, event_id: EventId, ...updateShape }).superRefine(checkRange),
  output: EventSchema,
  hints: {
    aliases: ['reschedule team meeting', 'move team calendar event', 'rename event in connected calendar'],
    when_to_use: 'To move, rename or re-describe an event of the tenant’s connected calendar.',
    not_for: `Events of ${NOT_SUITE} (suite_update_event).`,
    examples: [
      {
        query: 'move team calendar event sbx00000001a to 14:00-15:00 UTC on 2026-11-25',
        tool: 'update_event',
        params: {
          calendar_id: 'primary',
          event_id: 'sbx00000001a',
          startDateTime: '2026-11-25T14:00:00Z',
          endDateTime: '2026-11-25T15:00:00Z',
        },
      },
    ],
  },
  target: (args) => ({ type: 'calendar_event', id: args.event_id }),
  verify: (result, args) => mismatch(result, args),
  async run({ client, args }) {
    const { calendar_id, event_id, ...changes } = args;
    if (Object.values(changes).every((value) => value === undefined)) {
      throw new AppError(
        'VALIDATION_ERROR',
        `Nothing to change: give at least one of ${Object.keys(EventBody).join(', ')}`,
      );
    }
    const google = new GoogleCalendarProxy(client('unify'));
    if ((changes.startDateTime === undefined) !== (changes.endDateTime === undefined)) {
      // One end moves: it must still make a range with the stored other end (and keep its kind).
      const current = eventOf(await google.event(calendar_id, event_id), calendar_id);
      const start = changes.startDateTime ?? current.start_datetime;
      const end = changes.endDateTime ?? current.end_datetime;
      const problem = timeRangeProblem(start, end, changes.timezone ?? current.timezone ?? undefined);
      if (problem)
        throw new AppError(
          'VALIDATION_ERROR',
          `${problem.field === 'endDateTime' && changes.endDateTime === undefined ? 'startDateTime' : problem.field}: ${problem.message}`,
        );
    }
    return eventOf(await google.patchEvent(calendar_id, event_id, toGoogleEvent(changes)), calendar_id);
  },
});

export const deleteEvent = defineTool({
  system: 'calendar',
  name: 'delete_event',
  title: 'Delete an event of a connected calendar',
  description: 'Delete (cancel) an event of the tenant’s connected calendar provider (unified calendar).',
  capability: { type: 'action', name: 'calendar.events.delete', idempotent: true, destructive: true },
  input: z.object({ calendar_id: CalendarId, event_id: EventId }),
  output: z.object({ deleted: z.boolean(), calendar_id: z.string(), event_id: z.string() }),
  hints: {
    aliases: ['cancel team meeting', 'remove event from team calendar'],
    when_to_use: 'To cancel an event of the tenant’s connected calendar.',
    not_for: `Events of ${NOT_SUITE} (suite_delete_event).`,
    examples: [
      {
        query: 'cancel team calendar event sbx00000001a',
        tool: 'delete_event',
        params: { calendar_id: 'primary', event_id: 'sbx00000001a' },
      },
    ],
  },
  target: (args) => ({ type: 'calendar_event', id: args.event_id }),
  verify: (result) => (result.deleted ? undefined : 'the event was not deleted'),
  async run({ client, args }) {
    await new GoogleCalendarProxy(client('unify')).deleteEvent(args.calendar_id, args.event_id);
    return { deleted: true, calendar_id: args.calendar_id, event_id: args.event_id };
  },
});
