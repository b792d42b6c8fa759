import type { calendar_v3 } from '@googleapis/calendar';
import { z } from 'zod';

/** A calendar id, or `primary` for the user's own. */
export const CalendarId = z
  .string()
  .min(1)
  .max(1024)
  .describe('Calendar id from suite_list_calendars; `primary` names the user’s own calendar');
export const EventId = z
  .string()
  .min(1)
  .max(1024)
  .describe('Event id (from suite_list_events or suite_list_all_events)');
/** RFC 3339 with an offset, as Calendar's timeMin and timeMax require. */
export const Rfc3339 = (what: string) =>
  z.iso.datetime({
    offset: true,
    error: `${what} must be an RFC 3339 date-time with an offset, e.g. 2026-11-24T09:00:00Z`,
  });

const EventTimeSchema = z.object({
  dateTime: z.string().nullable().describe('RFC 3339 start or end of a timed event'),
  date: z.string().nullable().describe('yyyy-mm-dd of an all-day event'),
  timeZone: z.string().nullable(),
});

export const AttendeeSchema = z.object({
  email: z.string(),
  displayName: z.string().nullable(),
  responseStatus: z.string().describe('needsAction, declined, tentative or accepted'),
  organizer: z.boolean(),
});

/** The spec's Event record, with description, status and organizer added for readers. */
export const EventSchema = z.object({
  id: z.string(),
  summary: z.string(),
  description: z.string().nullable(),
  status: z.string().describe('confirmed, tentative or cancelled'),
  start: EventTimeSchema,
  end: EventTimeSchema,
  calendar_id: z.string(),
  calendar_name: z.string().nullable(),
  location: z.string().nullable(),
  organizer: z.object({ email: z.string().nullable(), displayName: z.string().nullable() }),
  attendees: z.array(AttendeeSchema),
  htmlLink: z.string().nullable(),
  recurringEventId: z.string().nullable(),
});
export type Event = z.infer<typeof EventSchema>;

const timeOf = (time: calendar_v3.Schema$EventDateTime | undefined) => ({
  dateTime: time?.dateTime ?? null,
  date: time?.date ?? null,
  timeZone: time?.timeZone ?? null,
});

/** A Calendar API event as the spec's Event record, naming the calendar it was read from. */
export function eventOf(event: calendar_v3.Schema$Event, calendarId: string, calendarName: string | null): Event {
  return {
    id: event.id ?? '',
    summary: event.summary ?? '',
    description: event.description ?? null,
    status: event.status ?? 'confirmed',
    start: timeOf(event.start),
    end: timeOf(event.end),
    calendar_id: calendarId,
    calendar_name: calendarName,
    location: event.location ?? null,
    organizer: { email: event.organizer?.email ?? null, displayName: event.organizer?.displayName ?? null },
    attendees: (event.attendees ?? []).map((a) => ({
      email: a.email ?? '',
      displayName: a.displayName ?? null,
      responseStatus: a.responseStatus ?? 'needsAction',
      organizer: a.organizer ?? false,
    })),
    htmlLink: event.htmlLink ?? null,
    recurringEventId: event.recurringEventId ?? null,
  };
}

/** Start instant in ms for sorting (all-day events at their date's midnight UTC). */
export const startMs = (event: Event): number =>
  Date.parse(event.start.dateTime ?? (event.start.date ? `${event.start.date}T00:00:00Z` : '')) || 0;
