import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/** The graph MCP tools through the REST execute surface, as an agent would call them. */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ environment: 'development' });
  token = await server.tokenFor('acme', 'katherined@acme.test');
  await call(server, 'POST', '/graph/seed', { token });
});
afterAll(() => server.close());

const execute = (tool: string, args: Record<string, unknown>) =>
  call(server, 'POST', '/mcp/graph/execute', { token, body: { tool, arguments: args } });

describe('graph tools', () => {
  it('are listed for the graph system with their capability types', async () => {
    const res = await call(server, 'GET', '/mcp/graph/capabilities');
    const types = Object.fromEntries(
      res.body.capabilities.map((c: { tool: string; type: string }) => [c.tool, c.type]),
    );
    expect(types).toEqual({
      traverse: 'read',
      search: 'read',
      find_path: 'read',
      get_entity_context: 'read',
      get_feed: 'read',
      inject_context: 'action',
      query: 'read',
      get_person: 'read',
    });
  });

  it('traverse returns a capped neighbourhood and says when it was truncated', async () => {
    const res = await execute('traverse', { entity_type: 'project', entity_id: 'PAY', depth: 2, max_nodes: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ node_count: 5, truncated: true });
    const full = await execute('traverse', { entity_type: 'project', entity_id: 'PAY', depth: 1 });
    expect(full.body.data.truncated).toBe(false);
    expect(full.body.data.edges.length).toBe(full.body.data.edge_count);
  });

  it('search by words or by properties; neither is a validation error', async () => {
    const words = await execute('search', { query: 'idempotency keys' });
    expect(words.body.data.mode).toBe('hybrid');
    // The ticket and the pull requests that carry its title are all right first answers.
    expect(JSON.stringify(words.body.data.results[0].properties)).toMatch(/[Ii]dempotency keys/);
    const filtered = await execute('search', { entity_type: 'issue', filters: { priority: 'Highest' } });
    expect(filtered.body.data.results.map((n: { node_id: string }) => n.node_id)).toEqual(['PAY-103']);
    expect(await execute('search', {})).toMatchObject({
      status: 400,
      body: { success: false, error: { code: 'VALIDATION_ERROR' } },
    });
  });

  it('find_path, get_entity_context and query answer from the graph', async () => {
    const path = await execute('find_path', {
      from_type: 'user',
      from_id: 'katherined-acme',
      to_type: 'space',
      to_id: 'ENG',
    });
    expect(path.body.data).toMatchObject({
      path_found: true,
      nodes: expect.arrayContaining(['user:katherined@acme.test', 'space:ENG']),
    });
    const context = await execute('get_entity_context', { entity_type: 'issue', entity_id: 'PAY-103' });
    expect(context.body.data.entity.properties.summary).toMatch(/rounding/i);
    const query = await execute('query', {
      query: "MATCH (p:pull_request)-[:REVIEWED_BY]->(u:user) WHERE u.id = 'katherined-acme'",
    });
    expect(query.body.data.edges.length).toBeGreaterThan(0);
    const bad = await execute('query', { query: 'MATCH (n:user) WHERE' });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('at position 21') } },
    });
    const missing = await execute('get_entity_context', { entity_type: 'issue', entity_id: 'NOPE-1' });
    expect(missing).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Entity not found: issue:NOPE-1' } },
    });
  });

  it('inject_context stores context for the caller; get_feed shows the graph tool calls', async () => {
    const injected = await execute('inject_context', {
      context_type: 'focus',
      key: 'week',
      value: 'payouts launch',
      references: [{ entity_type: 'issue', entity_id: 'PAY-105' }],
    });
    expect(injected.body.data).toMatchObject({
      context_id: expect.stringMatching(/^ctx_/),
      user_id: 'katherined@acme.test',
      context_type: 'focus',
    });
    const contexts = await call(server, 'POST', '/graph/context/query', { token, body: { context_type: 'focus' } });
    expect(contexts.body.data.map((n: { properties: { value: unknown } }) => n.properties.value)).toEqual([
      'payouts launch',
    ]);
    const feed = await execute('get_feed', { limit: 3 });
    expect(feed.body.data.activity[0]).toMatchObject({
      action: 'mcp.inject_context',
      actor_id: 'katherined@acme.test',
      properties: { system: 'graph', success: true },
    });
    // An entity no other test reads: its timeline holds this call only, whatever ran before.
    await execute('get_entity_context', { entity_type: 'issue', entity_id: 'PAY-104' });
    const timeline = await execute('get_feed', { entity_type: 'issue', entity_id: 'PAY-104' });
    expect(timeline.body.data.activity.map((r: { action: string }) => r.action)).toEqual(['mcp.get_entity_context']);
  });
});
