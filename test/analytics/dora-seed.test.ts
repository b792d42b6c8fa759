import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubState } from '../../src/sandbox/github/index.js';
import { SANDBOX_EPOCH } from '../../src/sandbox/server.js';
import { HOUR, ManualClock } from '../helpers/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { expectedDora, meanHours, medianHours, type ExpectedRepoDora } from './seed-expectations.js';

let server: TestServer;
const clock = new ManualClock(SANDBOX_EPOCH + 12 * HOUR);

beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(async () => server?.close());

const run = (tool: string, args: Record<string, unknown>, tenant: 'acme' | 'globex' = 'acme') =>
  server.app.executor.execute(
    server.callerFor(tenant),
    server.app.registry.find(tool, 'code_host')!,
    args,
  ) as Promise<any>;

function pooled(repos: ExpectedRepoDora[], days: number) {
  const sum = (pick: (r: ExpectedRepoDora) => number) => repos.reduce((n, r) => n + pick(r), 0);
  const failed = sum((r) => (r.signal === 'deployments' ? r.deployments.failed : r.runs.failed));
  const total = sum((r) => (r.signal === 'deployments' ? r.deployments.total : r.runs.total));
  return {
    deployment_frequency: Math.round((sum((r) => r.deliveries) / days) * 1000) / 1000,
    lead_time_hours: medianHours(repos.flatMap((r) => r.leadTimesMs)),
    change_failure_rate: total ? Math.round((failed / total) * 10_000) / 100 : null,
    mttr_hours: meanHours(repos.flatMap((r) => r.incidents.recoveryMs)),
  };
}

describe('get_dora_metrics against the seeded history', () => {
  it.each([30, 90])('matches figures computed from the seed state over %i days', async (days) => {
    const state = server.sandbox.state<GithubState>('/github', 'acme');
    const expected = expectedDora(state, clock.now(), days);
    const result = await run('get_dora_metrics', { time_period_days: days, refresh: true });
    expect(result.flat).toEqual(pooled(expected, days));
    expect(result.deployment_frequency).toMatchObject({
      unit: 'deployments_per_day',
      total_deployments: expected.reduce((n, r) => n + r.deliveries, 0),
      signal: 'mixed',
    });
    expect(Object.keys(result.deployment_frequency.benchmark)).toEqual(['elite', 'high', 'medium', 'low']);
    expect(result.lead_time_for_changes).toMatchObject({
      unit: 'hours',
      changes_measured: expected.reduce((n, r) => n + r.leadTimesMs.length, 0),
      changes_pending_deployment: expected.reduce((n, r) => n + r.pending, 0),
    });
    expect(result.lead_time_for_changes.p90).toBeGreaterThanOrEqual(result.lead_time_for_changes.p50);
    expect(result.change_failure_rate).toMatchObject({
      unit: 'percent',
      total_workflows: expected.reduce((n, r) => n + r.runs.total, 0),
      failed_workflows: expected.reduce((n, r) => n + r.runs.failed, 0),
      total_deployments: expected.reduce((n, r) => n + r.deployments.total, 0),
      failed_deployments: expected.reduce((n, r) => n + r.deployments.failed, 0),
    });
    expect(result.mean_time_to_recovery).toMatchObject({
      unit: 'hours',
      incidents_count: expected.reduce((n, r) => n + r.incidents.count, 0),
    });
    for (const metric of [
      'deployment_frequency',
      'lead_time_for_changes',
      'change_failure_rate',
      'mean_time_to_recovery',
    ]) {
      expect(['elite', 'high', 'medium', 'low', 'no_data']).toContain(result[metric].category);
      expect(result[metric].description.length).toBeGreaterThan(100);
    }
    expect(result.metadata).toMatchObject({
      time_period_days: days,
      repositories_analyzed: expected.length,
      end_date: new Date(clock.now()).toISOString().replace('.000', ''),
      signals: Object.fromEntries(expected.map((r) => [r.repo, r.signal])),
    });
    expect(result.cache.status).toBe('miss');
  });

  it('the seed exercises deployments (with failures and incidents) and releases as signals', () => {
    const expected = expectedDora(server.sandbox.state<GithubState>('/github', 'acme'), clock.now(), 90);
    expect(new Set(expected.map((r) => r.signal))).toEqual(new Set(['deployments', 'releases']));
    expect(expected.some((r) => r.deployments.failed > 0 && r.incidents.recoveryMs.length > 0)).toBe(true);
  });

  it('per repository, and limited to repo_ids', async () => {
    const state = server.sandbox.state<GithubState>('/github', 'acme');
    const expected = expectedDora(state, clock.now(), 60);
    const byRepo = await run('get_dora_metrics_by_repo', { time_period_days: 60 });
    expect(byRepo.count).toBe(expected.length);
    for (const row of byRepo.repositories) {
      const want = expected.find((r) => r.repo === row.repo)!;
      expect(row.signal).toBe(want.signal);
      expect(row.flat).toEqual(pooled([want], 60));
      expect(row.deployment_frequency.description).toBeUndefined();
    }
    expect(byRepo.derivations.lead_time_for_changes).toMatch(/first commit/);
    const two = await run('get_dora_metrics', { repo_ids: 'acme/web, acme/api', time_period_days: 60 });
    expect(two.metadata.repositories).toEqual(['acme/api', 'acme/web']);
    expect(two.flat).toEqual(
      pooled(
        expected.filter((r) => r.repo === 'acme/api' || r.repo === 'acme/web'),
        60,
      ),
    );
  });

  it("tenant isolation: an acme caller cannot analyse globex's repositories", async () => {
    await expect(run('get_dora_metrics', { repo_ids: 'globex/platform' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const globex = await run('get_dora_metrics', { time_period_days: 30 }, 'globex');
    expect(globex.metadata.repositories.every((r: string) => r.startsWith('globex/'))).toBe(true);
  });

  it('a repository that fails is named and the result is partial (and not cached)', async () => {
    const partial = await run('get_dora_metrics', { repo_ids: 'acme/api,acme/nope', refresh: true });
    expect(partial).toMatchObject({
      partial: true,
      failed_sources: [{ resource: 'acme/nope', error: { code: 'NOT_FOUND' } }],
      metadata: { repositories: ['acme/api'] },
    });
    const again = await run('get_dora_metrics', { repo_ids: 'acme/api,acme/nope' });
    expect(again.cache.status).toBe('miss');
  });

  it('rejects malformed repo_ids', async () => {
    await expect(run('get_dora_metrics', { repo_ids: 'not a repo' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});
