import {
  DAY_MS,
  hours,
  inWindow,
  mean,
  percent,
  percentile,
  round,
  type TimeWindow,
} from '../../../src/analytics/stats.js';
import type { TicketHistory } from './history.js';
import { blockedSpans, cycleMs, isBlockedNow, isInProgress, leadMs, overlapMs, startedAt } from './timeline.js';

/** Percentiles of durations in hours (two decimals; null without data) and how many were measured. */
function percentilesOf(durationsMs: readonly number[]) {
  return {
    p50: hours(percentile(durationsMs, 50)),
    p75: hours(percentile(durationsMs, 75)),
    p85: hours(percentile(durationsMs, 85)),
    p95: hours(percentile(durationsMs, 95)),
    mean: hours(mean(durationsMs)),
    count: durationsMs.length,
  };
}

const present = (values: Array<number | null>): number[] => values.filter((v): v is number => v !== null);

/** Cycle and lead time of the tickets resolved in the window. */
export function flowTimes(tickets: readonly TicketHistory[], window: TimeWindow) {
  const resolved = tickets.filter((t) => inWindow(t.resolved, window));
  return {
    cycle_time_hours: percentilesOf(present(resolved.map(cycleMs))),
    lead_time_hours: percentilesOf(present(resolved.map(leadMs))),
    resolved_without_start: resolved.filter((t) => startedAt(t) === null).length,
  };
}

const ref = (t: TicketHistory) => ({
  key: t.key,
  summary: t.summary,
  status: t.status.name,
  assignee: t.assignee?.displayName ?? null,
});

/** Work in progress now: tickets in an in-progress status, their age since work started, the oldest five. */
export function wipOf(tickets: readonly TicketHistory[], now: number, oldest = 5) {
  const open = tickets.filter(isInProgress);
  const ageMs = (t: TicketHistory) => now - (startedAt(t) ?? t.created);
  const byStatus: Record<string, number> = {};
  for (const t of open) byStatus[t.status.name] = (byStatus[t.status.name] ?? 0) + 1;
  const assignees = new Set(open.map((t) => t.assignee?.accountId).filter(Boolean));
  return {
    count: open.length,
    by_status: byStatus,
    unassigned: open.filter((t) => t.assignee === null).length,
    per_assignee:
      assignees.size === 0
        ? null
        : round((open.length - open.filter((t) => t.assignee === null).length) / assignees.size),
    age_days: { p50: days(percentile(open.map(ageMs), 50)), p85: days(percentile(open.map(ageMs), 85)) },
    oldest: [...open]
      .sort((a, b) => ageMs(b) - ageMs(a) || a.key.localeCompare(b.key))
      .slice(0, oldest)
      .map((t) => ({ ...ref(t), age_days: days(ageMs(t)) as number })),
  };
}

const days = (ms: number | null): number | null => (ms === null ? null : round(ms / DAY_MS, 1));

/**
 * Blocked work: tickets blocked now (status named Blocked or flagged, not done) with how long their
 * current blocked span has lasted; blocked hours inside the window over every ticket; and the share of
 * the cycle time of tickets resolved in the window that was spent blocked.
 */
export function blockedOf(tickets: readonly TicketHistory[], window: TimeWindow, listed = 10) {
  const now = window.end;
  const spans = new Map(tickets.map((t) => [t, blockedSpans(t, now)]));
  const current = tickets.filter(isBlockedNow).map((t) => {
    const last = (spans.get(t) ?? []).at(-1);
    return {
      ...ref(t),
      flagged: t.flagged,
      blocked_hours: hours(last && last.end >= now ? now - last.start : 0) as number,
    };
  });
  const inWindowMs = tickets.map((t) => overlapMs(spans.get(t) ?? [], window.start, window.end));
  const resolved = tickets.filter((t) => inWindow(t.resolved, window));
  let cycleTotal = 0;
  let blockedInCycle = 0;
  for (const t of resolved) {
    const start = startedAt(t);
    if (start === null || t.resolved === null || t.resolved < start) continue;
    cycleTotal += t.resolved - start;
    blockedInCycle += overlapMs(spans.get(t) ?? [], start, t.resolved);
  }
  return {
    blocked_now: current.length,
    blocked_hours_in_window: hours(inWindowMs.reduce((a, b) => a + b, 0)) as number,
    tickets_blocked_in_window: inWindowMs.filter((ms) => ms > 0).length,
    blocked_share_of_cycle_percent: percent(blockedInCycle, cycleTotal),
    longest_blocked: current
      .sort((a, b) => b.blocked_hours - a.blocked_hours || a.key.localeCompare(b.key))
      .slice(0, listed),
  };
}
