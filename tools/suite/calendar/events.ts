import type { calendar_v3 } from '@googleapis/calendar';
import { z } from 'zod';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { calendarOf } from './calendars.js';
import { CalendarId, EventId, EventSchema, eventOf, Rfc3339, startMs, type Event } from './schemas.js';

const TimeWindow = {
  time_min: Rfc3339('time_min')
    .optional()
    .describe('Only events ending after this instant (RFC 3339, e.g. 2026-11-24T00:00:00Z)'),
  time_max: Rfc3339('time_max').optional().describe('Only events starting before this instant (RFC 3339)'),
};

const between = (name: string, max: number, fallback: number) =>
  z
    .number()
    .int(`${name} must be an integer`)
    .min(1, `${name} must be between 1 and ${max}`)
    .max(max, `${name} must be between 1 and ${max}`)
    .default(fallback)
    .describe(`At most this many events, 1-${max} (default ${fallback})`);

/** One page of a calendar's events: Calendar pages at most 2,500 and every bound here fits in one. */
async function eventsIn(
  calendar: calendar_v3.Calendar,
  calendarId: string,
  window: { time_min?: string; time_max?: string },
  maxResults: number,
  orderBy: 'startTime' | 'updated',
): Promise<{ items: calendar_v3.Schema$Event[]; summary: string | null }> {
  const answer = await calendar.events.list({
    calendarId,
    timeMin: window.time_min,
    timeMax: window.time_max,
    maxResults,
    orderBy,
    // Google orders by start time only over expanded occurrences of recurring events.
    singleEvents: orderBy === 'startTime' ? true : undefined,
  });
  return { items: answer.data.items ?? [], summary: answer.data.summary ?? null };
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
    max_results: between('max_results', 2500, 100),
    order_by: z
      .enum(['startTime', 'updated'])
      .default('startTime')
      .describe('startTime (occurrences in start order) or updated (last modified first)'),
  }),
  output: z.object({ events: z.array(EventSchema) }),
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
  async run({ client, args }) {
    const calendar = await client('google').calendar();
    const page = await eventsIn(calendar, args.calendar_id, args, args.max_results, args.order_by);
    return { events: page.items.map((event) => eventOf(event, args.calendar_id, page.summary)) };
  },
});

export const listAllEvents = defineTool({
  system: 'suite',
  name: 'list_all_events',
  title: 'List events of all my calendars',
  description:
    'Events of every calendar in the user’s Google Calendar list, merged and sorted by start time, each naming its calendar. Calendars that could not be read are listed in `failed`.',
  capability: { type: 'read', name: 'suite.calendar.events.list_all' },
  input: z.object({ ...TimeWindow, max_results_per_calendar: between('max_results_per_calendar', 500, 100) }),
  output: z.object({
    events: z.array(EventSchema),
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
  async run({ client, args, fanOut }) {
    const calendar = await client('google').calendar();
    const calendars = ((await calendar.calendarList.list({ maxResults: 250 })).data.items ?? []).map(calendarOf);
    const outcome = await fanOut(
      calendars,
      (entry) => eventsIn(calendar, entry.id, args, args.max_results_per_calendar, 'startTime'),
      { label: (entry) => entry.id },
    );
    const events: Event[] = outcome.results.flatMap(({ resource, value }) =>
      value.items.map((event) => eventOf(event, resource.id, resource.summary)),
    );
    events.sort((a, b) => startMs(a) - startMs(b));
    return { events, calendars_covered: outcome.covered, failed: outcome.failed };
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
