import type { NotionState } from '../src/sandbox/notion/index.js';
import { startDemoBench } from './demo-app.js';
import { median, percentile, time, type BenchResult } from './lib.js';

/**
 * notes tools through the executor against the Notion fake, per call: search, a page read (each read a
 * different row, as an agent walks results) and a query of a database named by its title, each with
 * the Notion requests one call sends once its first call is behind it.
 */
const SUITE = 'notes';
const CALLS = 200;

export async function run(): Promise<BenchResult[]> {
  const { app, demo, caller } = await startDemoBench();
  const notion = demo.sandbox.state<NotionState>('/notion', 'acme');
  const rows = [...notion.pages.values()].filter((p) => p.parent.type === 'data_source_id');
  const tool = (name: string) => {
    const definition = app.registry.find(name, 'notes');
    if (!definition) throw new Error(`no notes_${name}`);
    return (args: Record<string, unknown>) => app.executor.execute(caller, definition, args);
  };
  const search = tool('search');
  const getPage = tool('get_page');
  const query = tool('query_database');
  let next = 0;
  const calls: Array<[string, () => Promise<unknown>]> = [
    ['search "tasks"', () => search({ query: 'tasks' })],
    ['get_page', () => getPage({ page_id: rows[next++ % rows.length].id })],
    ['query_database by title, 10 rows', () => query({ database: 'Engineering Tasks', limit: 10 })],
  ];
  /** Notion requests one run of `work` sends. */
  const requestsOf = async (work: () => Promise<unknown>) => {
    const before = demo.sandbox.faults.log.length;
    await work();
    return demo.sandbox.faults.log.slice(before).filter((r) => r.path.startsWith('/notion'));
  };
  try {
    const results: BenchResult[] = [];
    for (const [name, call] of calls) {
      await call();
      const sent = await requestsOf(call);
      const times = (await time(call, CALLS)).sort((a, b) => a - b);
      const note = `${sent.length} Notion requests a call: ${sent.map((r) => `${r.method} ${r.path.replace(/^\/notion/, '').replace(/[0-9a-f-]{36}/g, ':id')}`).join(', ')}`;
      results.push({ suite: SUITE, name: `${name} (median)`, value: median(times), unit: 'ms', note });
      results.push({ suite: SUITE, name: `${name} (p90)`, value: percentile(times, 90), unit: 'ms' });
    }
    return results;
  } finally {
    await app.close();
  }
}
