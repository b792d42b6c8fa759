import { loadConfig } from '../src/config/config.js';
import { silentLogger } from '../src/config/logger.js';
import { createDemoApp } from '../src/demo/start-demo.js';
import type { GithubState } from '../src/sandbox/github/index.js';
import { SANDBOX_EPOCH } from '../src/sandbox/server.js';
import type { Caller } from '../src/toolkit/context.js';
import { median, percentile, time, type BenchResult } from './lib.js';

/**
 * code_host benchmarks through the executor, with the real Octokit talking to the in-process sandbox
 * over HTTP: DORA metrics over every acme repository with an empty cache and from the analytics cache,
 * and the get_issues fan-out over every repository. The sandbox runs at SCALE times the test data.
 */
const SUITE = 'code_host';
const SCALE = 4;

export async function run(): Promise<BenchResult[]> {
  const config = loadConfig(
    {
      CONSTELLATION_ENV: 'test',
      CONSTELLATION_API_KEY: 'bench-api-key-0123456789',
      CONSTELLATION_JWT_SECRET: 'bench-jwt-secret-0123456789-0123456789',
    },
    {
      databaseFile: ':memory:',
      demo: true,
      port: 0,
      logLevel: 'error',
    },
  );
  // A clock standing still just after the seed's "now": the windows cover the generated history.
  // The clock stands still: count requests against the fake's budgets but never refuse them.
  const { app, demo } = await createDemoApp(
    config,
    { clock: { now: () => SANDBOX_EPOCH + 12 * 3_600_000 }, log: silentLogger },
    { scale: SCALE, rateLimits: 'count' },
  );
  const sandbox = demo.sandbox;
  const caller: Caller = demo.callerOf('acme');
  const execute = (tool: string, args: Record<string, unknown>) =>
    app.executor.execute(caller, app.registry.find(tool, 'code_host')!, args);
  const state = sandbox.state<GithubState>('/github', 'acme');
  const repos = state.repos.length;
  const issues = state.repos.reduce((n, r) => n + r.issues.length, 0);
  const note = `${repos} repositories, ${issues} issues and pull requests (scale ${SCALE})`;
  const results: BenchResult[] = [];
  try {
    const args = { time_period_days: 30 };
    const cold = await time(
      async () => {
        await app.services.analytics.invalidateTenant('acme');
        await execute('get_dora_metrics', args);
      },
      8,
      2,
    );
    results.push({
      suite: SUITE,
      name: 'get_dora_metrics, all repositories, cold (median)',
      value: median(cold),
      unit: 'ms',
      note,
    });
    results.push({
      suite: SUITE,
      name: 'get_dora_metrics, all repositories, cold (p90)',
      value: percentile(cold, 90),
      unit: 'ms',
    });
    await execute('get_dora_metrics', args);
    const cached = await time(() => execute('get_dora_metrics', args), 500, 50);
    results.push({
      suite: SUITE,
      name: 'get_dora_metrics, cached through the executor (median)',
      value: median(cached),
      unit: 'ms',
    });
    results.push({
      suite: SUITE,
      name: 'get_dora_metrics, cached through the executor (p99)',
      value: percentile(cached, 99),
      unit: 'ms',
    });
    const fanOut = await time(() => execute('get_issues', { state: 'all', limit: 50 }), 20, 3);
    results.push({
      suite: SUITE,
      name: 'get_issues fan-out over every repository, limit 50 (median)',
      value: median(fanOut),
      unit: 'ms',
      note: `${repos} repositories`,
    });
    const prs = await time(() => execute('get_pull_requests', { state: 'all', limit: 20 }), 10, 2);
    results.push({
      suite: SUITE,
      name: 'get_pull_requests fan-out with 20 detailed PRs (median)',
      value: median(prs),
      unit: 'ms',
    });
  } finally {
    await app.close();
  }
  return results;
}
