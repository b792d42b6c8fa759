import type { calendar_v3 } from '@googleapis/calendar';
import { z } from 'zod';

/**
 * The calendar records in the spec's snake_case form (Document 2, section 2), each mapped from Google
 * Calendar v3 (the provider behind the Proxy API) in the one function below it. Absent fields are null.
 */
const text = (description: string) => z.string().nullable().describe(description);

export const CalendarSchema = z.object({
  id: z.string().describe('Calendar id in the connected provider; `primary` also names the connected account’s own'),
  name: z.string().describe('Calendar name'),
  description: text('Calendar description'),
  color: text('Background colour, hex (#rrggbb)'),
  timezone: text('IANA time zone of the calendar'),
  read_only: z.boolean().describe('True when the connected account may not add or change events'),
  primary: z.boolean().describe('True for the connected account’s own calendar'),
});
export type UnifiedCalendar = z.infer<typeof CalendarSchema>;

const ATTENDEE_STATUSES = ['needs_action', 'accepted', 'declined', 'tentative'] as const;

export const AttendeeSchema = z.object({
  email: z.string(),
  name: text('Display name'),
  status: z.enum(ATTENDEE_STATUSES).describe('Response: needs_action, accepted, declined or tentative'),
});

export const EventSchema = z.object({
  id: z.string().describe('Event id in the connected provider (an occurrence of a recurring event has its own)'),
  calendar_id: z.string().describe('The calendar it was read from'),
  title: z.string(),
  description: text('Event description'),
  start_datetime: z.string().describe('ISO 8601 start: a date-time with offset, or YYYY-MM-DD for an all-day event'),
  end_datetime: z.string().describe('ISO 8601 end (exclusive day for an all-day event)'),
  timezone: text('IANA time zone of the event'),
  location: text('Where it takes place'),
  all_day: z.boolean(),
  attendees: z.array(AttendeeSchema),
  organizer_email: text('Email of the organizer'),
  html_link: text('Link to the event in the provider'),
});
export type UnifiedEvent = z.infer<typeof EventSchema>;

export const FreeBusySchema = z.object({
  start_datetime: z.string().describe('Start of the window asked about (UTC)'),
  end_datetime: z.string().describe('End of the window asked about (UTC)'),
  attendees: z.array(
    z.object({
      email: z.string(),
      busy: z
        .array(z.object({ start_datetime: z.string(), end_datetime: z.string() }))
        .describe('Busy intervals in the window, in start order'),
      error: text('Why the provider could not tell (e.g. notFound): the attendee’s calendar is unknown or not shared'),
    }),
  ),
});
type FreeBusy = z.infer<typeof FreeBusySchema>;

const WRITABLE = new Set(['owner', 'writer']);

export function calendarOf(entry: calendar_v3.Schema$CalendarListEntry): UnifiedCalendar {
  return {
    id: entry.id ?? '',
    name: entry.summaryOverride ?? entry.summary ?? '',
    description: entry.description ?? null,
    color: entry.backgroundColor ?? null,
    timezone: entry.timeZone ?? null,
    read_only: !WRITABLE.has(entry.accessRole ?? ''),
    primary: entry.primary ?? false,
  };
}

const STATUS: Record<string, (typeof ATTENDEE_STATUSES)[number]> = {
  needsAction: 'needs_action',
  accepted: 'accepted',
  declined: 'declined',
  tentative: 'tentative',
};

/** An event (or one occurrence) as the unified record; `zone` is the calendar's, for events that carry none. */
export function eventOf(event: calendar_v3.Schema$Event, calendarId: string, zone?: string | null): UnifiedEvent {
  const allDay = Boolean(event.start?.date);
  return {
    id: event.id ?? '',
    calendar_id: calendarId,
    title: event.summary ?? '',
    description: event.description ?? null,
    start_datetime: event.start?.dateTime ?? event.start?.date ?? '',
    end_datetime: event.end?.dateTime ?? event.end?.date ?? '',
    timezone: event.start?.timeZone ?? zone ?? null,
    location: event.location ?? null,
    all_day: allDay,
    attendees: (event.attendees ?? []).map((a) => ({
      email: a.email ?? '',
      name: a.displayName ?? null,
      status: STATUS[a.responseStatus ?? ''] ?? 'needs_action',
    })),
    organizer_email: event.organizer?.email ?? null,
    html_link: event.htmlLink ?? null,
  };
}

export function freeBusyOf(answer: calendar_v3.Schema$FreeBusyResponse, attendees: readonly string[]): FreeBusy {
  return {
    start_datetime: answer.timeMin ?? '',
    end_datetime: answer.timeMax ?? '',
    attendees: attendees.map((email) => {
      const calendar = answer.calendars?.[email];
      return {
        email,
        busy: (calendar?.busy ?? []).map((b) => ({ start_datetime: b.start ?? '', end_datetime: b.end ?? '' })),
        error: calendar ? (calendar.errors?.[0]?.reason ?? null) : 'notFound',
      };
    }),
  };
}
