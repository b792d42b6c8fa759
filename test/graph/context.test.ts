import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, ManualClock, MINUTE } from '../helpers/clock.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/** Context injection over HTTP, with a clock the test moves. */
const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
let server: TestServer;
const ADA = 'ada@acme.example';
const GRACE = 'grace@acme.example';
const LIN = 'lin@acme.example';

beforeAll(async () => {
  server = await startTestServer({ environment: 'development', clock });
  await call(server, 'POST', '/graph/seed', { token: await server.tokenFor('acme', ADA) });
});
afterAll(() => server.close());

/** Tokens are issued per request: the test clock moves past their lifetime. */
const as = async (method: string, path: string, body: unknown, email = ADA) =>
  call(server, method, path, { token: await server.tokenFor('acme', email), body });
const post = (path: string, body: unknown, email = ADA) => as('POST', path, body, email);

describe('POST /graph/context/inject', () => {
  it('creates a context linked to the user of the token and to each reference', async () => {
    const res = await post('/graph/context/inject', {
      context_type: 'focus',
      key: 'sprint_goal',
      value: { goal: 'ship payouts', confidence: 0.8 },
      metadata: { origin: 'chat' },
      references: [
        { entity_type: 'issue', entity_id: 'PAY-105' },
        { entity_type: 'repository', entity_id: 'acme/api' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { context_id: expect.stringMatching(/^ctx_/), user_id: 'ada@acme.example', context_type: 'focus' },
    });
    const id = res.body.data.context_id;
    const node = await post('/graph/entity', { entity_type: 'context', entity_id: id });
    expect(node.body.data.properties).toEqual({
      context_type: 'focus',
      key: 'sprint_goal',
      value: { goal: 'ship payouts', confidence: 0.8 },
      user_id: 'ada@acme.example',
      expires_at: null,
      metadata: { origin: 'chat' },
    });
    const edges = await post('/graph/relationships', { entity_type: 'context', entity_id: id });
    expect(edges.body.data).toEqual(
      expect.arrayContaining([
        { edge_type: 'HAS_CONTEXT', from_node: 'user:ada@acme.example', to_node: `context:${id}` },
        { edge_type: 'REFERENCES', from_node: `context:${id}`, to_node: 'issue:PAY-105' },
        { edge_type: 'REFERENCES', from_node: `context:${id}`, to_node: 'repository:acme/api' },
      ]),
    );
  });

  it('validates the body and the references', async () => {
    expect((await post('/graph/context/inject', { context_type: 'mood', value: 1 })).status).toBe(400);
    expect((await post('/graph/context/inject', { context_type: 'focus' })).body).toMatchObject({
      success: false,
      error: expect.stringContaining('value'),
      metadata: null,
    });
    expect((await post('/graph/context/inject', { context_type: 'focus', value: 'x', ttl_seconds: -5 })).status).toBe(
      400,
    );
    expect(
      (
        await post('/graph/context/inject', {
          context_type: 'focus',
          value: 'x',
          references: [{ entity_type: 'issue', entity_id: 'NOPE-1' }],
        })
      ).body,
    ).toEqual({
      success: false,
      error: 'Entity not found: issue:NOPE-1',
      metadata: null,
    });
    expect(
      (
        await post('/graph/context/inject', {
          context_type: 'focus',
          value: 'x',
          references: [{ entity_type: 'planet', entity_id: 'x' }],
        })
      ).body.error,
    ).toBe('Invalid entity type');
  });
});

describe('querying, expiry and deletion', () => {
  it('query and the per-user route return live contexts, filtered by type', async () => {
    // A user of its own: the other tests add and expire contexts of ada's, in any order.
    await post('/graph/context/inject', { context_type: 'focus', key: 'area', value: 'payouts' }, LIN);
    await post('/graph/context/inject', { context_type: 'preference', key: 'tone', value: 'brief' }, LIN);
    await post('/graph/context/inject', { context_type: 'preference', key: 'mine', value: 'grace only' }, GRACE);
    const prefs = await post('/graph/context/query', { user_id: LIN, context_type: 'preference' }, LIN);
    expect(prefs.body.metadata).toEqual({ count: 1 });
    expect(prefs.body.data[0]).toMatchObject({
      node_type: 'context',
      properties: { key: 'tone', value: 'brief', user_id: LIN },
    });
    const all = await as('GET', '/graph/context/user/LIN@acme.example', undefined, LIN);
    expect(
      all.body.data.map((n: { properties: { context_type: string } }) => n.properties.context_type).sort(),
    ).toEqual(['focus', 'preference']);
    const typed = await as('GET', `/graph/context/user/${LIN}?context_type=focus`, undefined, LIN);
    expect(typed.body.data).toHaveLength(1);
    const own = await post('/graph/context/query', {}, GRACE);
    expect(own.body.data.map((n: { properties: { key: string } }) => n.properties.key)).toEqual(['mine']);
    expect((await post('/graph/context/query', { context_type: 'mood' })).status).toBe(400);
  });

  it('a context expires after ttl_seconds: never returned, then purged with its edges', async () => {
    const res = await post('/graph/context/inject', {
      context_type: 'session',
      value: 'pairing with grace',
      ttl_seconds: 3600,
      references: [{ entity_type: 'user', entity_id: 'grace@acme.example' }],
    });
    const id = res.body.data.context_id;
    const node = await post('/graph/entity', { entity_type: 'context', entity_id: id });
    expect(node.body.data.properties.expires_at).toBe(new Date(clock.now() + HOUR).toISOString());
    clock.advance(HOUR - MINUTE);
    expect((await post('/graph/context/query', { context_type: 'session' })).body.data).toHaveLength(1);
    const edgesBefore = (await as('GET', '/graph/stats', undefined)).body.data.total_edges;

    clock.advance(MINUTE);
    expect((await post('/graph/context/query', { context_type: 'session' })).body.data).toEqual([]);
    expect((await post('/graph/entity', { entity_type: 'context', entity_id: id })).status).toBe(404);
    expect(
      (
        await post('/graph/traverse', { entity_type: 'user', entity_id: 'grace@acme.example', depth: 1 })
      ).body.data.nodes.some((n: { node_id: string }) => n.node_id === id),
    ).toBe(false);
    expect((await as('GET', '/graph/stats', undefined)).body.data.total_edges).toBe(edgesBefore - 2);
    expect((await as('DELETE', `/graph/context/${id}`, undefined)).status).toBe(404);
  });

  it('the periodic sweep purges expired contexts without any read', async () => {
    const graph = server.app.services.graph;
    const res = await post('/graph/context/inject', { context_type: 'activity', value: 'reading', ttl_seconds: 60 });
    clock.advance(2 * MINUTE);
    expect(await graph.contexts.purgeAll()).toBe(1);
    expect(await graph.storage.node('acme', 'context', res.body.data.context_id)).toBeUndefined();
  });

  it('DELETE /graph/context/:id removes it; a second delete is a 404', async () => {
    const res = await post('/graph/context/inject', { context_type: 'focus', value: 'temporary' });
    const id = res.body.data.context_id;
    expect((await as('DELETE', `/graph/context/${id}`, undefined)).body).toEqual({
      success: true,
      data: { message: `Context ${id} deleted` },
    });
    expect((await as('DELETE', `/graph/context/${id}`, undefined)).body).toEqual({
      success: false,
      error: `Entity not found: context:${id}`,
      metadata: null,
    });
  });
});
