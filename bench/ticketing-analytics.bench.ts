import { loadConfig } from '../src/config/config.js';
import { silentLogger } from '../src/config/logger.js';
import { createDemoApp } from '../src/demo/start-demo.js';
import type { JiraState } from '../src/sandbox/jira/index.js';
import { SANDBOX_EPOCH } from '../src/sandbox/server.js';
import type { Caller } from '../src/toolkit/context.js';
import { median, percentile, time, type BenchResult } from './lib.js';

/**
 * ticketing analytics through the executor, with jira.js talking to the in-process Jira fake over HTTP:
 * get_executive_summary_all_projects (every project, changelog included) with an empty cache and from
 * the analytics cache, at the demo scale and at about 20 projects and 20,000 tickets; and a deep page
 * of get_tickets over every project (offset 400). Each figure notes the upstream requests of one call.
 */
const SUITE = 'ticketing';
const SCALES = [
  { label: 'demo', scale: 1 },
  // The fake's scale 55: 20 projects, about 21,000 tickets.
  { label: 'large', scale: 55 },
];

async function measure(label: string, scale: number): Promise<BenchResult[]> {
  const config = loadConfig(
    {
      CONSTELLATION_ENV: 'test',
      CONSTELLATION_API_KEY: 'bench-api-key-0123456789',
      CONSTELLATION_JWT_SECRET: 'bench-jwt-secret-0123456789-0123456789',
    },
    { databaseFile: ':memory:', demo: true, port: 0, logLevel: 'error' },
  );
  // A clock standing still just after the seed's "now": the windows cover the generated history.
  const { app, demo } = await createDemoApp(
    config,
    { clock: { now: () => SANDBOX_EPOCH + 12 * 3_600_000 }, log: silentLogger },
    { scale, rateLimits: 'count' },
  );
  const caller: Caller = demo.callerOf('acme');
  const tool = app.registry.find('get_executive_summary_all_projects', 'ticketing')!;
  const execute = (args: Record<string, unknown>) => app.executor.execute(caller, tool, args);
  const tickets = app.registry.find('get_tickets', 'ticketing')!;
  const log = demo.sandbox.faults.log;
  /** Requests one run of `work` sends to the Jira fake. */
  const requestsOf = async (work: () => Promise<unknown>): Promise<number> => {
    const before = log.length;
    await work();
    return log.slice(before).filter((r) => r.path.startsWith('/jira/')).length;
  };
  const state = demo.sandbox.state<JiraState>('/jira', 'acme');
  const note = `${state.projects.length} projects, ${state.issues.length} tickets (scale ${scale})`;
  const results: BenchResult[] = [];
  try {
    const args = { time_period_days: 30 };
    const cold = await time(
      async () => {
        await app.services.analytics.invalidateTenant('acme');
        await execute(args);
      },
      label === 'demo' ? 10 : 5,
      2,
    );
    await app.services.analytics.invalidateTenant('acme');
    const coldRequests = await requestsOf(() => execute(args));
    results.push({
      suite: SUITE,
      name: `executive summary, ${label}, cold (median)`,
      value: median(cold),
      unit: 'ms',
      note: `${note}; ${coldRequests} upstream requests`,
    });
    results.push({
      suite: SUITE,
      name: `executive summary, ${label}, cold (p90)`,
      value: percentile(cold, 90),
      unit: 'ms',
    });
    const deepArgs = { offset: 400, limit: 30 };
    const deep = await time(() => app.executor.execute(caller, tickets, deepArgs), label === 'demo' ? 10 : 5, 2);
    const deepRequests = await requestsOf(() => app.executor.execute(caller, tickets, deepArgs));
    results.push({
      suite: SUITE,
      name: `get_tickets offset 400 all projects, ${label} (median)`,
      value: median(deep),
      unit: 'ms',
      note: `${deepRequests} upstream requests`,
    });
    await execute(args);
    const cached = await time(() => execute(args), 500, 50);
    results.push({
      suite: SUITE,
      name: `executive summary, ${label}, cached (median)`,
      value: median(cached),
      unit: 'ms',
    });
    results.push({
      suite: SUITE,
      name: `executive summary, ${label}, cached (p99)`,
      value: percentile(cached, 99),
      unit: 'ms',
    });
  } finally {
    await app.close();
  }
  return results;
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const { label, scale } of SCALES) results.push(...(await measure(label, scale)));
  return results;
}
