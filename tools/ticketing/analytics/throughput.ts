import { DAY_MS, inWindow, isoSeconds, mean, round, type TimeWindow } from '../../../src/analytics/stats.js';
import type { TicketHistory } from './history.js';

type WeekBucket = {
  week_start: string;
  week_end: string;
  /** 7, except the oldest bucket when the window is not a whole number of weeks. */
  days: number;
  resolved: number;
  created: number;
  story_points_resolved: number;
};

type TrendDirection = 'up' | 'down' | 'flat' | 'insufficient_data';

export type Trend = {
  direction: TrendDirection;
  /** Least-squares slope of resolved per week, in tickets per week per week; null under 3 weeks. */
  slope_per_week: number | null;
  /** First half against second half of the weeks (resolved per week); null when the first half had none. */
  change_percent: number | null;
};

/** The window cut into 7-day buckets counting back from its end; the oldest takes the remainder. */
export function weekBounds(window: TimeWindow): TimeWindow[] {
  const bounds: TimeWindow[] = [];
  for (let end = window.end; end > window.start; end -= 7 * DAY_MS)
    bounds.unshift({ start: Math.max(window.start, end - 7 * DAY_MS), end });
  return bounds;
}

/** Least-squares slope of `ys` against 0, 1, 2... */
function slope(ys: readonly number[]): number {
  const n = ys.length;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return den === 0 ? 0 : num / den;
}

/**
 * Trend of weekly throughput (resolved per week, each bucket's count scaled to 7 days): up or down when
 * the least-squares slope moves the weekly mean by more than 10% per week, flat otherwise;
 * insufficient_data under 3 buckets or with nothing resolved.
 */
export function trendOf(weeks: readonly WeekBucket[]): Trend {
  const rates = weeks.map((w) => (w.resolved / w.days) * 7);
  const average = mean(rates) ?? 0;
  if (rates.length < 3 || average === 0)
    return { direction: 'insufficient_data', slope_per_week: null, change_percent: null };
  const s = slope(rates);
  const half = Math.floor(rates.length / 2);
  const first = mean(rates.slice(0, half)) ?? 0;
  const second = mean(rates.slice(rates.length - half)) ?? 0;
  const direction: TrendDirection = s > 0.1 * average ? 'up' : s < -0.1 * average ? 'down' : 'flat';
  return {
    direction,
    slope_per_week: round(s),
    change_percent: first === 0 ? null : round(((second - first) / first) * 100),
  };
}

const points = (tickets: readonly TicketHistory[]) =>
  round(tickets.reduce((n, t) => n + (t.storyPoints ?? 0), 0)) as number;

/** Resolved and created tickets per week of the window, totals and trend. Subtasks count like any ticket. */
export function throughputOf(tickets: readonly TicketHistory[], window: TimeWindow) {
  const resolved = tickets.filter((t) => inWindow(t.resolved, window));
  const created = tickets.filter((t) => inWindow(t.created, window));
  // A bucket holds [start, end); the newest also holds the window's end instant.
  const inBucket = (at: number | null, b: TimeWindow) =>
    at !== null && at >= b.start && (at < b.end || (b.end === window.end && at === b.end));
  const weeks: WeekBucket[] = weekBounds(window).map((b) => {
    const done = resolved.filter((t) => inBucket(t.resolved, b));
    return {
      week_start: isoSeconds(b.start),
      week_end: isoSeconds(b.end),
      days: round((b.end - b.start) / DAY_MS) as number,
      resolved: done.length,
      created: created.filter((t) => inBucket(t.created, b)).length,
      story_points_resolved: points(done),
    };
  });
  const days = (window.end - window.start) / DAY_MS;
  return {
    resolved: resolved.length,
    created: created.length,
    net_flow: created.length - resolved.length,
    story_points_resolved: points(resolved),
    resolved_per_week: round((resolved.length / days) * 7) as number,
    resolved_by_type: byKind(resolved),
    weeks,
    trend: trendOf(weeks),
  };
}

/** Counts per kind of ticket: bugs, stories, tasks (subtasks included) and everything else. */
export function byKind(tickets: readonly TicketHistory[]) {
  const count = (test: (t: TicketHistory) => boolean) => tickets.filter(test).length;
  return {
    bugs: count((t) => t.kind === 'bug'),
    stories: count((t) => t.kind === 'story'),
    tasks: count((t) => t.kind === 'task' || t.kind === 'subtask'),
    other: count((t) => t.kind !== 'bug' && t.kind !== 'story' && t.kind !== 'task' && t.kind !== 'subtask'),
  };
}
