import { JqlError, type Value } from './parser.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const UNITS: Record<string, number> = { m: MINUTE, h: 60 * MINUTE, d: DAY, w: 7 * DAY };

const startOfDayUtc = (ms: number): number => Math.floor(ms / DAY) * DAY;

/** An offset argument of a date function (`-7d`, `+1w`, `2`) in milliseconds; bare numbers are days. */
function offsetOf(arg: string | undefined, fn: string): number {
  if (arg === undefined || arg === '') return 0;
  const match = /^([+-]?\d+)([mhdw]?)$/i.exec(arg.trim());
  if (!match) throw new JqlError(`The argument '${arg}' of the function '${fn}' is not a valid date offset.`);
  return Number(match[1]) * (UNITS[(match[2] || 'd').toLowerCase()] ?? DAY);
}

/**
 * A moment from a JQL date value: `"2026-11-01"`, `"2026/11/01 14:05"`, a relative `-30d` / `-2w` /
 * `-4h`, an epoch-millis number, or `now()`, `startOfDay()`, `endOfDay()`, `startOfWeek()`,
 * `startOfMonth()` with an optional offset. Times are UTC (the sandbox's users all see UTC).
 */
export function dateOf(value: Value, field: string, now: number): number {
  if (value.type === 'function') {
    const name = value.name.toLowerCase();
    const offset = offsetOf(value.args[0], value.name);
    const day = startOfDayUtc(now);
    const date = new Date(day);
    switch (name) {
      case 'now':
        return now + offset;
      case 'startofday':
        return day + offset;
      case 'endofday':
        return day + DAY - 1 + offset;
      case 'startofweek':
        return day - ((date.getUTCDay() + 6) % 7) * DAY + offset;
      case 'startofmonth':
        return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) + offset;
      default:
        throw new JqlError(`Unable to find JQL function '${value.name}(${value.args.join(', ')})'.`);
    }
  }
  const text = value.text.trim();
  const relative = /^([+-]?\d+)([mhdw])$/i.exec(text);
  if (relative) return now + Number(relative[1]) * UNITS[relative[2].toLowerCase()];
  const absolute = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(text);
  if (absolute) {
    const [, y, mo, d, h = '0', mi = '0'] = absolute;
    const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
    if (!Number.isNaN(ms)) return ms;
  }
  if (/^\d{9,}$/.test(text)) return Number(text);
  throw new JqlError(
    `Date value '${value.text}' for field '${field}' is invalid. Valid formats include: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd', or a period format e.g. '-5d', '4w 2d'.`,
  );
}
