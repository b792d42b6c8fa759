import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseWithAdmin, tableLockWaiters } from '../../helpers/pg-locks.js';
import { fleetNodeEnv } from '../../helpers/fleet-nodes.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../../helpers/server.js';

/** A tenant's background sync across two nodes over one PostgreSQL database: it runs on one of them. */
let db: { url: string; admin: pg.Client };
const nodes: TestServer[] = [];
beforeAll(async () => {
  db = await databaseWithAdmin();
});
afterAll(async () => {
  await db?.admin.end();
  await Promise.all(nodes.map((node) => node.close()));
});

describe('graph sync across two nodes', () => {
  it('runs on the node that takes the tenant first; the other skips that turn, and both show the result', async () => {
    const [a, b] = await Promise.all(
      ['node-a', 'node-b'].map((name) => startTestServer({ env: fleetNodeEnv(db.url, name) })),
    );
    nodes.push(a, b);
    // Each node's first turns of its scheduled jobs (the sync's own look for due tenants among them) end
    // before the sync is switched on, so the next look is a minute away and only the test runs the sync.
    await Promise.all([a.app.backgroundSettled(), b.app.backgroundSettled()]);
    const settings = { enabled: true, interval_minutes: 60, systems: ['wiki'], initial_window_days: 3650 };
    const put = await call(a, 'PUT', '/admin/tenants/acme/sync', { apiKey: TEST_API_KEY, body: settings });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await call(b, 'GET', '/admin/tenants/acme/sync', { apiKey: TEST_API_KEY })).body.data.sync).toEqual(
      settings,
    );

    // The test holds the status table: node A's sync waits inside its turn, holding the tenant's lock.
    await db.admin.query('BEGIN');
    await db.admin.query('LOCK TABLE graph_sync_status IN SHARE MODE');
    const first = a.app.sync.runNow('acme');
    let second: Awaited<typeof first>;
    try {
      for (let tries = 0; (await tableLockWaiters(db.admin)) === 0; tries++) {
        if (tries > 500) throw new Error("node A's sync never wrote its status");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      second = await b.app.sync.runNow('acme');
    } finally {
      // Released whatever happened: a held table would stall every later test on this database.
      await db.admin.query('COMMIT');
    }
    expect(second).toBe('skipped');
    expect(await first).toBe('ran');

    const token = await b.tokenFor('acme');
    const status = await call(b, 'GET', '/graph/sync/status', { token });
    expect(status.body.data.systems).toEqual([
      expect.objectContaining({ system: 'wiki', state: 'idle', last_failure: null }),
    ]);
    expect(status.body.data.systems[0].items_read).toBeGreaterThan(0);
  });

  it("goes with its tenant: the tenant's rows leave PostgreSQL", async () => {
    const [a] = nodes;
    expect((await call(a, 'DELETE', '/admin/tenants/acme', { apiKey: TEST_API_KEY })).status).toBe(200);
    const { rows } = await db.admin.query(
      "SELECT (SELECT count(*)::int FROM graph_sync_settings WHERE tenant_id = 'acme') AS settings, (SELECT count(*)::int FROM graph_sync_status WHERE tenant_id = 'acme') AS statuses",
    );
    expect(rows[0]).toEqual({ settings: 0, statuses: 0 });
  });
});
