import { describe, expect, it } from 'vitest';
import { sizeBucket, type PullActivity, type RunActivity } from '../../tools/code_host/analytics/metrics/activity.js';
import { issueFlow, runOutcome, runSummary, workflowBreakdown } from '../../tools/code_host/analytics/metrics/ci.js';
import { mergeTimeMetrics, pullFlowMetrics } from '../../tools/code_host/analytics/metrics/flow.js';
import { developerActivity, pullRequestPeople } from '../../tools/code_host/analytics/metrics/people.js';
import { DAY_MS, HOUR_MS } from '../../src/analytics/stats.js';

const START = Date.UTC(2026, 9, 1);
const window = { start: START, end: START + 30 * DAY_MS };
const at = (days: number, hours = 0) => START + days * DAY_MS + hours * HOUR_MS;

function pr(overrides: Partial<PullActivity>): PullActivity {
  return {
    repo: 'acme/api',
    number: 1,
    title: 'x',
    author: 'ada',
    bot: false,
    createdAt: at(1),
    mergedAt: null,
    closedAt: null,
    draft: false,
    additions: null,
    deletions: null,
    reviews: [],
    ...overrides,
  };
}

const prs: PullActivity[] = [
  // Merged after 10 hours, reviewed after 2 by bob (approved), 50 lines.
  pr({
    number: 1,
    createdAt: at(1),
    mergedAt: at(1, 10),
    closedAt: at(1, 10),
    additions: 40,
    deletions: 10,
    reviews: [{ user: 'bob', state: 'APPROVED', submittedAt: at(1, 2) }],
  }),
  // Merged after 30 hours, changes requested then approved by ada, 500 lines, in another repo.
  pr({
    repo: 'acme/web',
    number: 2,
    author: 'bob',
    createdAt: at(3),
    mergedAt: at(4, 6),
    closedAt: at(4, 6),
    additions: 450,
    deletions: 50,
    reviews: [
      { user: 'ada', state: 'CHANGES_REQUESTED', submittedAt: at(3, 4) },
      { user: 'ada', state: 'APPROVED', submittedAt: at(4) },
      { user: 'bob', state: 'COMMENTED', submittedAt: at(4, 1) },
    ],
  }),
  // Closed without merge; opened in the window.
  pr({ number: 3, createdAt: at(5), closedAt: at(6) }),
  // Open, no review.
  pr({ number: 4, author: 'carol', createdAt: at(7) }),
  // Merged before the window: ignored for merge figures.
  pr({ number: 5, createdAt: at(-5), mergedAt: at(-4), additions: 1, deletions: 1 }),
  // A bot's pull request merged without approval.
  pr({
    number: 6,
    author: 'dependabot[bot]',
    bot: true,
    createdAt: at(8),
    mergedAt: at(8, 1),
    additions: 2,
    deletions: 2,
  }),
];

describe('pull request flow', () => {
  it('merge time: percentiles, first review, approval to merge, size and repository breakdowns, slowest', () => {
    const m = mergeTimeMetrics(prs, window);
    expect(m.merged_count).toBe(3);
    expect(m.merge_time_hours).toMatchObject({ p50: 10, count: 3, mean: 13.67 });
    expect(m.time_to_first_review_hours).toMatchObject({ p50: 3, count: 2 });
    expect(m.approval_to_merge_hours).toMatchObject({ p50: 7, count: 2 });
    expect(m.merged_without_approval).toBe(1);
    expect(m.by_size).toEqual([
      { size: 'XS', merged: 1, p50_hours: 1 },
      { size: 'S', merged: 1, p50_hours: 10 },
      { size: 'L', merged: 1, p50_hours: 30 },
    ]);
    expect(m.by_repo.map((r) => [r.repo, r.merged])).toEqual([
      ['acme/api', 2],
      ['acme/web', 1],
    ]);
    expect(m.slowest[0]).toMatchObject({ repo: 'acme/web', number: 2, hours: 30 });
  });

  it('flow overview: throughput, cycle time, review coverage and size', () => {
    const f = pullFlowMetrics(prs, window, 30);
    expect(f.throughput).toEqual({ prs_opened: 5, prs_merged: 3, prs_closed_unmerged: 1, merged_per_week: 0.7 });
    expect(f.cycle_time_hours.p50).toBe(10);
    expect(f.review).toEqual({
      approved_before_merge_percent: 66.67,
      merged_without_approval: 1,
      reviews_per_merged_pr: 1.33,
    });
    expect(f.pr_size_lines).toMatchObject({ p50: 50, measured: 3 });
  });

  it('size buckets', () => {
    expect([0, 10, 11, 100, 101, 400, 401, 1000, 1001].map(sizeBucket)).toEqual([
      'XS',
      'XS',
      'S',
      'S',
      'M',
      'M',
      'L',
      'L',
      'XL',
    ]);
  });
});

