import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/** An acme token never sees globex nodes (and the other way round), on every graph route. */
let server: TestServer;
let acme: string;
let globex: string;
let acmeContext: string;

beforeAll(async () => {
  server = await startTestServer({ environment: 'development' });
  acme = await server.tokenFor('acme', 'ada@acme.example');
  globex = await server.tokenFor('globex', 'hank@globex.example');
  await call(server, 'POST', '/graph/seed', { token: acme });
  const injected = await call(server, 'POST', '/graph/context/inject', {
    token: acme,
    body: { context_type: 'focus', value: 'acme secret plan' },
  });
  acmeContext = injected.body.data.context_id;
});
afterAll(() => server.close());

const asGlobex = (method: string, path: string, body?: unknown) => call(server, method, path, { token: globex, body });
const notFound = (ref: string) => ({
  status: 404,
  body: { success: false, error: `Entity not found: ${ref}`, metadata: null },
});

describe('tenant isolation of the graph routes', () => {
  it('entity, traverse, find-path, relationships, context and activity: acme entities do not exist for globex', async () => {
    expect(await asGlobex('POST', '/graph/entity', { entity_type: 'repository', entity_id: 'acme/api' })).toMatchObject(
      notFound('repository:acme/api'),
    );
    expect(await asGlobex('POST', '/graph/entity', { entity_type: 'user', entity_id: 'ada-l' })).toMatchObject(
      notFound('user:ada-l'),
    );
    expect(await asGlobex('POST', '/graph/traverse', { entity_type: 'issue', entity_id: 'PAY-101' })).toMatchObject(
      notFound('issue:PAY-101'),
    );
    expect(
      await asGlobex('POST', '/graph/find-path', {
        from_type: 'issue',
        from_id: 'PAY-101',
        to_type: 'project',
        to_id: 'PAY',
      }),
    ).toMatchObject(notFound('issue:PAY-101'));
    expect(await asGlobex('POST', '/graph/relationships', { entity_type: 'project', entity_id: 'PAY' })).toMatchObject(
      notFound('project:PAY'),
    );
    expect(await asGlobex('POST', '/graph/context', { entity_type: 'project', entity_id: 'PAY' })).toMatchObject(
      notFound('project:PAY'),
    );
    expect(
      (await asGlobex('POST', '/graph/activity', { entity_type: 'repository', entity_id: 'acme/api' })).body.data,
    ).toEqual([]);
  });

  it('search, semantic search, query, feed, stats and me return nothing of acme', async () => {
    expect((await asGlobex('POST', '/graph/search', { entity_type: 'issue' })).body.data).toEqual([]);
    expect((await asGlobex('POST', '/graph/semantic-search', { query: 'webhook retries payments' })).body.data).toEqual(
      [],
    );
    expect((await asGlobex('POST', '/graph/query', { query: 'MATCH (n)' })).body.data).toEqual({
      nodes: [],
      edges: [],
    });
    expect((await asGlobex('POST', '/graph/query', { query: 'MATCH (a)-[]-(b)' })).body.data).toEqual({
      nodes: [],
      edges: [],
    });
    // The graph routes run graph tools, so globex's feed holds globex's own calls, and only those.
    const feed = (await asGlobex('GET', '/graph/feed?limit=100')).body.data as Array<{
      actor_id: string;
      properties: { system: string };
    }>;
    expect(feed.length).toBeGreaterThan(0);
    for (const record of feed)
      expect(record).toMatchObject({ actor_id: 'hank@globex.example', properties: { system: 'graph' } });
    expect((await asGlobex('GET', '/graph/stats')).body.data).toMatchObject({
      total_nodes: 0,
      total_edges: 0,
      global_feed_size: feed.length + 1,
    });
    expect((await asGlobex('GET', '/graph/me')).body.data).toMatchObject({ user: null, nodes: [] });
  });

  it('contexts: query, per-user list and delete stay inside the tenant', async () => {
    // Naming another user is refused outright (contexts are personal); nothing of acme shows either way.
    expect((await asGlobex('POST', '/graph/context/query', { user_id: 'ada@acme.example' })).status).toBe(403);
    expect((await asGlobex('GET', '/graph/context/user/ada@acme.example')).status).toBe(403);
    expect((await asGlobex('POST', '/graph/context/query', {})).body.data).toEqual([]);
    expect(await asGlobex('DELETE', `/graph/context/${acmeContext}`)).toMatchObject(notFound(`context:${acmeContext}`));
    expect(
      await asGlobex('POST', '/graph/context/inject', {
        context_type: 'focus',
        value: 'x',
        references: [{ entity_type: 'issue', entity_id: 'PAY-101' }],
      }),
    ).toMatchObject(notFound('issue:PAY-101'));
    expect((await call(server, 'POST', '/graph/context/query', { token: acme, body: {} })).body.data).toHaveLength(1);
  });

  it('clear empties only the caller tenant', async () => {
    await call(server, 'POST', '/graph/seed', { token: globex });
    const before = (await call(server, 'GET', '/graph/stats', { token: acme })).body.data.total_nodes;
    const cleared = await asGlobex('POST', '/graph/clear');
    expect(cleared.body).toMatchObject({
      success: true,
      data: {
        nodes_deleted: expect.any(Number),
        edges_deleted: expect.any(Number),
        activity_deleted: expect.any(Number),
      },
    });
    expect((await asGlobex('GET', '/graph/stats')).body.data).toMatchObject({
      total_nodes: 0,
      total_edges: 0,
      global_feed_size: 0,
    });
    expect((await call(server, 'GET', '/graph/stats', { token: acme })).body.data.total_nodes).toBe(before);
  });
});

describe('development-only routes', () => {
  it('POST /graph/clear and /graph/seed are 404 outside development', async () => {
    const testServer = await startTestServer({ environment: 'test' });
    try {
      const token = await testServer.tokenFor('acme');
      for (const path of ['/graph/clear', '/graph/seed']) {
        expect(await call(testServer, 'POST', path, { token })).toMatchObject({
          status: 404,
          body: { success: false, metadata: null },
        });
      }
    } finally {
      await testServer.close();
    }
  });
});
