import { startDemoBench } from './demo-app.js';
import { median, type BenchResult, type BenchSuite } from './lib.js';

// The background sync of the demo tenant (acme, every system it reads) into the graph: upstream requests
// and wall time from an empty graph, then again after 10 changes (5 Jira tickets, 5 GitHub issues edited
// through the tools). A fresh app per round; medians over BENCH_SYNC_ROUNDS (default 3).
const ROUNDS = Number(process.env.BENCH_SYNC_ROUNDS ?? 3);

interface Round {
  fromEmpty: { requests: number; ms: number };
  afterChanges: { requests: number; ms: number };
}

async function oneRound(): Promise<Round> {
  const { app, caller } = await startDemoBench();
  try {
    const sandbox = app.sandbox!;
    const requests = () => sandbox.faults.count('GET', '/') + sandbox.faults.count('POST', '/');
    const measured = async () => {
      const before = requests();
      const started = performance.now();
      const outcome = await app.sync.runNow('acme');
      await app.services.graph?.drain();
      if (outcome !== 'ran') throw new Error(`the sync did not run: ${outcome}`);
      return { requests: requests() - before, ms: performance.now() - started };
    };
    await app.sync.configure('acme', { enabled: true, interval_minutes: 60, initial_window_days: 3650 });
    const fromEmpty = await measured();
    const call = (system: string, tool: string, args: Record<string, unknown>) =>
      app.executor.execute(caller, app.registry.find(tool, system)!, args);
    const tickets = (await call('ticketing', 'get_tickets', { limit: 5 })).tickets as Array<{ key: string }>;
    for (const [i, t] of tickets.entries())
      await call('ticketing', 'update_ticket', { issue_key: t.key, summary: `Bench change ${i}` });
    const issues = (await call('code_host', 'get_issues', { state: 'all', limit: 5 })).issues as Array<{
      repo: string;
      number: number;
    }>;
    for (const [i, issue] of issues.entries())
      await call('code_host', 'update_issue', { repo_id: issue.repo, issue_number: issue.number, title: `Bench ${i}` });
    return { fromEmpty, afterChanges: await measured() };
  } finally {
    await app.close();
  }
}

export const run: BenchSuite = async () => {
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await oneRound());
  const row = (name: string, pick: (r: Round) => number, unit: string): BenchResult => ({
    suite: 'sync',
    name,
    value: median(rounds.map(pick).sort((a, b) => a - b)),
    unit,
    note: `median of ${ROUNDS} rounds`,
  });
  return [
    row('demo tenant from empty: upstream requests', (r) => r.fromEmpty.requests, 'requests'),
    row('demo tenant from empty: time', (r) => r.fromEmpty.ms, 'ms'),
    row('re-sync after 10 changes: upstream requests', (r) => r.afterChanges.requests, 'requests'),
    row('re-sync after 10 changes: time', (r) => r.afterChanges.ms, 'ms'),
  ];
};
