import { describe, expect, it } from 'vitest';
import type { StatusRef, TicketHistory } from '../../tools/ticketing/analytics/history.js';
import { blockedOf, flowTimes, wipOf } from '../../tools/ticketing/analytics/flow.js';
import { blockedSpans, cycleMs, leadMs } from '../../tools/ticketing/analytics/timeline.js';
import { throughputOf, trendOf, weekBounds } from '../../tools/ticketing/analytics/throughput.js';
import {
  carriedOver,
  sprintFigures,
  velocityBefore,
  type SprintRecord,
} from '../../tools/ticketing/analytics/sprints.js';
import { ticketDora } from '../../tools/ticketing/analytics/dora.js';
import { developerMetrics } from '../../tools/ticketing/analytics/developers.js';

// The derivations on hand-made histories whose answers are worked out by hand in each case.
const H = 3_600_000;
const D = 24 * H;
const NOW = Date.parse('2026-11-20T12:00:00Z');
const TODO: StatusRef = { name: 'To Do', category: 'new' };
const DOING: StatusRef = { name: 'In Progress', category: 'indeterminate' };
const BLOCKED: StatusRef = { name: 'Blocked', category: 'indeterminate' };
const DONE: StatusRef = { name: 'Done', category: 'done' };
const ada = { accountId: 'a-1', displayName: 'Ada' };
const bob = { accountId: 'b-2', displayName: 'Bob' };

function ticket(key: string, over: Partial<TicketHistory> = {}): TicketHistory {
  return {
    key,
    project: 'PAY',
    summary: key,
    type: 'Task',
    kind: 'task',
    priority: 'Medium',
    labels: [],
    status: TODO,
    assignee: ada,
    reporter: bob,
    created: NOW - 20 * D,
    resolved: null,
    storyPoints: null,
    flagged: false,
    statusChanges: [],
    flagChanges: [],
    fixVersions: [],
    affectsVersions: [],
    sprints: [],
    worklogs: [],
    ...over,
  };
}

/** Created 10 days ago, started 8 days ago, blocked from day 6 to day 4, done 2 days ago. */
const worked = ticket('PAY-1', {
  created: NOW - 10 * D,
  resolved: NOW - 2 * D,
  status: DONE,
  storyPoints: 5,
  statusChanges: [
    { at: NOW - 8 * D, from: TODO, to: DOING },
    { at: NOW - 6 * D, from: DOING, to: BLOCKED },
    { at: NOW - 4 * D, from: BLOCKED, to: DOING },
    { at: NOW - 2 * D, from: DOING, to: DONE },
  ],
});
const window = { start: NOW - 30 * D, end: NOW };

describe('ticket timelines', () => {
  it('cycle time starts at the first in-progress move, lead time at creation', () => {
    expect(cycleMs(worked)).toBe(6 * D);
    expect(leadMs(worked)).toBe(8 * D);
    expect(
      cycleMs(ticket('PAY-2', { resolved: NOW, status: DONE, statusChanges: [{ at: NOW, from: TODO, to: DONE }] })),
    ).toBeNull();
  });

  it('blocked spans join a Blocked status and the flag, counting overlaps once', () => {
    const flagged = {
      ...worked,
      flagChanges: [
        { at: NOW - 5 * D, flagged: true },
        { at: NOW - 3 * D, flagged: false },
      ],
    };
    expect(blockedSpans(flagged, NOW)).toEqual([{ start: NOW - 6 * D, end: NOW - 3 * D }]);
    const stillFlagged = ticket('PAY-3', {
      status: DOING,
      flagged: true,
      flagChanges: [{ at: NOW - D, flagged: true }],
    });
    expect(blockedSpans(stillFlagged, NOW)).toEqual([{ start: NOW - D, end: NOW }]);
  });
});