describe('people', () => {
  it('developer activity counts commits, PRs, lines, reviews and issues per person, without bots', () => {
    const people = developerActivity(
      {
        prs,
        commits: [
          { repo: 'acme/api', sha: 'a', author: 'ada', at: at(2) },
          { repo: 'acme/api', sha: 'b', author: 'ada', at: at(-3) },
          { repo: 'acme/api', sha: 'c', author: null, at: at(2) },
        ],
        issues: [
          {
            repo: 'acme/api',
            number: 9,
            author: 'carol',
            assignees: ['bob'],
            labels: ['bug'],
            createdAt: at(2),
            closedAt: at(3),
          },
        ],
      },
      window,
    );
    const ada = people.find((p) => p.login === 'ada')!;
    expect(ada).toMatchObject({
      commits: 1,
      prs_opened: 2,
      prs_merged: 1,
      lines_added: 40,
      lines_deleted: 10,
      reviews_given: 2,
      issues_opened: 0,
      issues_closed: 0,
    });
    expect(people.find((p) => p.login === 'bob')).toMatchObject({
      prs_merged: 1,
      reviews_given: 1,
      issues_closed: 1,
      repositories: ['acme/api', 'acme/web'],
    });
    expect(people.find((p) => p.login === 'carol')).toMatchObject({ prs_opened: 1, issues_opened: 1 });
    expect(people.some((p) => p.login.endsWith('[bot]'))).toBe(false);
  });

  it('pull request people: author and reviewer sides', () => {
    const people = pullRequestPeople(prs, window);
    const ada = people.find((p) => p.login === 'ada')!;
    expect(ada).toMatchObject({
      prs_opened: 2,
      prs_merged: 1,
      prs_closed_unmerged: 1,
      merge_rate_percent: 50,
      median_cycle_time_hours: 10,
      median_time_to_first_review_hours: 2,
      reviews_given: 2,
      approvals_given: 1,
      changes_requested_given: 1,
    });
    const bob = people.find((p) => p.login === 'bob')!;
    expect(bob).toMatchObject({
      prs_merged: 1,
      reviews_received: 2,
      changes_requested_received: 1,
      reviews_given: 1,
      approvals_given: 1,
    });
  });
});

describe('CI and issues', () => {
  const run = (overrides: Partial<RunActivity>): RunActivity => ({
    repo: 'acme/api',
    workflow: 'CI',
    branch: 'main',
    event: 'push',
    status: 'completed',
    conclusion: 'success',
    createdAt: at(1),
    durationMs: 4 * 60_000,
    htmlUrl: 'https://x/1',
    ...overrides,
  });
  const runs = [
    run({}),
    run({ conclusion: 'failure', createdAt: at(2) }),
    run({ conclusion: 'cancelled', createdAt: at(3) }),
    run({ status: 'in_progress', conclusion: null, durationMs: null, createdAt: at(4) }),
    run({ workflow: 'Deploy', branch: 'feature', conclusion: 'timed_out', createdAt: at(5), durationMs: 10 * 60_000 }),
  ];

  it('outcomes leave cancelled, skipped and running runs out of success rates', () => {
    expect(runOutcome({ status: 'completed', conclusion: 'startup_failure' })).toBe('failure');
    expect(runOutcome({ status: 'completed', conclusion: 'skipped' })).toBeNull();
    expect(runSummary(runs)).toMatchObject({
      runs: 5,
      succeeded: 1,
      failed: 2,
      cancelled_or_skipped: 1,
      in_progress: 1,
      success_rate_percent: 33.33,
      median_duration_minutes: 4,
    });
  });

  it('workflow breakdown with the default branch and its latest failures', () => {
    const b = workflowBreakdown(runs, 'main', window);
    expect(b.workflows.map((w) => [w.name, w.runs])).toEqual([
      ['Deploy', 1],
      ['CI', 4],
    ]);
    expect(b.default_branch).toMatchObject({ runs: 4, succeeded: 1, failed: 1, success_rate_percent: 50 });
    expect(b.recent_failures).toHaveLength(1);
  });

  it('issue flow', () => {
    const flow = issueFlow(
      [
        { repo: 'r', number: 1, author: 'a', assignees: [], labels: ['bug'], createdAt: at(1), closedAt: at(1, 5) },
        { repo: 'r', number: 2, author: 'a', assignees: [], labels: [], createdAt: at(2), closedAt: null },
        { repo: 'r', number: 3, author: 'a', assignees: [], labels: [], createdAt: at(-9), closedAt: at(3) },
      ],
      window,
    );
    expect(flow).toMatchObject({ opened: 2, closed: 2, bugs_opened: 1, bug_share_percent: 50, still_open: 1 });
    expect(flow.time_to_close_hours.p50).toBe(146.5);
  });
});
