import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, ManualClock } from '../../helpers/clock.js';
import { fleetNodeEnv } from '../../helpers/fleet-nodes.js';
import { pgTestDatabase } from '../../helpers/pg-lane.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';

const clock = new ManualClock();
let url: string;
let admin: pg.Client;
const nodes: TestServer[] = [];
beforeAll(async () => {
  url = await pgTestDatabase();
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  for (const node of nodes) await node.close();
});

/** This node's turns of a background job, by outcome, as its `/metrics` shows them. */
async function turns(node: TestServer, job: string): Promise<{ ran: number; skipped: number }> {
  const text = (await call(node, 'GET', '/metrics')).body as string;
  const count = (outcome: string) =>
    Number(
      new RegExp(`background_jobs_total\\{[^}]*job="${job}"[^}]*outcome="${outcome}"[^}]*\\} (\\d+)`).exec(text)?.[1] ??
        0,
    );
  return { ran: count('ran'), skipped: count('skipped') };
}

/** Sessions waiting for a lock on a table (a sweep's delete held up by the test). */
async function tableLockWaiters(): Promise<number> {
  const { rows } = await admin.query<{ waiting: string }>(
    "SELECT count(*) AS waiting FROM pg_locks WHERE locktype = 'relation' AND NOT granted",
  );
  return Number(rows[0].waiting);
}

describe('background sweeps across two nodes', () => {
  it('the expired-context sweep runs on one node when both start their turn at once; the other skips it', async () => {
    const seed = await startTestServer({ clock, env: fleetNodeEnv(url, 'node-seed') });
    nodes.push(seed);
    const token = await seed.tokenFor('acme');
    const injected = await call(seed, 'POST', '/graph/context/inject', {
      token,
      body: { context_type: 'focus', key: 'short', value: 'short-lived', ttl_seconds: 60 },
    });
    expect(injected.status).toBe(200);
    clock.advance(HOUR);

    // The test holds the graph's tables against deletes: whichever node sweeps waits inside its turn.
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE graph_nodes, graph_edges IN SHARE MODE');
    const [a, b] = await Promise.all(
      ['node-a', 'node-b'].map((name) =>
        startTestServer({ clock, sandbox: false, env: fleetNodeEnv(url, name), config: { rateLimitPerMinute: 0 } }),
      ),
    );
    nodes.push(a, b);
    // Both nodes have taken their first turn: one waits on the tables, the other skipped (or both wait).
    for (let tries = 0; ; tries++) {
      const skipped = (await turns(a, 'graph.sweep')).skipped + (await turns(b, 'graph.sweep')).skipped;
      const waiting = await tableLockWaiters();
      if ((waiting >= 1 && skipped >= 1) || waiting >= 2) break;
      if (tries > 500)
        throw new Error(`the nodes did not both take their turn: ${waiting} waiting, ${skipped} skipped`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await admin.query('COMMIT');
    for (let tries = 0; (await turns(a, 'graph.sweep')).ran + (await turns(b, 'graph.sweep')).ran === 0; tries++) {
      if (tries > 500) throw new Error('the sweep did not finish');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const both = [await turns(a, 'graph.sweep'), await turns(b, 'graph.sweep')];
    expect(both.map((turn) => turn.ran).sort()).toEqual([0, 1]);
    expect(both.map((turn) => turn.skipped).sort()).toEqual([0, 1]);
    const { rows } = await admin.query('SELECT count(*)::int AS left FROM graph_nodes WHERE expires_at IS NOT NULL');
    expect(rows[0]).toEqual({ left: 0 });
  });
});
