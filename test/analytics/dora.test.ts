import { describe, expect, it } from 'vitest';
import type { DeploymentEvent, RepoDeliverySignals } from '../../tools/code_host/analytics/metrics/delivery.js';
import { repoDora } from '../../tools/code_host/analytics/metrics/dora.js';
import { doraMetrics } from '../../tools/code_host/analytics/metrics/dora-report.js';
import { DAY_MS, HOUR_MS } from '../../src/analytics/stats.js';

const START = Date.UTC(2026, 9, 1);
const window = { start: START, end: START + 30 * DAY_MS };
const at = (days: number, hours = 0) => START + days * DAY_MS + hours * HOUR_MS;

function signals(overrides: Partial<RepoDeliverySignals>): RepoDeliverySignals {
  return {
    repo: 'acme/x',
    hasDeployments: false,
    hasReleases: false,
    deployments: [],
    releases: [],
    merged: [],
    mainCommitTimes: {},
    runs: [],
    incidents: [],
    ...overrides,
  };
}

const deploy = (
  id: number,
  sha: string,
  finishedDay: number,
  outcome: DeploymentEvent['outcome'],
  finishedHour = 0,
): DeploymentEvent => ({
  id,
  sha,
  createdAt: at(finishedDay, finishedHour) - 600_000,
  finishedAt: at(finishedDay, finishedHour),
  outcome,
});

describe('repoDora: deployments as the signal', () => {
  // Two changes: A merged day 2 (first commit day 1), B merged day 5 (first commit day 4).
  const merged = [
    { number: 1, mergedAt: at(2), firstCommitAt: at(1), mergeSha: 'a' },
    { number: 2, mergedAt: at(5), firstCommitAt: at(4), mergeSha: 'b' },
    { number: 3, mergedAt: at(20), firstCommitAt: at(19), mergeSha: 'c' },
  ];
  const mainCommitTimes = { a: at(2), b: at(5), c: at(20), old: at(-3) };
  const deployments = [
    deploy(1, 'a', 3, 'success'), // ships A: lead time 2 days
    deploy(2, 'b', 6, 'failure'), // B fails
    deploy(3, 'old', 6, 'success', 2), // rollback to an old commit: ships nothing new, recovers after 2 hours
    deploy(4, 'b', 8, 'success'), // ships B: lead time 4 days
  ];
  const facts = repoDora(signals({ hasDeployments: true, deployments, merged, mainCommitTimes }), window);

  it('counts successful production deployments finished in the window', () => {
    expect(facts.signal).toBe('deployments');
    expect(facts.deliveries).toBe(3);
  });

  it('lead time runs from the first commit to the first deployment that contains the change; a rollback contains nothing new', () => {
    expect(facts.leadTimesMs.sort((x, y) => x - y)).toEqual([2 * DAY_MS, 4 * DAY_MS]);
    expect(facts.pendingChanges).toBe(1);
  });

  it('change failure rate from deployments, recovery from the failure to the next success', () => {
    expect(facts.deployments).toEqual({ total: 4, failed: 1 });
    expect(facts.incidents).toEqual({ count: 1, unresolved: 0, recoveryMs: [2 * HOUR_MS] });
  });

  it('consecutive failures are one incident; an incident issue during it (or within an hour after) is the same one', () => {
    const withIssues = repoDora(
      signals({
        hasDeployments: true,
        deployments: [
          deploy(1, 'a', 10, 'failure'),
          deploy(2, 'a', 10, 'failure', 1),
          deploy(3, 'old', 10, 'success', 3),
          deploy(4, 'b', 25, 'failure'),
        ],
        incidents: [
          { number: 7, createdAt: at(10, 0.2), closedAt: at(10, 5) }, // during the first incident
          { number: 8, createdAt: at(10, 3.5), closedAt: at(10, 6) }, // 30 minutes after its recovery: same incident
          { number: 9, createdAt: at(15), closedAt: at(15, 10) }, // on its own: 10 hours
          { number: 10, createdAt: at(18), closedAt: null }, // unresolved
          { number: 11, createdAt: at(-2), closedAt: at(-1) }, // before the window
        ],
      }),
      window,
    );
    // Incidents: deploys day 10 (3h), issue #9 (10h), issue #10 (open), deploy day 25 (open).
    expect(withIssues.incidents.count).toBe(4);
    expect(withIssues.incidents.unresolved).toBe(2);
    expect(withIssues.incidents.recoveryMs.sort((x, y) => x - y)).toEqual([3 * HOUR_MS, 10 * HOUR_MS]);
  });
});

