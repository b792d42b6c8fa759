import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/** Every graph query route over real HTTP, against the sample graph of POST /graph/seed. */
let server: TestServer;
let acme: string;
let ada: string;

beforeAll(async () => {
  server = await startTestServer({ environment: 'development' });
  acme = await server.tokenFor('acme');
  ada = await server.tokenFor('acme', 'katherined@acme.test');
  const seeded = await call(server, 'POST', '/graph/seed', { token: acme });
  expect(seeded.status).toBe(200);
  expect(seeded.body).toMatchObject({ success: true, data: { nodes_written: expect.any(Number) } });
});
afterAll(() => server.close());

const post = (path: string, body: unknown, token = acme) => call(server, 'POST', path, { token, body });
const get = (path: string, token = acme) => call(server, 'GET', path, { token });
const graphError = (error: string | RegExp) => ({
  success: false,
  error: typeof error === 'string' ? error : expect.stringMatching(error),
  metadata: null,
});

describe('POST /graph/entity', () => {
  it('returns the node', async () => {
    const res = await post('/graph/entity', { entity_type: 'issue', entity_id: 'PAY-101' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        node_type: 'issue',
        node_id: 'PAY-101',
        properties: expect.objectContaining({
          key: 'PAY-101',
          summary: 'Idempotency keys for payment intents',
          status: 'Done',
          priority: 'High',
        }),
        source: 'ticketing',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
  });

  it('finds a person by any identifier', async () => {
    for (const id of ['katherined@acme.test', 'katherined-acme', '5ff42406de860f42a81d84b']) {
      const res = await post('/graph/entity', { entity_type: 'user', entity_id: id });
      expect(res.body.data.node_id).toBe('katherined@acme.test');
    }
  });

  it('answers 404, 400 and 401 in the graph error form', async () => {
    expect(await post('/graph/entity', { entity_type: 'issue', entity_id: 'NOPE-1' })).toMatchObject({
      status: 404,
      body: graphError('Entity not found: issue:NOPE-1'),
    });
    expect(await post('/graph/entity', { entity_type: 'spaceship', entity_id: 'x' })).toMatchObject({
      status: 400,
      body: graphError('Invalid entity type'),
    });
    expect(await post('/graph/entity', { entity_type: 'issue' })).toMatchObject({
      status: 400,
      body: graphError(/^Invalid request: entity_id/),
    });
    expect(await post('/graph/entity', [1, 2])).toMatchObject({ status: 400, body: graphError(/^Invalid request/) });
    expect(
      await call(server, 'POST', '/graph/entity', {
        token: 'not-a-jwt',
        body: { entity_type: 'issue', entity_id: 'PAY-101' },
      }),
    ).toMatchObject({
      status: 401,
      body: graphError(/./),
    });
  });
});

describe('POST /graph/traverse', () => {
  it('returns the neighbourhood with edges and counts', async () => {
    const res = await post('/graph/traverse', { entity_type: 'issue', entity_id: 'PAY-101', depth: 1 });
    expect(res.status).toBe(200);
    const refs = res.body.data.nodes.map((n: { node_type: string; node_id: string }) => `${n.node_type}:${n.node_id}`);
    expect(refs[0]).toBe('issue:PAY-101');
    expect(refs).toEqual(expect.arrayContaining(['project:PAY', 'pull_request:acme/web#1', 'user:kenm@acme.test']));
    expect(res.body.data.edges).toContainEqual({
      from_node: 'pull_request:acme/web#1',
      to_node: 'issue:PAY-101',
      edge_type: 'LINKED_TO',
    });
    expect(res.body.metadata).toEqual({ node_count: refs.length, edge_count: res.body.data.edges.length });
  });

  it('follows only the given direction and edge types', async () => {
    const out = await post('/graph/traverse', {
      entity_type: 'issue',
      entity_id: 'PAY-101',
      depth: 1,
      direction: 'out',
    });
    expect(out.body.data.edges.every((e: { from_node: string }) => e.from_node === 'issue:PAY-101')).toBe(true);
    const typed = await post('/graph/traverse', {
      entity_type: 'repository',
      entity_id: 'acme/web',
      depth: 2,
      edge_types: ['BELONGS_TO', 'REVIEWED_BY'],
    });
    expect(typed.body.data.edges.length).toBeGreaterThan(0);
    expect(new Set(typed.body.data.edges.map((e: { edge_type: string }) => e.edge_type))).toEqual(
      new Set(['BELONGS_TO', 'REVIEWED_BY']),
    );
  });

  it('refuses depths outside 1-5, unknown edge types and traversals past the node cap', async () => {
    expect((await post('/graph/traverse', { entity_type: 'issue', entity_id: 'PAY-101', depth: 6 })).status).toBe(400);
    expect((await post('/graph/traverse', { entity_type: 'issue', entity_id: 'PAY-101', depth: 0 })).status).toBe(400);
    expect(
      await post('/graph/traverse', { entity_type: 'issue', entity_id: 'PAY-101', edge_types: ['OWNS'] }),
    ).toMatchObject({
      status: 400,
      body: graphError('Invalid edge type'),
    });
    expect(
      await post('/graph/traverse', { entity_type: 'issue', entity_id: 'PAY-101', depth: 5, max_nodes: 3 }),
    ).toMatchObject({
      status: 400,
      body: graphError('Traversal limit exceeded'),
    });
    expect(await post('/graph/traverse', { entity_type: 'issue', entity_id: 'NOPE-9' })).toMatchObject({
      status: 404,
      body: graphError('Entity not found: issue:NOPE-9'),
    });
  });
});

describe('POST /graph/search', () => {
  it('matches properties exactly and honours the limit', async () => {
    const res = await post('/graph/search', { entity_type: 'issue', filters: { status: 'In Progress' } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((n: { node_id: string }) => n.node_id).sort()).toEqual(['PAY-104', 'PAY-105']);
    expect(res.body.metadata).toEqual({ count: 2 });
    const limited = await post('/graph/search', { entity_type: 'issue', limit: 3 });
    expect(limited.body.data).toHaveLength(3);
    const byBool = await post('/graph/search', { entity_type: 'pull_request', filters: { draft: true } });
    expect(byBool.body.data.map((n: { node_id: string }) => n.node_id)).toEqual(['acme/api#4']);
  });

  it('validates type, filters and limit', async () => {
    expect((await post('/graph/search', { entity_type: 'nope' })).body).toEqual(graphError('Invalid entity type'));
    expect((await post('/graph/search', { entity_type: 'issue', filters: { "x') OR 1=1 --": 'a' } })).status).toBe(400);
    expect((await post('/graph/search', { entity_type: 'issue', filters: { status: { $ne: 1 } } })).status).toBe(400);
    expect((await post('/graph/search', { entity_type: 'issue', limit: 101 })).status).toBe(400);
  });
});

describe('POST /graph/find-path', () => {
  it('returns the shortest path as references and edges', async () => {
    const res = await post('/graph/find-path', {
      from_type: 'page',
      from_id: '30002',
      to_type: 'repository',
      to_id: 'acme/mobile',
    });
    expect(res.status).toBe(200);
    expect(res.body.metadata).toEqual({ path_found: true });
    const { nodes, edges, length } = res.body.data;
    expect(nodes[0]).toBe('page:30002');
    expect(nodes.at(-1)).toBe('repository:acme/mobile');
    expect(length).toBe(edges.length);
    expect(nodes).toHaveLength(length + 1);
    edges.forEach((e: { from_node: string; to_node: string }, i: number) =>
      expect([e.from_node, e.to_node].sort()).toEqual([nodes[i], nodes[i + 1]].sort()),
    );
  });

  it('says when no path is within max_depth, and 404s an unknown end', async () => {
    const res = await post('/graph/find-path', {
      from_type: 'page',
      from_id: '30002',
      to_type: 'repository',
      to_id: 'acme/mobile',
      max_depth: 1,
    });
    expect(res.body).toEqual({
      success: true,
      data: { nodes: [], edges: [], length: 0 },
      metadata: { path_found: false },
    });
    expect(
      await post('/graph/find-path', {
        from_type: 'page',
        from_id: '30002',
        to_type: 'repository',
        to_id: 'acme/nope',
      }),
    ).toMatchObject({
      status: 404,
      body: graphError('Entity not found: repository:acme/nope'),
    });
  });
});

describe('POST /graph/relationships', () => {
  it('lists edges filtered by the query parameters', async () => {
    const all = await post('/graph/relationships', { entity_type: 'project', entity_id: 'PAY' });
    expect(all.body.metadata.count).toBe(all.body.data.length);
    expect(all.body.data).toContainEqual({
      edge_type: 'CREATED_BY',
      from_node: 'project:PAY',
      to_node: 'user:katherined@acme.test',
    });
    const incoming = await call(server, 'POST', '/graph/relationships?edge_type=BELONGS_TO&direction=in&limit=2', {
      token: acme,
      body: { entity_type: 'project', entity_id: 'PAY' },
    });
    expect(incoming.body.data).toHaveLength(2);
    for (const edge of incoming.body.data)
      expect(edge).toMatchObject({ edge_type: 'BELONGS_TO', to_node: 'project:PAY' });
    expect(
      (
        await call(server, 'POST', '/graph/relationships?direction=sideways', {
          token: acme,
          body: { entity_type: 'project', entity_id: 'PAY' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('activity routes', () => {
  it('GET /graph/feed lists executions newest first; POST /graph/activity gives one entity timeline', async () => {
    const executed = await call(server, 'POST', '/mcp/code_host/execute', {
      token: acme,
      body: { tool: 'get_repositories', arguments: { limit: 5 } },
    });
    expect(executed.status).toBe(200);
    const feed = await get('/graph/feed?limit=2');
    expect(feed.body.metadata).toEqual({ count: 2 });
    expect(feed.body.data[0]).toMatchObject({
      action: 'mcp.get_repositories',
      actor_type: 'user',
      target_type: 'system',
      target_id: 'code_host',
      properties: { system: 'code_host', tool: 'get_repositories', success: true },
    });
    expect((await get('/graph/feed?limit=0')).status).toBe(400);

    // The graph routes run graph tools: a traversal leaves its record on the entity's timeline, newest
    // first, above the seeded execution (other tests may have read acme/web in between).
    expect((await post('/graph/traverse', { entity_type: 'repository', entity_id: 'acme/web', depth: 1 })).status).toBe(
      200,
    );
    const timeline = await post('/graph/activity', { entity_type: 'repository', entity_id: 'acme/web', limit: 100 });
    expect(timeline.body.data[0]).toEqual(
      expect.objectContaining({
        action: 'mcp.traverse',
        target_type: 'repository',
        target_id: 'acme/web',
        properties: expect.objectContaining({ system: 'graph', success: true }),
      }),
    );
    expect(timeline.body.data.at(-1)).toEqual(
      expect.objectContaining({
        action: 'mcp.get_pull_requests',
        target_id: 'acme/web',
        actor_id: 'katherined@acme.test',
      }),
    );
    const person = await post('/graph/activity', { entity_type: 'user', entity_id: 'katherined-acme' });
    // The seeded user is also acme's first demo user, whose token made this file's other calls.
    expect(new Set(person.body.data.map((r: { actor_id: string }) => r.actor_id))).toEqual(
      new Set(['katherined@acme.test']),
    );
  });
});

describe('POST /graph/context and GET /graph/stats', () => {
  it('gives one entity with both directions, connected entities and activity', async () => {
    const res = await post('/graph/context', { entity_type: 'repository', entity_id: 'acme/web' });
    const { data, metadata } = res.body;
    expect(data.entity.node_id).toBe('acme/web');
    expect(data.incoming_relationships.every((e: { to_node: string }) => e.to_node === 'repository:acme/web')).toBe(
      true,
    );
    expect(data.connected_entities.length).toBeGreaterThan(3);
    expect(metadata).toEqual({
      outgoing_count: data.outgoing_relationships.length,
      incoming_count: data.incoming_relationships.length,
      connected_count: data.connected_entities.length,
      activity_count: data.recent_activity.length,
    });
  });

  it('counts nodes, edges and the feed', async () => {
    const res = await get('/graph/stats');
    expect(res.body).toEqual({
      success: true,
      data: {
        total_nodes: expect.any(Number),
        total_edges: expect.any(Number),
        global_feed_size: expect.any(Number),
        nodes_by_type: expect.any(Object),
        edges_by_type: expect.any(Object),
      },
    });
    const { data } = res.body;
    expect(Object.values(data.nodes_by_type as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(
      data.total_nodes,
    );
    expect(data.nodes_by_type).toMatchObject({
      user: 6,
      repository: expect.any(Number),
      issue: expect.any(Number),
      page: 4,
    });
  });
});

describe('GET /graph/me, POST /graph/semantic-search, POST /graph/query', () => {
  it('me: the caller by the email of the token, with their neighbourhood', async () => {
    const res = await get('/graph/me', ada);
    expect(res.body.data.user.node_id).toBe('katherined@acme.test');
    expect(res.body.data.nodes.some((n: { node_type: string }) => n.node_type === 'pull_request')).toBe(true);
    expect(res.body.metadata).toMatchObject({ found: true, node_count: res.body.data.nodes.length });
    const stranger = await get('/graph/me', await server.tokenFor('acme', 'nobody@acme.test'));
    expect(stranger.body).toMatchObject({
      success: true,
      data: { user: null, nodes: [], edges: [] },
      metadata: { found: false },
    });
  });

  it('semantic-search ranks nodes by meaning and keywords (hybrid)', async () => {
    const res = await post('/graph/semantic-search', { query: 'webhook retries', limit: 5 });
    expect(res.body.metadata).toMatchObject({ mode: 'hybrid', count: res.body.data.length });
    const refs = res.body.data.map((n: { node_type: string; node_id: string }) => `${n.node_type}:${n.node_id}`);
    expect(refs.slice(0, 2)).toEqual(expect.arrayContaining(['issue:PAY-102']));
    const scores = res.body.data.map((n: { score: number }) => n.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const pagesOnly = await post('/graph/semantic-search', { query: 'webhook', entity_types: ['page'] });
    expect(pagesOnly.body.data.map((n: { node_type: string }) => n.node_type)).toEqual(['page']);
    expect((await post('/graph/semantic-search', { query: '  ' })).status).toBe(400);
    expect((await post('/graph/semantic-search', { query: 'x', entity_types: ['ship'] })).body).toEqual(
      graphError('Invalid entity type'),
    );
  });

  it('query: MATCH by type, by id, by property, relationship patterns and PATH', async () => {
    const q = async (query: string) => (await post('/graph/query', { query })).body;
    const users = await q('MATCH (n:user)');
    expect(users.data.nodes).toHaveLength(6);
    expect(users.metadata).toMatchObject({ kind: 'match', node_count: 6, edge_count: 0 });
    expect(
      (await q("MATCH (n:user) WHERE n.id = 'katherined-acme'")).data.nodes.map((n: { node_id: string }) => n.node_id),
    ).toEqual(['katherined@acme.test']);
    expect((await q("match (n:issue) where n.status = 'Done' limit 1")).data.nodes).toHaveLength(1);
    const authored = await q("MATCH (a:user)-[:AUTHORED_BY]-(b:pull_request) WHERE a.id = 'katherined@acme.test'");
    expect(authored.data.edges.length).toBeGreaterThan(0);
    for (const e of authored.data.edges)
      expect(e).toMatchObject({ edge_type: 'AUTHORED_BY', to_node: 'user:katherined@acme.test' });
    expect(
      (await q("MATCH (a:user)-[:AUTHORED_BY]->(b:pull_request) WHERE a.id = 'katherined@acme.test'")).data.edges,
    ).toEqual([]);
    expect(
      (await q("MATCH (a:user)<-[:AUTHORED_BY]-(b:pull_request) WHERE a.id = 'katherined@acme.test'")).data.edges,
    ).toEqual(authored.data.edges);
    const path = await q('PATH FROM page:30002 TO repository:acme/mobile');
    expect(path.metadata).toMatchObject({ kind: 'path', path_found: true });
    expect(path.data.nodes[0]).toMatchObject({ node_type: 'page', node_id: '30002' });
  });

  it('query: syntax errors are 400s that name the position', async () => {
    const res = await post('/graph/query', { query: 'MATCH (n:user' });
    expect(res).toMatchObject({ status: 400, body: graphError("Expected ')' but found end of query at position 14") });
    expect((await post('/graph/query', { query: 'MATCH (n:starship)' })).body.error).toBe(
      "Unknown entity type 'starship' at position 10",
    );
    expect((await post('/graph/query', { query: 'PATH FROM issue:NOPE-1 TO issue:PAY-101' })).body).toEqual(
      graphError('Entity not found: issue:NOPE-1'),
    );
  });
});
