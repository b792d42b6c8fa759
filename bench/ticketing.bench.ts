import { loadConfig } from '../src/config/config.js';
import { silentLogger } from '../src/config/logger.js';
import { createDemoApp } from '../src/demo/start-demo.js';
import type { JiraState } from '../src/sandbox/jira/index.js';
import { SANDBOX_EPOCH } from '../src/sandbox/server.js';
import { median, percentile, time, type BenchResult } from './lib.js';

/**
 * ticketing benchmarks through the executor, with jira.js talking to the in-process Jira fake over
 * HTTP: get_tickets over every project (the per-project fan-out of /search/jql pages, merged) at the
 * demo scale and at the sandbox scale (the fake's scale 55: 20 projects, about 21,000 tickets).
 */
const SUITE = 'ticketing';

async function measure(scale: number): Promise<BenchResult[]> {
  const config = loadConfig(
    {
      CONSTELLATION_ENV: 'test',
      CONSTELLATION_API_KEY: 'bench-api-key-0123456789',
      CONSTELLATION_JWT_SECRET: 'bench-jwt-secret-0123456789-0123456789',
    },
    { databaseFile: ':memory:', demo: true, port: 0, logLevel: 'error' },
  );
  const { app, demo } = await createDemoApp(
    config,
    { clock: { now: () => SANDBOX_EPOCH + 12 * 3_600_000 }, log: silentLogger },
    { scale, rateLimits: 'count' },
  );
  const caller = demo.callerOf('acme');
  const execute = (args: Record<string, unknown>) =>
    app.executor.execute(caller, app.registry.find('get_tickets', 'ticketing')!, args);
  const state = demo.sandbox.state<JiraState>('/jira', 'acme');
  const note = `${state.projects.length} projects, ${state.issues.length} tickets (scale ${scale})`;
  try {
    const first = await time(() => execute({ limit: 30 }), 10, 2);
    const deep = await time(() => execute({ limit: 100, offset: 400 }), 5, 1);
    const filtered = await time(() => execute({ status: 'In Progress', limit: 50 }), 10, 2);
    return [
      {
        suite: SUITE,
        name: `get_tickets all projects, limit 30, scale ${scale} (median)`,
        value: median(first),
        unit: 'ms',
        note,
      },
      {
        suite: SUITE,
        name: `get_tickets all projects, limit 30, scale ${scale} (p90)`,
        value: percentile(first, 90),
        unit: 'ms',
      },
      {
        suite: SUITE,
        name: `get_tickets all projects, offset 400 limit 100, scale ${scale} (median)`,
        value: median(deep),
        unit: 'ms',
      },
      {
        suite: SUITE,
        name: `get_tickets all projects, status filter, limit 50, scale ${scale} (median)`,
        value: median(filtered),
        unit: 'ms',
      },
    ];
  } finally {
    await app.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  return [...(await measure(1)), ...(await measure(55))];
}
