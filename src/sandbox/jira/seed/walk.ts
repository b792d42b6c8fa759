import type { Random } from '../../seed/random.js';
import { FIELD_IDS, type ChangeItem, type JiraState, type StatusDef, type WorkflowDef } from '../state.js';

/** A ticket's journey through its project's workflow: the status changes, blocked and flagged spans. */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export interface Step {
  at: number;
  items: ChangeItem[];
}

interface Walk {
  steps: Step[];
  statusId: string;
  /** When work started (first move out of the first status). */
  startedAt: number | null;
  resolvedAt: number | null;
  flagged: boolean;
}

const statusItem = (from: StatusDef, to: StatusDef): ChangeItem => ({
  field: 'status',
  fieldtype: 'jira',
  fieldId: 'status',
  from: from.id,
  fromString: from.name,
  to: to.id,
  toString: to.name,
});
const resolutionItem = (): ChangeItem => ({
  field: 'resolution',
  fieldtype: 'jira',
  fieldId: 'resolution',
  from: null,
  fromString: null,
  to: '10000',
  toString: 'Done',
});
const flagItem = (on: boolean): ChangeItem => ({
  field: 'Flagged',
  fieldtype: 'custom',
  fieldId: FIELD_IDS.flagged,
  from: on ? null : '[10019]',
  fromString: on ? null : 'Impediment',
  to: on ? '[10019]' : null,
  toString: on ? 'Impediment' : null,
});

/** Durations (days) of each kind of wait, drawn per ticket. */
interface Pace {
  /** Before work starts. */
  queue: [number, number];
  work: [number, number];
}

const between = (random: Random, [min, max]: [number, number]): number => (min + random.next() * (max - min)) * DAY;

/**
 * Walks a ticket from its first status towards done along the workflow's happy path, with the detours
 * the workflow allows (changes requested, failed QA, blocked spans, flags), stopping at `now`.
 */
export function walkTicket(
  state: JiraState,
  workflow: WorkflowDef,
  random: Random,
  created: number,
  now: number,
  pace: Pace,
  flaggable: boolean,
): Walk {
  const status = (id: string) => state.statuses.find((s) => s.id === id) as StatusDef;
  const ids = workflow.statusIds;
  const named = (name: string) => ids.map(status).find((s) => s.name === name);
  const done = ids.map(status).find((s) => s.category === 'done') as StatusDef;
  const walk: Walk = { steps: [], statusId: ids[0], startedAt: null, resolvedAt: null, flagged: false };
  let at = created + between(random, pace.queue);
  let current = status(ids[0]);
  const move = (to: StatusDef, after: number): boolean => {
    if (at + after > now) return false;
    at += after;
    const items = [statusItem(current, to)];
    if (to.category === 'done') {
      items.push(resolutionItem());
      walk.resolvedAt = at;
    }
    if (walk.startedAt === null && to.category !== 'new') walk.startedAt = at;
    walk.steps.push({ at, items });
    current = to;
    walk.statusId = to.id;
    return true;
  };
  if (at > now) return walk;
  const progress = named('In Progress') as StatusDef;
  if (!move(progress, 0)) return walk;
  if (flaggable && random.chance(0.12)) {
    const on = at + between(random, [0.2, 2]);
    const off = on + between(random, [0.5, 4]);
    if (on < now) {
      walk.steps.push({ at: on, items: [flagItem(true)] });
      if (off < now) walk.steps.push({ at: off, items: [flagItem(false)] });
      else walk.flagged = true;
    }
  }
  const blocked = named('Blocked');
  if (blocked && random.chance(0.3)) {
    if (!move(blocked, between(random, pace.work) / 2)) return walk;
    if (!move(progress, between(random, [1, 6]))) return walk;
  }
  const review = named('In Review');
  const qa = named('QA');
  if (review && qa) {
    for (let round = 0; ; round++) {
      if (!move(review, between(random, pace.work))) return walk;
      if (round < 2 && random.chance(0.25)) {
        if (!move(progress, between(random, [0.3, 2]))) return walk;
        continue;
      }
      if (!move(qa, between(random, [0.3, 2.5]))) return walk;
      if (round < 2 && random.chance(0.15)) {
        if (!move(progress, between(random, [0.3, 2]))) return walk;
        continue;
      }
      move(done, between(random, [0.2, 2]));
      return walk;
    }
  }
  // Work put back (Stop Progress), where the workflow allows it.
  const canStop = workflow.transitions.some((t) => t.from.includes(progress.id) && t.to === ids[0]);
  if (canStop && random.chance(0.08)) {
    if (!move(status(ids[0]), between(random, [0.5, 2]))) return walk;
    if (!move(progress, between(random, [1, 5]))) return walk;
  }
  move(done, between(random, pace.work));
  return walk;
}
