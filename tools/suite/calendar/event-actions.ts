import type { calendar_v3 } from '@googleapis/calendar';
import { z } from 'zod';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { CalendarId, EventId, EventSchema, eventOf } from './schemas.js';

const EventFields = {
  summary: z.string().min(1).max(1024).describe('Title of the event'),
  start_datetime: z.iso
    .datetime({
      offset: true,
      local: true,
      error: 'start_datetime must be an ISO 8601 date-time, e.g. 2026-11-24T10:00:00',
    })
    .describe('Start, e.g. 2026-11-24T10:00:00 (with start_timezone) or 2026-11-24T10:00:00Z'),
  start_timezone: z.string().min(1).max(64).optional().describe('IANA time zone of the start, e.g. Europe/Paris'),
  end_datetime: z.iso
    .datetime({
      offset: true,
      local: true,
      error: 'end_datetime must be an ISO 8601 date-time, e.g. 2026-11-24T11:00:00',
    })
    .describe('End, same form as start_datetime'),
  end_timezone: z.string().min(1).max(64).optional().describe('IANA time zone of the end'),
  description: z.string().max(8192).optional().describe('Event description'),
  location: z.string().max(1024).optional().describe('Where it happens'),
  attendee_emails: z.array(z.email()).max(100).optional().describe('Email addresses to invite'),
};

type Fields = Partial<{ [K in keyof typeof EventFields]: z.infer<(typeof EventFields)[K]> }>;

/** The Calendar request body of the fields given (PATCH semantics: absent fields are not sent). */
function eventBody(fields: Fields): calendar_v3.Schema$Event {
  const time = (dateTime?: string, timeZone?: string) =>
    dateTime ? { dateTime, ...(timeZone ? { timeZone } : {}) } : undefined;
  return {
    ...(fields.summary !== undefined ? { summary: fields.summary } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(fields.location !== undefined ? { location: fields.location } : {}),
    ...(fields.start_datetime ? { start: time(fields.start_datetime, fields.start_timezone) } : {}),
    ...(fields.end_datetime ? { end: time(fields.end_datetime, fields.end_timezone) } : {}),
    ...(fields.attendee_emails ? { attendees: fields.attendee_emails.map((email) => ({ email })) } : {}),
  };
}

export const createEvent = defineTool({
  system: 'suite',
  name: 'create_event',
  title: 'Create a calendar event',
  description:
    'Schedule a meeting: create an event in one of the user’s Google calendars (`primary` by default), optionally inviting attendees by email. Returns its id and link.',
  capability: { type: 'action', name: 'suite.calendar.events.create', idempotent: false },
  input: z.object({ calendar_id: CalendarId.default('primary'), ...EventFields }),
  output: z.object({ id: z.string(), summary: z.string(), htmlLink: z.string().nullable() }),
  hints: {
    aliases: ['schedule a meeting', 'book a meeting', 'add to my calendar', 'new calendar event', 'invite to meeting'],
    when_to_use: 'To put a meeting or reminder on the user’s Google calendar and invite people.',
    not_for: 'Changing an existing event (suite_update_event).',
    examples: [
      {
        query: 'schedule a design review tomorrow 10 to 11 in google calendar with ana@acme.test',
        tool: 'create_event',
        params: {
          summary: 'Design review',
          start_datetime: '2026-11-24T10:00:00Z',
          end_datetime: '2026-11-24T11:00:00Z',
          attendee_emails: ['ana@acme.test'],
        },
      },
    ],
  },
  verify: (result, args) =>
    result.id
      ? result.summary === args.summary
        ? undefined
        : `the event is titled "${result.summary}"`
      : 'no event was created',
  async run({ client, args }) {
    const calendar = await client('google').calendar();
    const { data } = await calendar.events.insert({ calendarId: args.calendar_id, requestBody: eventBody(args) });
    return { id: data.id ?? '', summary: data.summary ?? '', htmlLink: data.htmlLink ?? null };
  },
});

export const updateEvent = defineTool({
  system: 'suite',
  name: 'update_event',
  title: 'Update a calendar event',
  description:
    'Change fields of an event of the user’s Google calendar; fields not given keep their values (attendee_emails replaces the attendee list). Returns the event as it now is.',
  capability: { type: 'action', name: 'suite.calendar.events.update', idempotent: true },
  input: z
    .object({ calendar_id: CalendarId.default('primary'), event_id: EventId })
    .extend(z.object(EventFields).partial().shape),
  output: EventSchema,
  hints: {
    aliases: ['reschedule meeting', 'move meeting', 'rename event', 'change meeting location'],
    when_to_use: 'To move, rename or re-describe an existing Google calendar event.',
    not_for: 'Creating events (suite_create_event); cancelling (suite_delete_event).',
    examples: [
      {
        query: 'move google calendar event sbx00000012a to 3pm',
        tool: 'update_event',
        params: {
          event_id: 'sbx00000012a',
          start_datetime: '2026-11-24T15:00:00Z',
          end_datetime: '2026-11-24T16:00:00Z',
        },
      },
    ],
  },
  verify: (result, args) =>
    args.summary !== undefined && result.summary !== args.summary
      ? `the summary is still "${result.summary}"`
      : undefined,
  async run({ client, args }) {
    const calendar = await client('google').calendar();
    const { data } = await calendar.events.patch({
      calendarId: args.calendar_id,
      eventId: args.event_id,
      requestBody: eventBody(args),
    });
    return eventOf(data, args.calendar_id, null);
  },
});

export const deleteEvent = defineTool({
  system: 'suite',
  name: 'delete_event',
  title: 'Delete a calendar event',
  description: 'Delete (cancel) an event of the user’s Google calendar.',
  capability: { type: 'action', name: 'suite.calendar.events.delete', idempotent: true, destructive: true },
  input: z.object({ calendar_id: CalendarId.default('primary'), event_id: EventId }),
  output: z.object({ deleted: z.boolean(), calendar_id: z.string(), event_id: z.string() }),
  hints: {
    aliases: ['cancel meeting', 'remove calendar event', 'delete meeting'],
    when_to_use: 'To cancel a meeting on the user’s Google calendar.',
    not_for: 'Declining someone else’s invitation; changing an event (suite_update_event).',
    examples: [
      {
        query: 'cancel google calendar event sbx00000012a',
        tool: 'delete_event',
        params: { event_id: 'sbx00000012a' },
      },
    ],
  },
  verify: (result) => (result.deleted ? undefined : 'the event was not deleted'),
  async run({ client, args }) {
    const calendar = await client('google').calendar();
    await calendar.events.delete({ calendarId: args.calendar_id, eventId: args.event_id });
    return { deleted: true, calendar_id: args.calendar_id, event_id: args.event_id };
  },
});
