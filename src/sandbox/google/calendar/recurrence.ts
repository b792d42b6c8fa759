import type { StoredEvent } from './model.js';
import { offsetMinutes, wallTimeToInstant } from './zones.js';

const DAY = 86_400_000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

interface Rule {
  freq: 'DAILY' | 'WEEKLY';
  byDay?: string[];
  count?: number;
  interval: number;
}

function parseRule(line: string): Rule | undefined {
  if (!line.startsWith('RRULE:')) return undefined;
  const fields = Object.fromEntries(
    line
      .slice(6)
      .split(';')
      .map((pair) => pair.split('=') as [string, string]),
  );
  if (fields.FREQ !== 'DAILY' && fields.FREQ !== 'WEEKLY') return undefined;
  return {
    freq: fields.FREQ,
    byDay: fields.BYDAY?.split(','),
    count: fields.COUNT ? Number(fields.COUNT) : undefined,
    interval: Number(fields.INTERVAL ?? 1),
  };
}

/** The start instants of a recurring event (DAILY or WEEKLY with BYDAY and COUNT), at the same wall time in its zone. */
export function occurrences(event: StoredEvent, until: number): number[] {
  const rule = event.recurrence?.map(parseRule).find((r) => r !== undefined);
  if (!rule) return [event.startMs];
  const zone = event.start.timeZone ?? 'UTC';
  const localStart = event.startMs + offsetMinutes(event.startMs, zone) * 60_000;
  const firstDay = Math.floor(localStart / DAY) * DAY;
  const minutes = (localStart - firstDay) / 60_000;
  const days = rule.byDay ?? [WEEKDAYS[new Date(firstDay).getUTCDay()]];
  const out: number[] = [];
  const limit = rule.count ?? Number.POSITIVE_INFINITY;
  for (let day = firstDay, n = 0; out.length < limit && day <= until; day += DAY, n++) {
    const week = Math.floor(n / 7);
    const matches =
      rule.freq === 'DAILY'
        ? n % rule.interval === 0
        : week % rule.interval === 0 && days.includes(WEEKDAYS[new Date(day).getUTCDay()]);
    if (matches) out.push(wallTimeToInstant(day, minutes, zone));
  }
  return out;
}

/** `20261102T083000Z`: the suffix Google gives an instance's id. */
export const instanceSuffix = (ms: number): string =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
