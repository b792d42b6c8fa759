import { HOUR_MS, hours, inWindow, mean, round, type TimeWindow } from '../../../src/analytics/stats.js';
import type { Person, TicketHistory } from './history.js';
import { byKind } from './throughput.js';
import { cycleMs, isBlockedNow, isInProgress, leadMs } from './timeline.js';

/** Active in the window: created by its end and not resolved before its start. */
export const activeIn = (t: TicketHistory, window: TimeWindow): boolean =>
  t.created <= window.end && (t.resolved === null || t.resolved >= window.start);

const present = (values: Array<number | null>): number[] => values.filter((v): v is number => v !== null);
const sumPoints = (tickets: readonly TicketHistory[]) =>
  round(tickets.reduce((n, t) => n + (t.storyPoints ?? 0), 0)) as number;

type DeveloperFigures = {
  accountId: string;
  displayName: string;
  issues: { total: number; created: number; resolved: number; in_progress: number; blocked: number };
  by_type: { bugs: number; stories: number; tasks: number; other: number };
  story_points: { total: number; completed: number; average_per_issue: number | null };
  time_metrics: { avg_resolution_hours: number | null; avg_cycle_time_hours: number | null; time_logged_hours: number };
};

/** The figures of one person over the tickets of the window (see DEVELOPER_DERIVATION). */
function developerFigures(person: Person, tickets: readonly TicketHistory[], window: TimeWindow): DeveloperFigures {
  const assigned = tickets.filter((t) => t.assignee?.accountId === person.accountId && activeIn(t, window));
  const resolved = assigned.filter((t) => inWindow(t.resolved, window));
  const estimated = assigned.filter((t) => t.storyPoints !== null);
  const loggedSeconds = tickets
    .flatMap((t) => t.worklogs)
    .filter((w) => w.author === person.accountId && inWindow(w.started, window));
  return {
    accountId: person.accountId,
    displayName: person.displayName,
    issues: {
      total: assigned.length,
      created: tickets.filter((t) => t.reporter?.accountId === person.accountId && inWindow(t.created, window)).length,
      resolved: resolved.length,
      in_progress: assigned.filter(isInProgress).length,
      blocked: assigned.filter(isBlockedNow).length,
    },
    by_type: byKind(assigned),
    story_points: {
      total: sumPoints(assigned),
      completed: sumPoints(resolved),
      average_per_issue: estimated.length === 0 ? null : round(sumPoints(estimated) / estimated.length),
    },
    time_metrics: {
      avg_resolution_hours: hours(mean(present(resolved.map(leadMs)))),
      avg_cycle_time_hours: hours(mean(present(resolved.map(cycleMs)))),
      time_logged_hours: round(loggedSeconds.reduce((n, w) => n + w.seconds, 0) / (HOUR_MS / 1000)) as number,
    },
  };
}

/**
 * Everyone with a ticket assigned and active in the window, a ticket reported in it, or work logged in
 * it; most resolved first, then most active tickets, then by name.
 */
export function developerMetrics(tickets: readonly TicketHistory[], window: TimeWindow): DeveloperFigures[] {
  const people = new Map<string, Person>();
  const note = (p: Person | null) => {
    if (p && !people.has(p.accountId)) people.set(p.accountId, p);
  };
  for (const t of tickets) {
    if (activeIn(t, window)) note(t.assignee);
    if (inWindow(t.created, window)) note(t.reporter);
  }
  const loggers = new Set(
    tickets.flatMap((t) => t.worklogs.filter((w) => inWindow(w.started, window)).map((w) => w.author)),
  );
  return [
    ...people.values(),
    ...[...loggers].filter((id) => !people.has(id)).map((accountId) => ({ accountId, displayName: accountId })),
  ]
    .map((person) => developerFigures(person, tickets, window))
    .filter((d) => d.issues.total > 0 || d.issues.created > 0 || d.time_metrics.time_logged_hours > 0)
    .sort(
      (a, b) =>
        b.issues.resolved - a.issues.resolved ||
        b.issues.total - a.issues.total ||
        a.displayName.localeCompare(b.displayName),
    );
}
