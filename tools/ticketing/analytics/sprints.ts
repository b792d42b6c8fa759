import { DAY_MS, mean, percent, round } from '../../../src/analytics/stats.js';
import type { TicketHistory } from './history.js';
import { isDone } from './timeline.js';

/** A sprint as the Agile API describes it (dates as epoch ms; null when not set). */
export interface SprintRecord {
  id: number;
  name: string;
  state: 'active' | 'closed' | 'future';
  startDate: number | null;
  endDate: number | null;
  completeDate: number | null;
}

/** How many closed sprints the velocity averages. */
export const VELOCITY_SPRINTS = 3;

/** The end of a sprint's work: when it was completed; now while it is open. */
const sprintEnd = (sprint: SprintRecord, now: number) =>
  sprint.state === 'closed' ? (sprint.completeDate ?? sprint.endDate ?? now) : now;

/** Completed within the sprint: done now and resolved by the sprint's end (closed sprints: its completion). */
export function completedIn(ticket: TicketHistory, sprint: SprintRecord, now: number): boolean {
  return isDone(ticket) && (ticket.resolved === null || ticket.resolved <= sprintEnd(sprint, now));
}

const points = (tickets: readonly TicketHistory[]) =>
  round(tickets.reduce((n, t) => n + (t.storyPoints ?? 0), 0)) as number;

function daysRemaining(sprint: SprintRecord, now: number): number | null {
  if (sprint.state === 'closed') return 0;
  if (sprint.endDate === null) return null;
  return Math.max(0, Math.ceil((sprint.endDate - now) / DAY_MS));
}

/** Completed story points of a sprint. */
const completedPoints = (sprint: SprintRecord, tickets: readonly TicketHistory[], now: number) =>
  points(tickets.filter((t) => completedIn(t, sprint, now)));

/**
 * Velocity before `sprint`: mean completed story points of the last VELOCITY_SPRINTS closed sprints that
 * ended before it started (before now for a sprint not started); null when there is none.
 */
export function velocityBefore(
  sprint: SprintRecord,
  closed: ReadonlyArray<{ sprint: SprintRecord; tickets: readonly TicketHistory[] }>,
  now: number,
): number | null {
  const before = sprint.startDate ?? now;
  const previous = closed
    .filter((c) => c.sprint.id !== sprint.id && sprintEnd(c.sprint, now) <= before)
    .sort((a, b) => sprintEnd(b.sprint, now) - sprintEnd(a.sprint, now))
    .slice(0, VELOCITY_SPRINTS);
  return round(mean(previous.map((c) => completedPoints(c.sprint, c.tickets, now))));
}

/** Tickets of a sprint not completed in it that moved to a later sprint (one that started after it, or has not started). */
export function carriedOver(
  sprint: SprintRecord,
  tickets: readonly TicketHistory[],
  sprints: ReadonlyMap<number, SprintRecord>,
  now: number,
): TicketHistory[] {
  const start = sprint.startDate ?? Number.NEGATIVE_INFINITY;
  return tickets.filter(
    (t) =>
      !completedIn(t, sprint, now) &&
      t.sprints.some((s) => {
        if (s.id === sprint.id) return false;
        const other = sprints.get(s.id);
        return other !== undefined && (other.startDate === null || other.startDate > start);
      }),
  );
}

/** The figures of one sprint over the tickets in it. */
export function sprintFigures(
  sprint: SprintRecord,
  tickets: readonly TicketHistory[],
  now: number,
  velocity: number | null,
) {
  const completed = tickets.filter((t) => completedIn(t, sprint, now));
  const byStatus: Record<string, number> = {};
  for (const t of tickets) byStatus[t.status.name] = (byStatus[t.status.name] ?? 0) + 1;
  const committed = points(tickets);
  const done = points(completed);
  return {
    total_issues: tickets.length,
    completed: completed.length,
    remaining: tickets.length - completed.length,
    completion_rate_percent: percent(completed.length, tickets.length),
    story_points: { committed, completed: done, remaining: round(committed - done) as number, velocity },
    by_status: byStatus,
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function sprintHeader(sprint: SprintRecord, now: number) {
  return {
    id: sprint.id,
    name: sprint.name,
    state: sprint.state,
    startDate: iso(sprint.startDate),
    endDate: iso(sprint.endDate),
    completeDate: iso(sprint.completeDate),
    days_remaining: daysRemaining(sprint, now),
  };
}
