import type { calendar_v3 } from '@googleapis/calendar';
import { z } from 'zod';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { itemsWanted, type PageRequest } from '../../../src/toolkit/pagination.js';
import { readWindow, windowListPage, type Window } from '../../shared/cursor-window.js';
import { boundedCount } from '../bounds.js';
import { calendarOf } from './calendars.js';
import { CalendarId, EventId, EventSchema, eventOf, Rfc3339, startMs, type Event } from './schemas.js';

const TimeWindow = {
  time_min: Rfc3339('time_min')
    .optional()
    .describe('Only events ending after this instant (RFC 3339, e.g. 2026-11-24T00:00:00Z)'),
  time_max: Rfc3339('time_max').optional().describe('Only events starting before this instant (RFC 3339)'),
};

/** Google Calendar's longest page of events. */
const CALENDAR_PAGE = 2500;

/**
 * The page's events of one calendar, walked with Google's page tokens (see readWindow), and the
 * calendar's name as Google gives it with each page.
 */
export async function eventsIn(
  calendar: calendar_v3.Calendar,
  calendarId: string,
  window: { time_min?: string; time_max?: string },
  page: PageRequest,
  orderBy: 'startTime' | 'updated',
): Promise<{ window: Window<calendar_v3.Schema$Event>; summary: string | null }> {
  let summary: string | null = null;
  const read = await readWindow(
    async (pageToken, maxResults) => {
      const answer = await calendar.events.list({
        calendarId,
        timeMin: window.time_min,
        timeMax: window.time_max,
        maxResults,
        pageToken,
        orderBy,
        // Google orders by start time only over expanded occurrences of recurring events.
        singleEvents: orderBy === 'startTime' ? true : undefined,
      });
      summary ??= answer.data.summary ?? null;
      return { records: answer.data.items ?? [], next: answer.data.nextPageToken ?? null };
    },
    page,
    CALENDAR_PAGE,
  );
  return { window: read, summary };
}

export const listEvents = defineTool({
  system: 'suite',
  name: 'list_events',
  title: 'List events of one of my calendars',
  description:
    'Events of one Google calendar (`primary` by default) in a time window, recurring events expanded into their occurrences when ordered by start time. Each event has its times, location, organizer, attendees and their responses.',
  capability: { type: 'read', name: 'suite.calendar.events.list' },
  input: z.object({
    calendar_id: CalendarId.default('primary'),
    ...TimeWindow,
    max_results: boundedCount('max_results', CALENDAR_PAGE, 100),
    order_by: z
      .enum(['startTime', 'updated'])
      .default('startTime')
      .describe('startTime (occurrences in start order) or updated (last modified first)'),
  }),
  list: { key: 'events', defaultLimit: 100, limitAlias: 'max_results' },
  item: EventSchema,
  hints: {
    aliases: ['my meetings', 'google calendar events', 'what is on my calendar', 'agenda'],
    when_to_use: 'To see the user’s meetings in one calendar for a day, week or any window.',
    not_for: 'Every calendar at once (suite_list_all_events); one event by id (suite_get_event).',
    examples: [
      {
        query: 'what meetings do I have tomorrow in google calendar',
        tool: 'list_events',
        params: { calendar_id: 'primary', time_min: '2026-11-24T00:00:00Z', time_max: '2026-11-25T00:00:00Z' },
      },
    ],
  },
  async run({ client, args, page }) {
    const calendar = await client('google').calendar();
    const { window, summary } = await eventsIn(calendar, args.calendar_id, args, page, args.order_by);
    return windowListPage(window, page, (event) => eventOf(event, args.calendar_id, summary));
  },
});

export const listAllEvents = defineTool({
  system: 'suite',
  name: 'list_all_events',
  title: 'List events of all my calendars',
  description:
    'Events of every calendar in the user’s Google Calendar list, merged and sorted by start time, each naming its calendar. Calendars that could not be read are listed in `failed`.',
  capability: { type: 'read', name: 'suite.calendar.events.list_all' },
  input: z.object({
    ...TimeWindow,
    max_results_per_calendar: z
      .number()
      .int('max_results_per_calendar must be an integer')
      .min(1, 'max_results_per_calendar must be between 1 and 500')
      .max(500, 'max_results_per_calendar must be between 1 and 500')
      .default(100)
      .describe('At most this many events of each calendar make up the list, 1-500 (default 100)'),
  }),
  list: { key: 'events', defaultLimit: 100 },
  item: EventSchema,
  extra: z.object({
    calendars_covered: z.number().int().describe('Calendars read'),
    failed: z.array(z.object({ resource: z.string(), error: z.object({ code: z.string(), message: z.string() }) })),
  }),
  hints: {
    aliases: ['all my calendars', 'full agenda', 'every calendar events', 'team and personal calendar'],
    when_to_use: 'To see everything on the user’s calendars at once: their own, shared and subscribed.',
    not_for: 'One calendar (suite_list_events); the calendar list itself (suite_list_calendars).',
    examples: [
      {
        query: 'show everything on all my google calendars this week',
        tool: 'list_all_events',
        params: { time_min: '2026-11-23T00:00:00Z', time_max: '2026-11-30T00:00:00Z' },
      },
    ],
  },
  async run({ client, args, fanOut, page }) {
    const calendar = await client('google').calendar();
    const calendars = ((await calendar.calendarList.list({ maxResults: 250 })).data.items ?? []).map(calendarOf);
    // Each calendar's first events up to the page's end are enough to merge the page in start order.
    const perCalendar = { offset: 0, limit: Math.min(args.max_results_per_calendar, itemsWanted(page)) };
    const outcome = await fanOut(calendars, (entry) => eventsIn(calendar, entry.id, args, perCalendar, 'startTime'), {
      label: (entry) => entry.id,
    });
    const events: Event[] = outcome.results.flatMap(({ resource, value }) =>
      value.window.records.map((event) => eventOf(event, resource.id, resource.summary)),
    );
    events.sort((a, b) => startMs(a) - startMs(b));
    return { items: events, extra: { calendars_covered: outcome.covered, failed: outcome.failed } };
  },
});

export const getEvent = defineTool({
  system: 'suite',
  name: 'get_event',
  title: 'Get a calendar event',
  description:
    'One event of a Google calendar by id: times, description, location, organizer, attendees and their responses, and its link.',
  capability: { type: 'read', name: 'suite.calendar.events.get' },
  input: z.object({ calendar_id: CalendarId.default('primary'), event_id: EventId }),
  output: EventSchema,
  hints: {
    aliases: ['meeting details', 'who is attending', 'event attendees'],
    when_to_use: 'To read one meeting in full, e.g. who accepted it.',
    not_for: 'Finding events by time (suite_list_events).',
    examples: [
      {
        query: 'who is coming to google calendar event sbx00000012a',
        tool: 'get_event',
        params: { calendar_id: 'primary', event_id: 'sbx00000012a' },
      },
    ],
  },
  async run({ client, args }) {
    const calendar = await client('google').calendar();
    const answer = await calendar.events.get({ calendarId: args.calendar_id, eventId: args.event_id });
    return eventOf(answer.data, args.calendar_id, null);
  },
});
