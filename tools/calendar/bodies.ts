import type { calendar_v3 } from '@googleapis/calendar';
import { z } from 'zod';

/**
 * The calendar routes' bodies and the tools' arguments (spec: title, description, startDateTime,
 * endDateTime in ISO 8601, timezone, location; attendees added as a list of emails), checked before
 * anything is sent and mapped to Google's event in one place.
 *
 * A time is a date-time with an offset (`2026-11-24T09:00:00Z`), a local date-time read in `timezone`
 * (`2026-11-24T09:00:00`), or a date (`2026-11-24`) for an all-day event; start and end are of one kind.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateTime = z.iso.datetime({ offset: true, local: true });
const date = z.iso.date();

const IsoTime = (what: string) =>
  z
    .string()
    .refine((value) => dateTime.safeParse(value).success || date.safeParse(value).success, {
      error: `must be an ISO 8601 date-time (2026-11-24T09:00:00Z, or local with timezone) or a date (2026-11-24)`,
    })
    .describe(
      `${what}: ISO 8601 date-time with offset (2026-11-24T09:00:00Z), local date-time read in timezone, or YYYY-MM-DD for an all-day event`,
    );

/** An IANA zone the runtime knows (Intl throws RangeError for any other). */
function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const Email = z.email('must be a valid email address').max(254);

export const EventBody = {
  title: z.string().trim().min(1).max(1024).describe('Event title'),
  description: z.string().max(8192).describe('Event description').optional(),
  startDateTime: IsoTime('Start'),
  endDateTime: IsoTime('End (exclusive day for an all-day event)'),
  timezone: z
    .string()
    .max(64)
    .refine(isZone, { error: 'must be an IANA time zone such as Europe/Paris' })
    .describe('IANA time zone, e.g. Europe/Paris (the calendar’s when omitted)')
    .optional(),
  location: z.string().max(1024).describe('Where it takes place').optional(),
  attendees: z.array(Email).max(100).describe('Emails of the people to invite').optional(),
};

type Kind = 'date' | 'offset' | 'local';
const kindOf = (value: string): Kind =>
  DATE.test(value) ? 'date' : /(Z|[+-]\d{2}:\d{2})$/i.test(value) ? 'offset' : 'local';
/** A comparable instant: local times of one zone compare as if UTC. */
const instantOf = (value: string, kind: Kind): number =>
  kind === 'offset' ? Date.parse(value) : Date.parse(kind === 'date' ? `${value}T00:00:00Z` : `${value}Z`);

/** Why a start and end do not make an event, with the field to name; undefined when they do. */
export function timeRangeProblem(
  start: string,
  end: string,
  timezone: string | undefined,
): { field: string; message: string } | undefined {
  const [startKind, endKind] = [kindOf(start), kindOf(end)];
  if (startKind !== endKind)
    return {
      field: 'endDateTime',
      message: 'must be of the same kind as startDateTime (both dates, both with an offset, or both local)',
    };
  if (startKind === 'local' && timezone === undefined)
    return { field: 'timezone', message: 'is required when startDateTime and endDateTime carry no offset' };
  const [from, to] = [instantOf(start, startKind), instantOf(end, endKind)];
  if (to < from || (startKind === 'date' && to === from))
    return {
      field: 'endDateTime',
      message:
        startKind === 'date'
          ? 'must be after startDateTime (the end day is exclusive)'
          : 'must not be before startDateTime',
    };
  return undefined;
}

/** Adds a time-range problem to a zod refinement context, under the field it concerns. */
export function checkRange(
  body: { startDateTime?: string; endDateTime?: string; timezone?: string },
  ctx: z.RefinementCtx,
): void {
  if (body.startDateTime === undefined || body.endDateTime === undefined) return;
  const problem = timeRangeProblem(body.startDateTime, body.endDateTime, body.timezone);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}

export type EventFields = { [K in keyof typeof EventBody]?: z.infer<(typeof EventBody)[K]> };

function timeOf(value: string, timezone: string | undefined): calendar_v3.Schema$EventDateTime {
  if (DATE.test(value)) return { date: value };
  return { dateTime: value, ...(timezone ? { timeZone: timezone } : {}) };
}

/** Google's event (or the fields of a PATCH) for the fields given; those left out are not sent. */
export function toGoogleEvent(body: EventFields): calendar_v3.Schema$Event {
  const event: calendar_v3.Schema$Event = {};
  if (body.title !== undefined) event.summary = body.title;
  if (body.description !== undefined) event.description = body.description;
  if (body.location !== undefined) event.location = body.location;
  if (body.startDateTime !== undefined) event.start = timeOf(body.startDateTime, body.timezone);
  if (body.endDateTime !== undefined) event.end = timeOf(body.endDateTime, body.timezone);
  if (body.attendees !== undefined) event.attendees = body.attendees.map((email) => ({ email }));
  return event;
}

/** Google's freeBusy window is at most this long. */
const FREE_BUSY_MAX_DAYS = 62;

export const FreeBusyBody = z
  .object({
    startDateTime: z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset, e.g. 2026-11-24T09:00:00Z' })
      .describe('Start of the window (ISO 8601 with offset)'),
    endDateTime: z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset, e.g. 2026-11-24T18:00:00Z' })
      .describe('End of the window (ISO 8601 with offset)'),
    attendees: z
      .array(Email)
      .min(1)
      .max(50)
      .describe('Emails whose busy times to read (1-50; their calendars must be visible to the connected account)'),
  })
  .superRefine((body, ctx) => {
    const span = Date.parse(body.endDateTime) - Date.parse(body.startDateTime);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'must be after startDateTime' });
    else if (span > FREE_BUSY_MAX_DAYS * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['endDateTime'],
        message: `must be at most ${FREE_BUSY_MAX_DAYS} days after startDateTime`,
      });
  });
