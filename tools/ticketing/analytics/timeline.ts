import type { StatusRef, TicketHistory } from './history.js';

/** A span of time [start, end) in epoch ms. */
interface Interval {
  start: number;
  end: number;
}

/** A status named Blocked (any case) marks blocked work, as the Flagged field does. */
const isBlockedStatus = (status: StatusRef | null): boolean =>
  status !== null && status.name.trim().toLowerCase() === 'blocked';

/** When work started: the first move into an in-progress (indeterminate) status; null if it never moved there. */
export function startedAt(ticket: TicketHistory): number | null {
  return ticket.statusChanges.find((change) => change.to.category === 'indeterminate')?.at ?? null;
}

/** Cycle time: first move into an in-progress status to resolution; null when either is missing. */
export function cycleMs(ticket: TicketHistory): number | null {
  const start = startedAt(ticket);
  if (start === null || ticket.resolved === null || ticket.resolved < start) return null;
  return ticket.resolved - start;
}

/** Lead time: creation to resolution; null while unresolved. */
export function leadMs(ticket: TicketHistory): number | null {
  return ticket.resolved === null ? null : Math.max(0, ticket.resolved - ticket.created);
}

export const isDone = (ticket: TicketHistory): boolean => ticket.status.category === 'done';
export const isInProgress = (ticket: TicketHistory): boolean => ticket.status.category === 'indeterminate';

/** Blocked now: not done, and in a status named Blocked or flagged. */
export const isBlockedNow = (ticket: TicketHistory): boolean =>
  !isDone(ticket) && (isBlockedStatus(ticket.status) || ticket.flagged);

/** Spans during which `holds(state)` was true, replaying changes from `initial` (open spans end at `until`). */
function spansOf<S>(
  initial: S,
  changes: ReadonlyArray<{ at: number; state: S }>,
  holds: (state: S) => boolean,
  since: number,
  until: number,
): Interval[] {
  const spans: Interval[] = [];
  let openedAt = holds(initial) ? since : null;
  for (const change of changes) {
    const on = holds(change.state);
    if (on && openedAt === null) openedAt = change.at;
    if (!on && openedAt !== null) {
      spans.push({ start: openedAt, end: change.at });
      openedAt = null;
    }
  }
  if (openedAt !== null && until > openedAt) spans.push({ start: openedAt, end: until });
  return spans;
}

/** Merges overlapping spans; the result is sorted and disjoint. */
export function union(spans: readonly Interval[]): Interval[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * The spans the ticket was blocked: in a status named Blocked, or flagged (either counts once).
 * Spans still open end at the ticket's resolution, or at `now` while it is unresolved.
 */
export function blockedSpans(ticket: TicketHistory, now: number): Interval[] {
  const until = ticket.resolved ?? now;
  const firstStatus = ticket.statusChanges[0]?.from ?? ticket.status;
  const status = spansOf(
    firstStatus,
    ticket.statusChanges.map((c) => ({ at: c.at, state: c.to })),
    isBlockedStatus,
    ticket.created,
    until,
  );
  const firstFlag = ticket.flagChanges.length > 0 ? !ticket.flagChanges[0].flagged : ticket.flagged;
  const flag = spansOf(
    firstFlag,
    ticket.flagChanges.map((c) => ({ at: c.at, state: c.flagged })),
    (on) => on,
    ticket.created,
    until,
  );
  return union([...status, ...flag]);
}

/** Milliseconds of `spans` inside [start, end]. */
export function overlapMs(spans: readonly Interval[], start: number, end: number): number {
  return spans.reduce((total, s) => total + Math.max(0, Math.min(s.end, end) - Math.max(s.start, start)), 0);
}