describe('flow figures', () => {
  it('percentiles of cycle and lead time over tickets resolved in the window', () => {
    const other = ticket('PAY-4', {
      created: NOW - 5 * D,
      resolved: NOW - D,
      status: DONE,
      statusChanges: [{ at: NOW - 3 * D, from: TODO, to: DOING }],
    });
    const flow = flowTimes([worked, other, ticket('PAY-5')], window);
    expect(flow.cycle_time_hours).toMatchObject({ p50: 96, count: 2, mean: 96 });
    expect(flow.lead_time_hours.p50).toBe(144);
  });

  it('WIP counts tickets in progress by status with their age since start', () => {
    const a = ticket('PAY-6', { status: DOING, statusChanges: [{ at: NOW - 4 * D, from: TODO, to: DOING }] });
    const b = ticket('PAY-7', {
      status: BLOCKED,
      assignee: null,
      statusChanges: [{ at: NOW - 2 * D, from: TODO, to: BLOCKED }],
    });
    const wip = wipOf([a, b, worked, ticket('PAY-8')], NOW);
    expect(wip).toMatchObject({
      count: 2,
      by_status: { 'In Progress': 1, Blocked: 1 },
      unassigned: 1,
      per_assignee: 1,
    });
    expect(wip.oldest.map((t) => [t.key, t.age_days])).toEqual([
      ['PAY-6', 4],
      ['PAY-7', 2],
    ]);
  });

  it('blocked work now and in the window, and the blocked share of cycle time', () => {
    const b = ticket('PAY-7', { status: BLOCKED, statusChanges: [{ at: NOW - 2 * D, from: TODO, to: BLOCKED }] });
    const blocked = blockedOf([worked, b], window);
    expect(blocked.blocked_now).toBe(1);
    expect(blocked.longest_blocked[0]).toMatchObject({ key: 'PAY-7', blocked_hours: 48 });
    expect(blocked.blocked_hours_in_window).toBe(96);
    expect(blocked.tickets_blocked_in_window).toBe(2);
    expect(blocked.blocked_share_of_cycle_percent).toBe(33.33);
  });
});

describe('throughput', () => {
  it('cuts the window into weeks back from its end; the oldest takes the remainder', () => {
    const bounds = weekBounds({ start: NOW - 10 * D, end: NOW });
    expect(bounds.map((b) => (b.end - b.start) / D)).toEqual([3, 7]);
  });

  it('counts resolved and created per week and the trend', () => {
    const resolvedAt = (days: number, i: number) =>
      ticket(`PAY-${100 + i}`, { created: NOW - 40 * D, resolved: NOW - days * D, status: DONE, storyPoints: 2 });
    // 1 in the oldest week of four, then 2, 3 and 4: rising.
    const tickets = [25, 18, 17, 11, 10, 9, 4, 3, 2, 1].map(resolvedAt);
    const result = throughputOf(tickets, { start: NOW - 28 * D, end: NOW });
    expect(result.weeks.map((w) => w.resolved)).toEqual([1, 2, 3, 4]);
    expect(result.story_points_resolved).toBe(20);
    expect(result.trend.direction).toBe('up');
    expect(result.trend.slope_per_week).toBe(1);
    expect(result.trend.change_percent).toBe(133.33);
    expect(trendOf(result.weeks.slice(0, 2)).direction).toBe('insufficient_data');
  });
});

