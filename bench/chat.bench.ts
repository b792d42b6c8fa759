import { loadConfig } from '../src/config/config.js';
import { silentLogger } from '../src/config/logger.js';
import { createDemoApp } from '../src/demo/start-demo.js';
import { SANDBOX_EPOCH } from '../src/sandbox/server.js';
import type { SlackState } from '../src/sandbox/slack/index.js';
import type { Caller } from '../src/toolkit/context.js';
import { median, percentile, time, type BenchResult } from './lib.js';

/**
 * chat benchmarks through the executor, with the real @slack/web-api talking to the in-process Slack
 * fake over HTTP as a pre-authorized demo user: search_messages (median and p90), and a walk of the
 * 1,000 newest messages of #engineering with cursor paging in pages of 100 and of 1000.
 */
const SUITE = 'chat';
const SCALE = 2;
const WALK = 1000;

export async function run(): Promise<BenchResult[]> {
  const config = loadConfig(
    {
      CONSTELLATION_ENV: 'test',
      CONSTELLATION_API_KEY: 'bench-api-key-0123456789',
      CONSTELLATION_JWT_SECRET: 'bench-jwt-secret-0123456789-0123456789',
    },
    { databaseFile: ':memory:', demo: true, port: 0, logLevel: 'error' },
  );
  // The clock stands still: count requests against Slack's tiers but never refuse them.
  const { app, demo } = await createDemoApp(
    config,
    { clock: { now: () => SANDBOX_EPOCH + 12 * 3_600_000 }, log: silentLogger },
    { scale: SCALE, rateLimits: 'count' },
  );
  const caller: Caller = demo.callerOf('acme');
  const execute = (tool: string, args: Record<string, unknown>) =>
    app.executor.execute(caller, app.registry.find(tool, 'chat')!, args);
  const state = demo.sandbox.state<SlackState>('/slack', 'acme');
  const engineering = state.channels.find((c) => c.name === 'engineering');
  const topLevel = engineering?.messages.filter((m) => !m.threadTs || m.threadTs === m.ts).length ?? 0;
  const total = state.channels.reduce((n, c) => n + c.messages.length, 0);
  const results: BenchResult[] = [];
  try {
    const search = await time(() => execute('search_messages', { query: 'deploy', max_results: 20 }), 50, 5);
    const note = `${total} messages in the workspace (scale ${SCALE}), 20 matches a page`;
    results.push({ suite: SUITE, name: 'search_messages (median)', value: median(search), unit: 'ms', note });
    results.push({ suite: SUITE, name: 'search_messages (p90)', value: percentile(search, 90), unit: 'ms', note });
    for (const pageSize of [100, 1000]) {
      const walk = async () => {
        let read = 0;
        let cursor: string | undefined;
        while (read < WALK) {
          const page = (await execute('list_messages', {
            channel_id: engineering?.id,
            limit: Math.min(pageSize, WALK - read),
            ...(cursor ? { cursor } : {}),
          })) as {
            messages: unknown[];
            next_cursor: string | null;
          };
          read += page.messages.length;
          if (!page.next_cursor) break;
          cursor = page.next_cursor;
        }
        if (read !== Math.min(WALK, topLevel)) throw new Error(`walk read ${read} messages`);
      };
      const walks = await time(walk, 10, 2);
      const per = (median(walks) * 1000) / Math.min(WALK, topLevel);
      const walkNote = `${Math.min(WALK, topLevel)} messages of ${topLevel} in #engineering, ${Math.ceil(Math.min(WALK, topLevel) / pageSize)} call(s); ${per.toFixed(1)} µs a message`;
      results.push({
        suite: SUITE,
        name: `list_messages walk of ${WALK}, pages of ${pageSize} (median)`,
        value: median(walks),
        unit: 'ms',
        note: walkNote,
      });
    }
  } finally {
    await app.close();
  }
  return results;
}
