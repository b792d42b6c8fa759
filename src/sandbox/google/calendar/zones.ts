/** Time zones of the people's locations, and instants written as Google writes them in a zone. */

const ZONE_OF_LOCATION: Record<string, string> = {
  Berlin: 'Europe/Berlin',
  Lisbon: 'Europe/Lisbon',
  Toronto: 'America/Toronto',
  Austin: 'America/Chicago',
  Nairobi: 'Africa/Nairobi',
  Singapore: 'Asia/Singapore',
  Remote: 'UTC',
};

export const zoneOfLocation = (location: string): string => ZONE_OF_LOCATION[location] ?? 'UTC';

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Minutes the zone is ahead of UTC at an instant. */
export function offsetMinutes(ms: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** `2026-11-02T09:00:00+01:00`: the instant in the zone's wall time with its offset. */
export function zonedDateTime(ms: number, timeZone: string): string {
  const offset = offsetMinutes(ms, timeZone);
  const wall = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  if (offset === 0) return `${wall}Z`;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The instant of a wall-clock time (`day` at UTC midnight plus `minutes`) in a zone. */
export function wallTimeToInstant(dayMs: number, minutes: number, timeZone: string): number {
  const guess = dayMs + minutes * 60_000;
  return guess - offsetMinutes(guess - offsetMinutes(guess, timeZone) * 60_000, timeZone) * 60_000;
}

/** `YYYY-MM-DD` of a UTC-midnight day. */
export const isoDate = (dayMs: number): string => new Date(dayMs).toISOString().slice(0, 10);
