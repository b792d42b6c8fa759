import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { CONSTELLATION_NODE_ID: 'node-1' } });
});
afterAll(() => server?.close());

describe('GET /ready, for a load balancer', () => {
  it('says ready with the node id, then not ready (503, Retry-After) from the moment the drain begins, while a call finishes', async () => {
    expect(await call(server, 'GET', '/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready', node: 'node-1' },
    });

    server.sandbox.faults.add({ prefix: '/github', method: 'GET', path: '/repos/acme/api', latencyMs: 1_000 });
    const token = await server.tokenFor('acme');
    const running = call(server, 'POST', '/mcp/code_host/execute', {
      token,
      body: { tool: 'get_repository', arguments: { repo_id: 'acme/api' } },
    });
    await server.sandbox.faults.requested('/github/repos/acme/api');
    // What SIGTERM does: the app drains (the listener stays open for calls under way).
    const closed = server.app.close();

    const draining = await call(server, 'GET', '/ready');
    expect(draining).toMatchObject({ status: 503, body: { status: 'not_ready', node: 'node-1', reason: 'draining' } });
    expect(draining.headers.get('retry-after')).toBe('5');
    expect((await call(server, 'GET', '/health')).status).toBe(200);
    expect(await running).toMatchObject({ status: 200, body: { data: { full_name: 'acme/api' } } });
    await closed;
  });
});
