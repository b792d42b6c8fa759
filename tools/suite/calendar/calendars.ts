import { z } from 'zod';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { CalendarId } from './schemas.js';

export const CalendarSchema = z.object({
  id: z.string().describe('Calendar id; `primary` also names the user’s own'),
  summary: z.string(),
  description: z.string().nullable(),
  timeZone: z.string().nullable(),
  accessRole: z.string().describe('owner, writer, reader or freeBusyReader'),
  primary: z.boolean(),
});
export type Calendar = z.infer<typeof CalendarSchema>;

/** A Calendar API calendar-list entry as the spec's Calendar record. */
export function calendarOf(entry: {
  id?: string | null;
  summary?: string | null;
  summaryOverride?: string | null;
  description?: string | null;
  timeZone?: string | null;
  accessRole?: string | null;
  primary?: boolean | null;
}): Calendar {
  return {
    id: entry.id ?? '',
    summary: entry.summaryOverride ?? entry.summary ?? '',
    description: entry.description ?? null,
    timeZone: entry.timeZone ?? null,
    accessRole: entry.accessRole ?? 'reader',
    primary: entry.primary ?? false,
  };
}

export const listCalendars = defineTool({
  system: 'suite',
  name: 'list_calendars',
  title: 'List my calendars',
  description:
    'The calendars in the user’s Google Calendar list (their own, shared and subscribed), with the access the user has to each. Its ids name a calendar in the event tools.',
  capability: { type: 'read', name: 'suite.calendars.list' },
  input: z.object({}),
  list: { key: 'calendars', defaultLimit: 100 },
  item: CalendarSchema,
  hints: {
    aliases: ['my calendars', 'google calendars', 'calendar list', 'shared calendars'],
    when_to_use: 'To see which Google calendars the user has, or find the id of a shared calendar.',
    not_for: 'The events themselves; calendars of the unified calendar API.',
    examples: [{ query: 'which calendars do I have in google calendar', tool: 'list_calendars', params: {} }],
  },
  async run({ client }) {
    const calendar = await client('google').calendar();
    const calendars: Calendar[] = [];
    let pageToken: string | undefined;
    do {
      const answer = await calendar.calendarList.list({ maxResults: 250, pageToken });
      for (const entry of answer.data.items ?? []) calendars.push(calendarOf(entry));
      pageToken = answer.data.nextPageToken ?? undefined;
    } while (pageToken);
    return { items: calendars };
  },
});

export const getCalendar = defineTool({
  system: 'suite',
  name: 'get_calendar',
  title: 'Get one of my calendars',
  description:
    'One calendar of the user’s Google Calendar list by id (`primary` for their own): its name, description, time zone and the user’s access role.',
  capability: { type: 'read', name: 'suite.calendars.get' },
  input: z.object({ calendar_id: CalendarId.default('primary') }),
  output: CalendarSchema,
  hints: {
    aliases: ['calendar details', 'calendar time zone', 'my primary calendar'],
    when_to_use: 'To read one calendar’s time zone, name or the user’s access to it.',
    not_for: 'Listing all calendars (suite_list_calendars); events (suite_list_events).',
    examples: [
      { query: 'what time zone is my google calendar in', tool: 'get_calendar', params: { calendar_id: 'primary' } },
    ],
  },
  async run({ client, args }) {
    const calendar = await client('google').calendar();
    return calendarOf((await calendar.calendarList.get({ calendarId: args.calendar_id })).data);
  },
});
