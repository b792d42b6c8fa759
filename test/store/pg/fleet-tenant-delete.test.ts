import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateTenantPg } from '../../../src/store/pg/transaction.js';
import { call, TEST_API_KEY, type TestServer } from '../../helpers/server.js';
import { startTwoNodes } from '../../helpers/two-nodes.js';

/**
 * Deleting a tenant while a write of it is in flight on another node (a transaction past its tenant gate):
 * the tenant's callers are refused on every node as soon as the delete is asked for, not once that write
 * ends. With callers on several nodes there may always be a write in flight, and a delete waiting for a
 * moment with none left them answered for as long as they kept calling.
 */
let nodes: TestServer[] = [];
beforeAll(async () => {
  nodes = await startTwoNodes({ config: { rateLimitPerMinute: 0 } });
}, 60_000);
afterAll(() => Promise.all(nodes.map((node) => node.close())));
/** The node the tenant is deleted through, and the node whose write of it is in flight. */
const deleting = () => nodes[0];
const writing = () => nodes[1];

const TENANT = 'busy';
const admin = (method: string, path: string, body?: unknown) =>
  call(deleting(), method, path, { apiKey: TEST_API_KEY, body });

const poolOf = (node: TestServer): pg.Pool => {
  if (node.app.store.kind !== 'postgres') throw new Error('this file runs on PostgreSQL only');
  return node.app.store.pool;
};

/** Resolves once the delete of the tenant row waits for a lock (checked every few milliseconds, at most 10 s). */
async function deleteWaitsForALock(pool: pg.Pool): Promise<void> {
  for (let tries = 0; tries < 1000; tries++) {
    const { rows } = await pool.query<{ waiting: string }>(
      `SELECT count(*) AS waiting FROM pg_stat_activity
       WHERE wait_event_type = 'Lock' AND query LIKE 'DELETE FROM tenants%'`,
    );
    if (Number(rows[0].waiting) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the delete of the tenant row waited for no lock within 10 s');
}

/** What each node answers the token over REST and over MCP. */
async function answersTo(token: string): Promise<number[]> {
  const statuses: number[] = [];
  for (const node of nodes) {
    statuses.push((await call(node, 'GET', '/graph/stats', { token })).status);
    const mcp = await call(node, 'POST', '/mcp', {
      token,
      headers: { Accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    });
    statuses.push(mcp.status);
  }
  return statuses;
}

describe('deleting a tenant while one of its writes is in flight on another node', () => {
  it('refuses its callers on every node at once, then deletes it once the write is done', async () => {
    expect((await admin('POST', '/admin/tenants', { id: TENANT, consumerId: 'owner' })).status).toBe(201);
    const issued = await admin('POST', '/admin/token', { tenant_id: TENANT, user_email: 'ada@busy.test' });
    expect(issued.status).toBe(200);
    const token = issued.body.token as string;
    expect(await answersTo(token)).toEqual([200, 200, 200, 200]);

    const write = await poolOf(writing()).connect();
    let deletion: ReturnType<typeof admin> | undefined;
    let deleted: Awaited<ReturnType<typeof admin>> | undefined;
    try {
      await write.query('BEGIN');
      await gateTenantPg(write, TENANT);
      deletion = admin('DELETE', `/admin/tenants/${TENANT}`);
      await deleteWaitsForALock(poolOf(deleting()));

      expect(await answersTo(token)).toEqual([401, 401, 401, 401]);
    } finally {
      await write.query('COMMIT');
      write.release();
      // The delete ends once the write does, whatever was asserted meanwhile.
      deleted = await deletion;
    }
    expect(deleted?.status).toBe(200);
    expect((await admin('GET', `/admin/tenants/${TENANT}`)).status).toBe(404);
    expect(await answersTo(token)).toEqual([401, 401, 401, 401]);
  });
});
