import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/clock.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

const DAY = 86_400_000;
const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock, config: { activityRetentionDays: 30 } });
});
afterAll(() => server.close());

describe('activity retention', () => {
  it('drops records older than the retention, of every tenant, and keeps the rest', async () => {
    const run = (tenant: 'acme' | 'globex') =>
      server.app.executor.execute(server.callerFor(tenant), server.app.registry.find('code_host_get_repositories')!, {
        limit: 1,
      });
    // The retention sweep that runs at start must not run after the clock moves on (it would prune first).
    await server.app.backgroundSettled();
    await run('acme');
    await run('globex');
    clock.advance(40 * DAY);
    await run('acme');
    expect(await server.app.services.graph.pruneActivity(30)).toBe(2);
    const feed = await call(server, 'GET', '/graph/feed', { token: await server.tokenFor('acme') });
    expect(feed.body.data).toHaveLength(1);
    expect(feed.body.data[0].action).toBe('mcp.get_repositories');
  });
});
