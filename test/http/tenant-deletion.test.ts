import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';
import { storeRows, tenantRowCounts } from '../helpers/store-sql.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { rateLimitPerMinute: 0 } });
});
afterAll(() => server.close());

const TENANT = 'doomed';
const admin = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { apiKey: TEST_API_KEY, body });

async function tokenFor(email: string): Promise<string> {
  const issued = await admin('POST', '/admin/token', {
    tenant_id: TENANT,
    user_email: email,
    connections: server.callerFor('acme').connections,
  });
  expect(issued.status).toBe(200);
  return issued.body.token as string;
}

const rowsOf = (tenantId: string) => tenantRowCounts(server.app.store, tenantId);

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

async function mcpClient(token: string): Promise<Client> {
  const client = new Client({ name: 'deletion-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': token } },
    }),
  );
  return client;
}

/** Tool calls that write activity and feed graph ingestion (one analytical, for the analytics cache). */
const CALLS: Array<{ tool: string; arguments: Record<string, unknown> }> = [
  { tool: 'get_repositories', arguments: { limit: 5 } },
  { tool: 'get_issues', arguments: { repo_id: 'acme/api', state: 'all', limit: 10 } },
  { tool: 'get_pull_requests', arguments: { repo_id: 'acme/api', state: 'all', limit: 10 } },
  { tool: 'get_actions_info', arguments: { repo_ids: 'acme/api' } },
];

describe('deleting a tenant while its clients are calling tools', () => {
  it('leaves no row behind, and a re-created id starts empty with the old tokens refused', async () => {
    expect((await admin('POST', '/admin/tenants', { id: TENANT, consumerId: 'first-owner' })).status).toBe(201);
    const token = await tokenFor('ada@doomed.test');
    const clients = await Promise.all(Array.from({ length: 8 }, () => mcpClient(token)));

    let deleted = false;
    let stop = false;
    // Should the test fail or time out, its callers stop with it rather than call on into the next file.
    onTestFinished(() => {
      stop = true;
    });
    const refusedAfterDelete = new Set<number>();
    const loop = async (index: number, once: (n: number) => Promise<boolean>) => {
      for (let n = 0; !stop; n++) {
        const ok = await once(n);
        if (!ok && deleted) refusedAfterDelete.add(index);
        if (refusedAfterDelete.has(index) && refusedAfterDelete.size === 16) stop = true;
      }
    };
    const loops = [
      ...clients.map((client, i) =>
        loop(i, async (n) => {
          const { tool, arguments: args } = CALLS[(i + n) % CALLS.length];
          try {
            const result = await client.callTool({ name: `code_host_${tool}`, arguments: args });
            return result.isError !== true;
          } catch {
            return false;
          }
        }),
      ),
      ...Array.from({ length: 8 }, (_, j) =>
        loop(8 + j, async (n) => {
          const { tool, arguments: args } = CALLS[(j + n) % CALLS.length];
          // A connection the proxy or a node closes is a failed call, as on the MCP loops, not the loop's end.
          try {
            const res = await call(server, 'POST', '/mcp/code_host/execute', {
              token,
              body: { tool, arguments: args },
            });
            return res.status === 200;
          } catch {
            return false;
          }
        }),
      ),
    ];

    // Let the clients write a graph before the delete lands among their calls.
    while (total(await rowsOf(TENANT)) < 300) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await admin('DELETE', `/admin/tenants/${TENANT}`)).status).toBe(200);
    deleted = true;
    await Promise.all(loops);
    await Promise.all(clients.map((client) => client.close()));
    await server.app.services.graph.drain();
    await server.app.services.analytics.settle();

    const leftover = await rowsOf(TENANT);
    expect(leftover, `rows left behind: ${JSON.stringify(leftover)}`).toEqual(
      Object.fromEntries(Object.keys(leftover).map((t) => [t, 0])),
    );

    // The id is free again: another owner creates it and sees nothing of the first.
    expect((await admin('POST', '/admin/tenants', { id: TENANT, consumerId: 'second-owner' })).status).toBe(201);
    const fresh = await tokenFor('bob@doomed.test');
    const stats = await call(server, 'GET', '/graph/stats', { token: fresh });
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({ total_nodes: 0, total_edges: 0, global_feed_size: 0 });
    const feed = await call(server, 'GET', '/graph/feed', { token: fresh });
    expect(feed.body.data).toEqual([]);
    // Reading the feed is a graph tool call like any other: it leaves the new owner's own record (and the
    // audit log its records of the new owner's acts), written a few ms after the answer by the node that answered.
    const withoutAudit = async () => {
      const { audit_records: _records, audit_heads: _heads, ...rows } = await rowsOf(TENANT);
      return total(rows);
    };
    await expect.poll(withoutAudit).toBe(1);
    // The audit log is written after each answer, by whichever node answered: its rows are counted apart,
    // and none of them is the first owner's (a record queued before the delete is not kept under the new id).
    expect(
      await storeRows(server.app.store, 'SELECT seq FROM audit_records WHERE tenant_id = ? AND body LIKE ?', [
        TENANT,
        '%ada@doomed.test%',
      ]),
    ).toEqual([]);
    const ownRows = await withoutAudit();

    // The first owner's token stays dead, over REST and MCP, and writes nothing.
    expect((await call(server, 'GET', '/graph/stats', { token })).status).toBe(401);
    expect(
      (
        await call(server, 'POST', '/mcp/code_host/execute', {
          token,
          body: { tool: 'get_repositories', arguments: {} },
        })
      ).status,
    ).toBe(401);
    const mcp = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'X-JWT-Token': token,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(mcp.status).toBe(401);
    expect(await withoutAudit()).toBe(ownRows);
  }, 120_000);
});