describe('repoDora: fallbacks', () => {
  it('releases when the repository never deployed: delivery = publication, failures from default-branch runs', () => {
    const facts = repoDora(
      signals({
        hasReleases: true,
        releases: [at(3), at(10), at(40)],
        merged: [
          { number: 1, mergedAt: at(2), firstCommitAt: at(1), mergeSha: null },
          { number: 2, mergedAt: at(12), firstCommitAt: at(11), mergeSha: null },
        ],
        runs: [
          { createdAt: at(1), outcome: 'success' },
          { createdAt: at(2), outcome: 'failure' },
          { createdAt: at(3), outcome: 'success' },
          { createdAt: at(-1), outcome: 'failure' },
        ],
      }),
      window,
    );
    expect(facts.signal).toBe('releases');
    expect(facts.deliveries).toBe(2);
    expect(facts.leadTimesMs).toEqual([2 * DAY_MS]);
    expect(facts.pendingChanges).toBe(1);
    expect(facts.runs).toEqual({ total: 3, failed: 1 });
  });

  it('merged pull requests when there are neither deployments nor releases: lead time ends at the merge', () => {
    const facts = repoDora(
      signals({ merged: [{ number: 1, mergedAt: at(2, 6), firstCommitAt: at(2), mergeSha: 'x' }] }),
      window,
    );
    expect(facts.signal).toBe('merged_pull_requests');
    expect(facts.deliveries).toBe(1);
    expect(facts.leadTimesMs).toEqual([6 * HOUR_MS]);
  });
});

describe('doraMetrics: pooled over repositories, in the spec shape', () => {
  const deployed = repoDora(
    signals({
      repo: 'acme/api',
      hasDeployments: true,
      deployments: [deploy(1, 'a', 3, 'success'), deploy(2, 'b', 6, 'failure'), deploy(3, 'b', 6, 'success', 1)],
      merged: [{ number: 1, mergedAt: at(2), firstCommitAt: at(1, 12), mergeSha: 'a' }],
      mainCommitTimes: { a: at(2), b: at(5) },
    }),
    window,
  );
  const released = repoDora(
    signals({
      repo: 'acme/mobile',
      hasReleases: true,
      releases: [at(4)],
      runs: [
        { createdAt: at(4), outcome: 'failure' },
        { createdAt: at(5), outcome: 'success' },
      ],
    }),
    window,
  );
  const report = doraMetrics([deployed, released], 30);

  it('deployment frequency per day with its band, total and signal', () => {
    expect(report.deployment_frequency).toMatchObject({
      value: 0.1,
      unit: 'deployments_per_day',
      category: 'medium',
      total_deployments: 3,
      per_week: 0.7,
      signal: 'mixed',
    });
    expect(Object.keys(report.deployment_frequency.benchmark)).toEqual(['elite', 'high', 'medium', 'low']);
  });

  it('lead time p50/p90 in hours', () => {
    expect(report.lead_time_for_changes).toMatchObject({
      value: 36,
      unit: 'hours',
      category: 'high',
      p50: 36,
      p90: 36,
      changes_measured: 1,
    });
  });

  it('change failure rate: deployments of deploying repositories plus default-branch runs of the others', () => {
    // api: 1 of 3 deployments failed; mobile: 1 of 2 runs failed -> 2 / 5.
    expect(report.change_failure_rate).toMatchObject({
      value: 40,
      unit: 'percent',
      category: 'medium',
      total_workflows: 2,
      failed_workflows: 1,
      total_deployments: 3,
      failed_deployments: 1,
    });
  });

  it('mean time to recovery, and the flat form', () => {
    expect(report.mean_time_to_recovery).toMatchObject({
      value: 1,
      unit: 'hours',
      category: 'high',
      incidents_count: 1,
      resolved_count: 1,
      unresolved_count: 0,
    });
    expect(report.flat).toEqual({
      deployment_frequency: 0.1,
      lead_time_hours: 36,
      change_failure_rate: 40,
      mttr_hours: 1,
    });
  });

  it('no data gives null values with the no_data category, never NaN', () => {
    const empty = doraMetrics([], 30);
    expect(empty.deployment_frequency).toMatchObject({ value: 0, category: 'low', total_deployments: 0 });
    expect(empty.lead_time_for_changes).toMatchObject({ value: null, category: 'no_data' });
    expect(empty.change_failure_rate).toMatchObject({ value: null, category: 'no_data' });
    expect(empty.mean_time_to_recovery).toMatchObject({ value: null, category: 'no_data', incidents_count: 0 });
  });
});
