import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  branchOf,
  history,
  plainIssuesOf,
  pullsOf,
  repoOf,
  type GithubState,
  type IssueRecord,
  type PullRecord,
} from '../../src/sandbox/github/index.js';
import type { ManualClock } from '../helpers/clock.js';
import type { TestServer } from '../helpers/server.js';
import { medianHours } from '../analytics/seed-expectations.js';
import { codeHostServer, type Runner } from './helpers.js';

let server: TestServer;
let acme: GithubState;
let run: Runner;
let clock: ManualClock;

beforeAll(async () => {
  ({ server, acme, run, clock } = await codeHostServer());
});
afterAll(async () => server?.close());

const DAY = 86_400_000;
const DAYS = 30;
const window = () => ({ start: clock.now() - DAYS * DAY, end: clock.now() });
const within = (t: number | null | undefined) => typeof t === 'number' && t >= window().start && t <= window().end;
type Pull = IssueRecord & { pull: PullRecord; repo: string };
const pulls = (): Pull[] => acme.repos.flatMap((r) => pullsOf(r).map((p) => ({ ...p, repo: r.fullName })));
const isBot = (login: string) => acme.users.find((u) => u.login === login)?.type === 'Bot' || login.endsWith('[bot]');

function tally<T>(items: T[], key: (item: T) => string | null | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

describe('pull request analytics against the seed', () => {
  it('get_pr_merge_time_metrics: merges of the window, open-to-merge percentiles', async () => {
    const merged = pulls().filter((p) => within(p.pull.mergedAt));
    const result = await run('get_pr_merge_time_metrics', {});
    expect(result.merged_count).toBe(merged.length);
    expect(result.merge_time_hours.p50).toBe(medianHours(merged.map((p) => p.pull.mergedAt! - p.createdAt)));
    expect(result.merged_without_approval).toBe(
      merged.filter((p) => !p.pull.reviews.some((r) => r.state === 'APPROVED' && r.user !== p.user)).length,
    );
    expect(result.by_repo.reduce((n: number, r: { merged: number }) => n + r.merged, 0)).toBe(merged.length);
    expect(result.by_size.reduce((n: number, r: { merged: number }) => n + r.merged, 0)).toBe(merged.length);
    expect(result.slowest[0].hours).toBe(
      Math.max(...merged.map((p) => Math.round(((p.pull.mergedAt! - p.createdAt) / 3_600_000) * 100) / 100)),
    );
    expect(result.metadata).toMatchObject({ time_period_days: 30, repositories_analyzed: acme.repos.length });
    expect(result.cache.status).toBe('miss');
  });

  it('get_pr_developer_metrics: author and reviewer figures per person', async () => {
    const humans = pulls().filter((p) => !isBot(p.user));
    const mergedBy = tally(
      humans.filter((p) => within(p.pull.mergedAt)),
      (p) => p.user,
    );
    const reviews = humans.flatMap((p) => p.pull.reviews.filter((r) => r.user !== p.user && within(r.submittedAt)));
    const reviewsBy = tally(reviews, (r) => r.user);
    const result = await run('get_pr_developer_metrics', {});
    for (const dev of result.developers) {
      expect(dev.prs_merged, dev.login).toBe(mergedBy.get(dev.login) ?? 0);
      expect(dev.reviews_given, dev.login).toBe(reviewsBy.get(dev.login) ?? 0);
    }
    expect(result.developers.map((d: { login: string }) => d.login)).toEqual(
      expect.arrayContaining([...mergedBy.keys(), ...reviewsBy.keys()]),
    );
    const [top] = result.developers;
    const one = await run('get_pr_developer_metrics', { username: top.login });
    expect(one.developers).toEqual([top]);
  });

  it('get_developer_metrics: commits, pull requests and issues per person', async () => {
    const commits = acme.repos.flatMap((r) =>
      history(r, branchOf(r, r.defaultBranch)!.sha).filter(
        (c) => c.committer.date >= window().start && within(c.author.date),
      ),
    );
    const commitsBy = tally(commits, (c) => c.author.login);
    const issues = acme.repos.flatMap((r) => plainIssuesOf(r));
    const opened = tally(
      issues.filter((i) => within(i.createdAt)),
      (i) => i.user,
    );
    const closed = tally(
      issues.filter((i) => within(i.closedAt)).flatMap((i) => i.assignees),
      (login) => login,
    );
    const merged = tally(
      pulls().filter((p) => !isBot(p.user) && within(p.pull.mergedAt)),
      (p) => p.user,
    );
    const result = await run('get_developer_metrics', {});
    expect(result.count).toBeGreaterThan(0);
    for (const dev of result.developers) {
      expect(dev, dev.login).toMatchObject({
        commits: commitsBy.get(dev.login) ?? 0,
        prs_merged: merged.get(dev.login) ?? 0,
        issues_opened: opened.get(dev.login) ?? 0,
        issues_closed: closed.get(dev.login) ?? 0,
      });
      expect(isBot(dev.login)).toBe(false);
    }
  });

  it('get_eng_metrics and get_eng_metrics_by_repo: throughput, backlog, issue flow and CI', async () => {
    const all = pulls();
    const result = await run('get_eng_metrics', {});
    expect(result.throughput).toMatchObject({
      prs_opened: all.filter((p) => within(p.createdAt)).length,
      prs_merged: all.filter((p) => within(p.pull.mergedAt)).length,
    });
    expect(result.open_work.open_prs).toBe(all.filter((p) => p.state === 'open').length);
    expect(result.open_work.stale_prs).toBe(
      all.filter((p) => p.state === 'open' && p.updatedAt < clock.now() - 7 * DAY).length,
    );
    const issues = acme.repos.flatMap((r) => plainIssuesOf(r));
    expect(result.issues).toMatchObject({
      opened: issues.filter((i) => within(i.createdAt)).length,
      closed: issues.filter((i) => within(i.closedAt)).length,
    });
    const runs = acme.repos.flatMap((r) =>
      r.runs.filter((run) => run.headBranch === r.defaultBranch && within(run.createdAt)),
    );
    expect(result.ci).toMatchObject({
      runs: runs.length,
      failed: runs.filter((r) => r.conclusion === 'failure').length,
    });
    expect(result.derivation).toMatch(/cycle time/);
    const byRepo = await run('get_eng_metrics_by_repo', { repo_ids: 'acme/api,acme/web' });
    expect(byRepo.repositories.map((r: { repo: string }) => r.repo).sort()).toEqual(['acme/api', 'acme/web']);
    for (const row of byRepo.repositories) {
      expect(row.throughput.prs_merged).toBe(all.filter((p) => p.repo === row.repo && within(p.pull.mergedAt)).length);
    }
  });

  it('get_actions_info: workflows, success rates and default-branch failures per repository', async () => {
    const repo = repoOf(acme, 'acme/api')!;
    const runs = repo.runs.filter((r) => within(r.createdAt));
    const result = await run('get_actions_info', { repo_ids: 'acme/api' });
    const [info] = result.repositories;
    expect(info).toMatchObject({
      repo: 'acme/api',
      runs: runs.length,
      succeeded: runs.filter((r) => r.conclusion === 'success').length,
      failed: runs.filter((r) => r.conclusion === 'failure').length,
    });
    expect(info.workflows.map((w: { name: string }) => w.name).sort()).toEqual(
      repo.workflows.map((w) => w.name).sort(),
    );
    for (const flow of info.workflows) expect(flow.runs).toBe(runs.filter((r) => r.name === flow.name).length);
    const main = runs.filter((r) => r.headBranch === 'main');
    expect(info.default_branch).toMatchObject({
      runs: main.length,
      failed: main.filter((r) => r.conclusion === 'failure').length,
    });
    expect(info.recent_failures.length).toBe(Math.min(5, main.filter((r) => r.conclusion === 'failure').length));
    expect(result.totals.runs).toBe(runs.length);
  });
});

describe('get_my_code_host_work', () => {
  it("finds the caller by the token's email and lists their PRs, review requests, reviews and issues", async () => {
    const all = pulls();
    // The person with the most pending review requests.
    const person = acme.users
      .filter((u) => u.personIndex !== undefined)
      .map((u) => ({
        u,
        n: all.filter((p) => p.state === 'open' && p.pull.requestedReviewers.includes(u.login)).length,
      }))
      .sort((a, b) => b.n - a.n)[0].u;
    const since = Date.parse(new Date(clock.now() - 14 * DAY).toISOString().slice(0, 10));
    const key = (i: { repo: string | null; number: number }) => `${i.repo}#${i.number}`;
    const sorted = (items: Array<{ repo: string; number: number }>) => items.map(key).sort();
    const result = await run('get_my_code_host_work', {}, 'acme', person.email!);
    expect(result.user).toEqual({ login: person.login, resolved_from: 'email' });
    expect(sorted(result.open_pull_requests)).toEqual(
      sorted(all.filter((p) => p.state === 'open' && p.user === person.login)),
    );
    expect(sorted(result.review_requests)).toEqual(
      sorted(all.filter((p) => p.state === 'open' && p.pull.requestedReviewers.includes(person.login))),
    );
    expect(result.review_requests.length).toBeGreaterThan(0);
    expect(sorted(result.reviews_done)).toEqual(
      sorted(
        all.filter(
          (p) => p.user !== person.login && p.updatedAt >= since && p.pull.reviews.some((r) => r.user === person.login),
        ),
      ),
    );
    const assigned = acme.repos.flatMap((r) =>
      plainIssuesOf(r)
        .filter((i) => i.state === 'open' && i.assignees.includes(person.login))
        .map((i) => ({ repo: r.fullName, number: i.number })),
    );
    expect(sorted(result.assigned_issues)).toEqual(sorted(assigned));
    expect(result.counts.assigned_issues).toBe(assigned.length);

    const named = await run('get_my_code_host_work', { username: person.login });
    expect(named.user).toEqual({ login: person.login, resolved_from: 'username' });
    await expect(run('get_my_code_host_work', {}, 'acme', 'stranger@elsewhere.test')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