describe('sprints', () => {
  const s1: SprintRecord = {
    id: 1,
    name: 'S1',
    state: 'closed',
    startDate: NOW - 28 * D,
    endDate: NOW - 14 * D,
    completeDate: NOW - 14 * D,
  };
  const s2: SprintRecord = {
    id: 2,
    name: 'S2',
    state: 'active',
    startDate: NOW - 14 * D,
    endDate: NOW + 2.5 * D,
    completeDate: null,
  };
  const refs = (...ids: number[]) => ids.map((id) => ({ id, name: `S${id}`, state: id === 1 ? 'closed' : 'active' }));
  const doneIn1 = ticket('PAY-20', { status: DONE, resolved: NOW - 20 * D, storyPoints: 3, sprints: refs(1) });
  const carried = ticket('PAY-21', { status: DONE, resolved: NOW - 5 * D, storyPoints: 5, sprints: refs(1, 2) });
  const open = ticket('PAY-22', { status: DOING, storyPoints: 2, sprints: refs(2) });

  it('completion, story points, carry-over and velocity', () => {
    const sprints = new Map([s1, s2].map((s) => [s.id, s]));
    expect(carriedOver(s1, [doneIn1, carried], sprints, NOW).map((t) => t.key)).toEqual(['PAY-21']);
    const velocity = velocityBefore(s2, [{ sprint: s1, tickets: [doneIn1, carried] }], NOW);
    expect(velocity).toBe(3);
    expect(sprintFigures(s2, [carried, open], NOW, velocity)).toEqual({
      total_issues: 2,
      completed: 1,
      remaining: 1,
      completion_rate_percent: 50,
      story_points: { committed: 7, completed: 5, remaining: 2, velocity: 3 },
      by_status: { Done: 1, 'In Progress': 1 },
    });
  });
});

describe('DORA from releases', () => {
  it('releases per week, lead time to the release day, bugs after release and incident recovery', () => {
    const versions = [
      { id: '10', project: 'PAY', name: '1.0', released: true, releaseDate: '2026-11-10' },
      { id: '11', project: 'PAY', name: '1.1', released: true, releaseDate: '2026-11-17' },
      { id: '12', project: 'PAY', name: '1.2', released: false, releaseDate: null },
    ];
    const shipped = ticket('PAY-30', {
      created: Date.parse('2026-11-05T00:00:00Z'),
      fixVersions: ['10'],
      statusChanges: [{ at: Date.parse('2026-11-08T12:00:00Z'), from: TODO, to: DOING }],
    });
    const bug = ticket('PAY-31', { kind: 'bug', type: 'Bug', created: Date.parse('2026-11-12T00:00:00Z') });
    const named = ticket('PAY-32', {
      kind: 'bug',
      type: 'Bug',
      created: Date.parse('2026-11-19T00:00:00Z'),
      affectsVersions: ['10'],
    });
    const incident = ticket('PAY-33', {
      kind: 'bug',
      type: 'Bug',
      priority: 'Highest',
      created: NOW - 3 * D,
      resolved: NOW - 3 * D + 6 * H,
      affectsVersions: ['12'],
    });
    const dora = ticketDora([shipped, bug, named, incident], versions, { start: NOW - 14 * D, end: NOW }, 14);
    expect(dora.deployment_frequency).toMatchObject({
      value: 1,
      unit: 'releases_per_week',
      category: 'high',
      total_releases: 2,
    });
    expect(dora.lead_time_for_changes).toMatchObject({ value: 60, category: 'high', changes_measured: 1 });
    expect(dora.change_failure_rate).toMatchObject({
      value: 50,
      bugs_after_release: 2,
      total_releases: 2,
      category: 'low',
    });
    expect(dora.mean_time_to_recovery).toMatchObject({ value: 6, incidents_count: 1, category: 'high' });
  });
});

describe('developers', () => {
  it('assigned, reported and logged work per person', () => {
    const logged = { ...worked, worklogs: [{ author: 'a-1', started: NOW - 3 * D, seconds: 5400 }] };
    const [first, second] = developerMetrics([logged, ticket('PAY-40', { status: BLOCKED, storyPoints: 3 })], window);
    expect(first).toMatchObject({
      accountId: 'a-1',
      issues: { total: 2, created: 0, resolved: 1, in_progress: 1, blocked: 1 },
      story_points: { total: 8, completed: 5, average_per_issue: 4 },
      time_metrics: { avg_resolution_hours: 192, avg_cycle_time_hours: 144, time_logged_hours: 1.5 },
    });
    expect(second).toMatchObject({ accountId: 'b-2', issues: { total: 0, created: 2 } });
  });
});
