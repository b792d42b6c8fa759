/**
 * The ticketing metrics checked against figures computed here, straight from the Jira fake's seeded
 * records (not through the tools' own code): resolutions and creations in a window, sprint membership
 * and story points, releases, each person's resolved tickets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusById, type IssueRecord, type JiraState } from '../../src/sandbox/jira/index.js';
import type { ManualClock } from '../helpers/clock.js';
import { checkedRunner, fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import type { TestServer } from '../helpers/server.js';

const DAY = 86_400_000;
let server: TestServer;
let clock: ManualClock;
let run: Runner;
let jira: JiraState;

beforeAll(async () => {
  ({ server, clock } = await systemServer('ticketing'));
  run = checkedRunner(server, 'ticketing');
  jira = fakeState<JiraState>(server, '/jira', 'acme');
});
afterAll(() => server.close());

const ofProject = (key: string): IssueRecord[] => jira.issues.filter((i) => i.projectKey === key);
const within = (at: number | null, start: number, end: number): boolean => at !== null && at >= start && at <= end;
const points = (issues: readonly IssueRecord[]): number =>
  Math.round(issues.reduce((n, i) => n + (i.storyPoints ?? 0), 0) * 10) / 10;
const isDone = (issue: IssueRecord): boolean => statusById(jira, issue.statusId)?.category === 'done';

describe('ticketing metrics against the seeded Jira', () => {
  it.each(['API', 'MOB', 'OPS'])(
    'throughput of %s: resolved, created and story points in the last 30 days',
    async (key) => {
      const now = clock.now();
      const start = now - 30 * DAY;
      const resolved = ofProject(key).filter((i) => within(i.resolutionDate, start, now));
      const created = ofProject(key).filter((i) => within(i.created, start, now));
      const result = await run('get_throughput_metrics', { project_key: key, time_period_days: 30 });
      expect(resolved.length).toBeGreaterThan(0);
      expect(result.resolved).toBe(resolved.length);
      expect(result.created).toBe(created.length);
      expect(result.net_flow).toBe(created.length - resolved.length);
      expect(result.story_points_resolved).toBeCloseTo(points(resolved), 5);
      expect(result.weeks.reduce((n: number, w: { resolved: number }) => n + w.resolved, 0)).toBe(resolved.length);
    },
  );

  it('throughput by project adds up to the seeded totals of every project', async () => {
    const now = clock.now();
    const start = now - 30 * DAY;
    const result = await run('get_throughput_metrics_by_project', { time_period_days: 30 });
    for (const project of jira.projects) {
      const row = result.projects.find((p: { project_key: string }) => p.project_key === project.key);
      expect(row?.resolved, project.key).toBe(
        ofProject(project.key).filter((i) => within(i.resolutionDate, start, now)).length,
      );
    }
    expect(result.totals.resolved).toBe(jira.issues.filter((i) => within(i.resolutionDate, start, now)).length);
  });

  it('the active sprint: its tickets, what is done, committed and completed story points', async () => {
    const project = jira.projects.find((p) => p.key === 'API');
    const board = jira.boards.find((b) => b.projectKey === 'API');
    const sprint = jira.sprints.find((s) => s.boardId === board?.id && s.state === 'active');
    if (!project || !board || !sprint) throw new Error('API has no active sprint in the seed');
    const members = ofProject('API').filter((i) => i.sprintIds.includes(sprint.id));
    const done = members.filter((i) => isDone(i) && (i.resolutionDate === null || i.resolutionDate <= clock.now()));
    const result = await run('get_sprint_metrics', { project_key: 'API' });
    expect(result.sprint).toMatchObject({ id: sprint.id, name: sprint.name, state: 'active' });
    expect(result.metrics).toMatchObject({
      total_issues: members.length,
      completed: done.length,
      remaining: members.length - done.length,
    });
    expect(result.metrics.story_points.committed).toBeCloseTo(points(members), 5);
    expect(result.metrics.story_points.completed).toBeCloseTo(points(done), 5);
  });

  it('release cadence: versions released in the window, per week', async () => {
    const now = clock.now();
    const start = now - 90 * DAY;
    const project = jira.projects.find((p) => p.key === 'API');
    const released = jira.versions.filter(
      (v) =>
        v.projectId === project?.id &&
        v.released &&
        v.releaseDate !== null &&
        within(Date.parse(v.releaseDate), start - DAY, now),
    );
    const result = await run('get_dora_metrics', { project_key: 'API', time_period_days: 90 });
    expect(result.deployment_frequency.unit).toBe('releases_per_week');
    expect(result.deployment_frequency.value).toBeCloseTo(Math.round((released.length / 90) * 7 * 100) / 100, 1);
  });

  it('each developer’s resolved tickets in the window, as the seed assigns them', async () => {
    const now = clock.now();
    const start = now - 30 * DAY;
    const result = await run('get_developer_metrics', { project_key: 'API', time_period_days: 30, limit: 50 });
    const resolvedBy = new Map<string, number>();
    for (const issue of ofProject('API')) {
      if (issue.assigneeId && within(issue.resolutionDate, start, now))
        resolvedBy.set(issue.assigneeId, (resolvedBy.get(issue.assigneeId) ?? 0) + 1);
    }
    expect(resolvedBy.size).toBeGreaterThan(0);
    for (const [accountId, count] of resolvedBy) {
      const developer = result.developers.find((d: { accountId: string }) => d.accountId === accountId);
      expect(developer?.issues.resolved, accountId).toBe(count);
    }
  });
});
