/** Small statistics helpers shared by the metric computations. Every function ignores NaN input. */

const finite = (values: readonly number[]): number[] => values.filter((v) => Number.isFinite(v));

/**
 * The p-th percentile (0-100) by linear interpolation between closest ranks (the method of
 * numpy's default and of spreadsheet PERCENTILE.INC); null for an empty list.
 */
export function percentile(values: readonly number[], p: number): number | null {
  const sorted = finite(values).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export const median = (values: readonly number[]): number | null => percentile(values, 50);

export function mean(values: readonly number[]): number | null {
  const list = finite(values);
  return list.length === 0 ? null : list.reduce((sum, v) => sum + v, 0) / list.length;
}

/** Rounds to `digits` decimals; null stays null. */
export function round(value: number | null, digits = 2): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A share in percent (0-100, two decimals); null when the denominator is 0. */
export function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : round((part / whole) * 100);
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Milliseconds as hours, two decimals. */
export const hours = (ms: number | null): number | null => (ms === null ? null : round(ms / HOUR_MS));

/** p50, p90 and mean of durations in ms, as hours. */
export function durationSummary(durationsMs: readonly number[]): {
  p50: number | null;
  p90: number | null;
  mean: number | null;
  count: number;
} {
  return {
    p50: hours(median(durationsMs)),
    p90: hours(percentile(durationsMs, 90)),
    mean: hours(mean(durationsMs)),
    count: finite(durationsMs).length,
  };
}

/** A time window [start, end] in epoch ms. */
export interface TimeWindow {
  start: number;
  end: number;
}

export function windowOf(end: number, days: number): TimeWindow {
  return { start: end - days * DAY_MS, end };
}

export const inWindow = (t: number | null | undefined, window: TimeWindow): t is number =>
  typeof t === 'number' && t >= window.start && t <= window.end;

/** `2026-11-01T00:00:00Z`: ISO 8601 without millis, as GitHub writes timestamps. */
export const isoSeconds = (ms: number): string =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
