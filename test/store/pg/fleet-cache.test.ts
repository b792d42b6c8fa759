import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpClient } from '../../helpers/mcp-session.js';
import { call, TEST_API_KEY, type TestServer } from '../../helpers/server.js';
import { startTwoNodes } from '../../helpers/two-nodes.js';

/**
 * Node-local caches over one database: whatever changes through node A (a write, a revocation, the
 * tenant deleted and created again), node B's next read does not answer from what it cached before.
 */
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  [a, b] = await startTwoNodes({ config: { rateLimitPerMinute: 0 } });
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
});

interface Answer {
  status: number;
  body: any;
  cache: string | null;
}

async function send(node: TestServer, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const answer = await call(node, method, path, { headers, body });
  return { status: answer.status, body: answer.body, cache: answer.headers.get('x-cache') };
}

const get = (node: TestServer, path: string, token: string, headers: Record<string, string> = {}): Promise<Answer> =>
  send(node, 'GET', path, { 'X-JWT-Token': token, ...headers });

/** The same GET answered twice by a node: a miss that stores, then a hit. */
async function cachedOn(node: TestServer, path: string, token: string): Promise<void> {
  const first = await get(node, path, token);
  expect([first.status, first.cache], JSON.stringify(first.body)).toEqual([200, 'MISS']);
  expect((await get(node, path, token)).cache).toBe('HIT');
}

const acmeUser = (node: TestServer) =>
  (node.app.demo?.users() ?? []).filter((u) => u.tenant_id === 'acme').map((u) => u.user_email)[0];

const ISSUES = '/code_host/get-issues?repo_id=acme/web&limit=3';

describe('two nodes over one database', () => {
  it('a write through node A: node B’s next read misses its cache and answers as an uncached read does', async () => {
    const token = await a.tokenFor('acme');
    await cachedOn(b, ISSUES, token);
    const write = await send(
      a,
      'POST',
      '/code_host/create-issue',
      { 'X-JWT-Token': token },
      {
        repo_id: 'acme/web',
        title: 'Written through node A',
      },
    );
    expect(write.status, JSON.stringify(write.body)).toBe(200);

    const after = await get(b, ISSUES, token);
    expect([after.status, after.cache]).toEqual([200, 'MISS']);
    expect(after.body.data).toEqual((await get(b, ISSUES, token, { 'Cache-Control': 'no-cache' })).body.data);
  });

  it('a revocation on node A: node B stops serving the user’s cached reads and asks them to authorize', async () => {
    const user = acmeUser(b);
    const token = await b.tokenFor('acme', user);
    await cachedOn(b, '/suite/list-calendars', token);
    const revoked = await send(a, 'DELETE', '/oauth/suite/revoke', { 'X-JWT-Token': token });
    expect([revoked.status, revoked.body.revoked]).toEqual([200, true]);

    const after = await get(b, '/suite/list-calendars', token);
    expect(after.cache).toBe('MISS');
    expect([after.status, after.body.error?.code]).toEqual([401, 'AUTHORIZATION_REQUIRED']);
  });

  it('a tenant deleted and created again through node A: node B serves none of the old tenant’s cached reads or analytics', async () => {
    const user = acmeUser(b);
    const oldToken = await b.tokenFor('acme', user);
    const issues = '/code_host/get-issues?repo_id=acme/api&limit=2';
    await cachedOn(b, issues, oldToken);
    const analytics = (token: string) =>
      send(
        b,
        'POST',
        '/mcp/code_host/execute',
        { 'X-JWT-Token': token },
        {
          tool: 'get_actions_info',
          arguments: { repo_ids: 'acme/api' },
        },
      );
    expect((await analytics(oldToken)).body.data.cache.status).toBe('miss');
    expect((await analytics(oldToken)).body.data.cache.status).toBe('fresh');

    const admin = { 'X-API-KEY': TEST_API_KEY };
    expect((await send(a, 'DELETE', '/admin/tenants/acme', admin)).status).toBe(200);
    expect((await send(a, 'POST', '/admin/tenants', admin, { id: 'acme', consumerId: 'acme-consumer' })).status).toBe(
      201,
    );

    expect((await get(b, issues, oldToken)).status).toBe(401);
    const newToken = await b.tokenFor('acme', user);
    expect((await get(b, issues, newToken)).cache).toBe('MISS');
    const recomputed = await analytics(newToken);
    expect(recomputed.status, JSON.stringify(recomputed.body)).toBe(200);
    expect(recomputed.body.data.cache.status).toBe('miss');
  });

  it('a write over MCP through node A answers only once node B’s caches will miss (the new generation is stored)', async () => {
    const token = await a.tokenFor('acme');
    await cachedOn(b, ISSUES, token);
    // Hold the tenant's row, so that the write's generation bump waits for it.
    const holder = new pg.Client({ connectionString: a.app.config.database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM tenants WHERE id = 'acme' FOR UPDATE");
      const client = await connectMcpClient(a, token);
      let answered = false;
      const write = client
        .callTool({ name: 'code_host_create_issue', arguments: { repo_id: 'acme/web', title: 'Written over MCP' } })
        .finally(() => (answered = true));
      await waitForBlockedBump(holder);
      // The change is made upstream, its bump is waiting: the caller has not heard the answer yet.
      expect(answered).toBe(false);
      expect((await get(b, ISSUES, token)).cache).toBe('HIT');
      await holder.query('COMMIT');
      expect((await write).isError).toBeFalsy();
      expect((await get(b, ISSUES, token)).cache).toBe('MISS');
      await client.close();
    } finally {
      await holder.end();
    }
  });
});

/** Resolves once another session waits on a row lock the holder took (the bump), within 10 s. */
async function waitForBlockedBump(holder: pg.Client): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    // Statistics views keep one snapshot per transaction, and the holder is inside one.
    await holder.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await holder.query<{ waiting: string }>(
      "SELECT count(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE tenants%'",
    );
    if (Number(rows[0].waiting) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no generation bump waited on the tenant row within 10 s');
}
