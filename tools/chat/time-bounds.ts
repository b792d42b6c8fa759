import { AppError } from '../../src/toolkit/errors.js';

const SLACK_TS = /^\d{9,11}\.\d{1,6}$/;
const EPOCH = /^\d{1,11}(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A time bound (`oldest`, `latest`) as the Slack timestamp string the Web API takes. Accepted: a
 * message ts (`1712345678.000200`), a message id (the same string), epoch seconds, and an ISO 8601 date
 * (midnight UTC) or datetime (UTC unless it carries an offset). Anything else is a 400.
 */
export function slackTimeBound(value: string | number | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const raw = String(value).trim();
  if (SLACK_TS.test(raw)) return raw;
  if (EPOCH.test(raw)) return epochTs(Number(raw));
  const date = isoDatetime(DATE.test(raw) ? `${raw}T00:00` : raw);
  if (date === undefined || Number.isNaN(date)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${name} is not a time: give a message ts, epoch seconds, or an ISO 8601 date or datetime (got "${raw.slice(0, 60)}")`,
    );
  }
  return epochTs(date / 1000);
}

function isoDatetime(raw: string): number | undefined {
  const match = DATETIME.exec(raw);
  if (!match) return undefined;
  const [, day, clock, zone] = match;
  const offset =
    !zone || zone.toUpperCase() === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const time = clock.length === 5 ? `${clock}:00` : clock;
  const parsed = Date.parse(`${day}T${time}${offset}`);
  // Date.parse rolls 2026-02-30 over to March: a day or clock that does not exist is not a time.
  if (Number.isNaN(parsed) || !sameCalendarDay(day, parsed, offset)) return undefined;
  return parsed;
}

function sameCalendarDay(day: string, epochMs: number, offset: string): boolean {
  const minutes =
    offset === 'Z'
      ? 0
      : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  return new Date(epochMs + minutes * 60_000).toISOString().slice(0, 10) === day;
}

/** Epoch seconds as a Slack ts (six decimals, as Slack writes them). */
const epochTs = (seconds: number): string => seconds.toFixed(6);
