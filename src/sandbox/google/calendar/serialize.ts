import { createHash } from 'node:crypto';
import type { AccessRole, CalendarRecord, StoredEvent } from './model.js';
import { instanceSuffix } from './recurrence.js';
import { zonedDateTime } from './zones.js';

const etagOf = (...parts: unknown[]): string =>
  `"${BigInt(`0x${createHash('sha1').update(parts.join('|')).digest('hex').slice(0, 15)}`).toString()}"`;
const iso = (ms: number): string => new Date(ms).toISOString();

export function calendarResource(calendar: CalendarRecord): Record<string, unknown> {
  return {
    kind: 'calendar#calendar',
    etag: etagOf(calendar.id, calendar.summary),
    id: calendar.id,
    summary: calendar.summary,
    ...(calendar.description ? { description: calendar.description } : {}),
    timeZone: calendar.timeZone,
    conferenceProperties: { allowedConferenceSolutionTypes: ['hangoutsMeet'] },
  };
}

export function calendarListEntry(calendar: CalendarRecord, role: AccessRole): Record<string, unknown> {
  const { kind: _kind, etag: _etag, ...rest } = calendarResource(calendar);
  return {
    kind: 'calendar#calendarListEntry',
    etag: etagOf(calendar.id, calendar.summary, role),
    ...rest,
    colorId: calendar.colorId,
    backgroundColor: '#9fc6e7',
    foregroundColor: '#000000',
    selected: true,
    accessRole: role,
    defaultReminders: role === 'owner' || role === 'writer' ? [{ method: 'popup', minutes: 10 }] : [],
    ...(calendar.primaryOf !== undefined
      ? { primary: true, notificationSettings: { notifications: [{ type: 'eventCreation', method: 'email' }] } }
      : {}),
  };
}

/** An event as Google renders it to the owner of `viewerEmail`'s calendar; `instanceStart` for one occurrence of a series. */
export function eventResource(
  event: StoredEvent,
  viewerEmail: string,
  instanceStart?: number,
): Record<string, unknown> {
  const length = event.endMs - event.startMs;
  const zone = event.start.timeZone;
  const instance = instanceStart !== undefined && event.recurrence !== undefined;
  const times = instance
    ? {
        id: `${event.id}_${instanceSuffix(instanceStart)}`,
        start: { dateTime: zonedDateTime(instanceStart, zone ?? 'UTC'), timeZone: zone },
        end: { dateTime: zonedDateTime(instanceStart + length, zone ?? 'UTC'), timeZone: zone },
        recurringEventId: event.id,
        originalStartTime: { dateTime: zonedDateTime(instanceStart, zone ?? 'UTC'), timeZone: zone },
      }
    : {
        id: event.id,
        start: event.start,
        end: event.end,
        ...(event.recurrence ? { recurrence: event.recurrence } : {}),
      };
  const meet = event.conferenceData?.entryPoints as Array<{ uri: string }> | undefined;
  return {
    kind: 'calendar#event',
    etag: etagOf(event.id, event.updated, event.sequence),
    id: times.id,
    status: event.status,
    htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${times.id} ${viewerEmail}`).toString('base64url')}`,
    created: iso(event.created),
    updated: iso(event.updated),
    summary: event.summary,
    ...(event.description ? { description: event.description } : {}),
    ...(event.location ? { location: event.location } : {}),
    creator: { ...event.creator, ...(event.creator.email === viewerEmail ? { self: true } : {}) },
    organizer: { ...event.organizer, ...(event.organizer.email === viewerEmail ? { self: true } : {}) },
    start: times.start,
    end: times.end,
    ...('recurrence' in times ? { recurrence: times.recurrence } : {}),
    ...('recurringEventId' in times
      ? { recurringEventId: times.recurringEventId, originalStartTime: times.originalStartTime }
      : {}),
    iCalUID: `${event.id}@google.com`,
    sequence: event.sequence,
    ...(event.attendees
      ? { attendees: event.attendees.map((a) => ({ ...a, ...(a.email === viewerEmail ? { self: true } : {}) })) }
      : {}),
    ...(meet?.[0] ? { hangoutLink: meet[0].uri, conferenceData: event.conferenceData } : {}),
    reminders: { useDefault: true },
    eventType: 'default',
  };
}
