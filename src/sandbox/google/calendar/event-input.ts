/** An event's fields as a request body gives them: attendees, times in a zone, a Meet conference. */
import { invalid } from '../../kit/index.js';
import type { GoogleCaller } from '../caller.js';
import type { EventAttendee, StoredEvent } from './model.js';
import { zonedDateTime } from './zones.js';

export const attendeesFrom = (caller: GoogleCaller, value: unknown): EventAttendee[] | undefined =>
  Array.isArray(value)
    ? value.map((raw: { email?: unknown; optional?: unknown; responseStatus?: unknown }) => {
        if (typeof raw?.email !== 'string' || !raw.email.includes('@')) throw invalid('Invalid attendee email.');
        const person = caller.state.people.find((p) => p.email === raw.email);
        const organizer = raw.email === caller.person.email;
        return {
          email: raw.email,
          ...(person ? { displayName: person.name } : {}),
          ...(organizer ? { organizer: true } : {}),
          ...(raw.optional === true ? { optional: true } : {}),
          responseStatus: organizer ? 'accepted' : 'needsAction',
        };
      })
    : undefined;

function timeOf(value: unknown, fallbackZone: string, field: string): { render: StoredEvent['start']; ms: number } {
  const given = value as { dateTime?: unknown; date?: unknown; timeZone?: unknown } | undefined;
  const zone = typeof given?.timeZone === 'string' ? given.timeZone : fallbackZone;
  if (typeof given?.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(given.date))
    return { render: { date: given.date }, ms: Date.parse(`${given.date}T00:00:00Z`) };
  const ms = typeof given?.dateTime === 'string' ? Date.parse(given.dateTime) : Number.NaN;
  if (Number.isNaN(ms)) throw invalid(given === undefined ? `Missing ${field} time.` : 'Bad Request');
  return { render: { dateTime: zonedDateTime(ms, zone), timeZone: zone }, ms };
}

export function applyTimes(event: StoredEvent, body: Record<string, unknown>, zone: string): void {
  if (body.start !== undefined)
    Object.assign(event, {
      start: timeOf(body.start, zone, 'start').render,
      startMs: timeOf(body.start, zone, 'start').ms,
    });
  if (body.end !== undefined)
    Object.assign(event, { end: timeOf(body.end, zone, 'end').render, endMs: timeOf(body.end, zone, 'end').ms });
  if (event.endMs < event.startMs)
    throw invalid('The specified time range is empty.', {
      details: [{ domain: 'calendar', reason: 'timeRangeEmpty', message: 'The specified time range is empty.' }],
    });
}

export function conferenceFor(id: string): Record<string, unknown> {
  const code = `${id.slice(3, 6)}-${id.slice(6, 10)}-${id.slice(10, 13)}`;
  return {
    conferenceId: code,
    conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet' },
    entryPoints: [
      { entryPointType: 'video', uri: `https://meet.google.com/${code}`, label: `meet.google.com/${code}` },
    ],
  };
}
