import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { GOOGLE_MAX_CALENDARS, GoogleCalendarProxy } from './google.js';
import { calendarOf, CalendarSchema, type UnifiedCalendar } from './records.js';

export const CalendarId = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .describe('Calendar id from calendar_list_calendars; `primary` names the connected account’s own calendar');

const NOT_SUITE = 'The user’s own Google account (suite_list_calendars, suite_get_calendar).';

export const listCalendars = defineTool({
  system: 'calendar',
  name: 'list_calendars',
  title: 'List the tenant’s calendars',
  description:
    'Calendars of the calendar provider the tenant connected (unified calendar, through the unified API’s proxy): name, colour, time zone, read-only flag. Its ids name a calendar in calendar_list_events and the other event tools.',
  capability: { type: 'read', name: 'calendar.calendars.list' },
  input: z.object({}),
  list: { key: 'calendars', defaultLimit: 100 },
  item: CalendarSchema,
  hints: {
    aliases: [
      'team calendars',
      'company calendars',
      'connected calendar',
      'unified calendar',
      'shared team calendar list',
    ],
    when_to_use:
      'To see the calendars of the tenant’s connected calendar integration (unified calendar API), or find a calendar id.',
    not_for: NOT_SUITE,
    examples: [
      { query: 'which calendars does the team calendar integration have', tool: 'list_calendars', params: {} },
    ],
  },
  async run({ client }) {
    const google = new GoogleCalendarProxy(client('unify'));
    const calendars: UnifiedCalendar[] = [];
    let pageToken: string | undefined;
    do {
      const answer = await google.calendarList(pageToken, GOOGLE_MAX_CALENDARS);
      for (const entry of answer.items ?? []) calendars.push(calendarOf(entry));
      pageToken = answer.nextPageToken ?? undefined;
    } while (pageToken);
    return { items: calendars };
  },
});

export const getCalendar = defineTool({
  system: 'calendar',
  name: 'get_calendar',
  title: 'Get one of the tenant’s calendars',
  description:
    'One calendar of the tenant’s connected calendar provider (unified calendar) by id: name, description, colour, time zone and whether it is read-only.',
  capability: { type: 'read', name: 'calendar.calendars.get' },
  input: z.object({ calendar_id: CalendarId }),
  output: CalendarSchema,
  hints: {
    aliases: ['team calendar details', 'connected calendar time zone'],
    when_to_use: 'To read one connected calendar’s time zone, colour or whether events can be added to it.',
    not_for: NOT_SUITE,
    examples: [
      { query: 'time zone of the team calendar primary', tool: 'get_calendar', params: { calendar_id: 'primary' } },
    ],
  },
  target: (args) => ({ type: 'calendar', id: args.calendar_id }),
  run: async ({ client, args }) =>
    calendarOf(await new GoogleCalendarProxy(client('unify')).calendar(args.calendar_id)),
});
