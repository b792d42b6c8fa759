import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

/** Contexts are personal: one user of a tenant never reads or deletes another user's contexts. */
let server: TestServer;
const ADA = 'ada@acme.example';
const GRACE = 'grace@acme.example';
let adaContext: string;

beforeAll(async () => {
  server = await startTestServer({ environment: 'development' });
  await call(server, 'POST', '/graph/seed', { token: await server.tokenFor('acme', ADA) });
  const injected = await as(ADA, 'POST', '/graph/context/inject', {
    context_type: 'focus',
    key: 'secret_plan',
    value: 'leaving for globex',
    references: [{ entity_type: 'issue', entity_id: 'PAY-105' }],
  });
  adaContext = injected.body.data.context_id;
});
afterAll(() => server.close());

const as = async (email: string, method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: await server.tokenFor('acme', email), body });
const nodeIds = (nodes: Array<{ node_id: string }>) => nodes.map((n) => n.node_id);

async function mcpAs(email: string): Promise<Client> {
  const client = new Client({ name: 'context-privacy', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': await server.tokenFor('acme', email) } },
    }),
  );
  return client;
}

describe('contexts over REST', () => {
  it('the owner reads and finds their context everywhere', async () => {
    expect((await as(ADA, 'POST', '/graph/entity', { entity_type: 'context', entity_id: adaContext })).status).toBe(
      200,
    );
    expect(nodeIds((await as(ADA, 'POST', '/graph/context/query', {})).body.data)).toContain(adaContext);
    const traversed = await as(ADA, 'POST', '/graph/traverse', {
      entity_type: 'issue',
      entity_id: 'PAY-105',
      depth: 1,
    });
    expect(nodeIds(traversed.body.data.nodes)).toContain(adaContext);
  });

  it('another user is refused by user id and finds nothing by id, search, traversal, relationships, paths or queries', async () => {
    expect((await as(GRACE, 'POST', '/graph/context/query', { user_id: ADA })).status).toBe(403);
    expect((await as(GRACE, 'GET', `/graph/context/user/${ADA}`)).status).toBe(403);
    expect((await as(GRACE, 'POST', '/graph/context/query', {})).body.data).toEqual([]);
    expect((await as(GRACE, 'POST', '/graph/entity', { entity_type: 'context', entity_id: adaContext })).status).toBe(
      404,
    );
    expect((await as(GRACE, 'POST', '/graph/context', { entity_type: 'context', entity_id: adaContext })).status).toBe(
      404,
    );
    expect((await as(GRACE, 'POST', '/graph/search', { entity_type: 'context', filters: {} })).body.data).toEqual([]);
    const semantic = await as(GRACE, 'POST', '/graph/semantic-search', { query: 'secret_plan globex' });
    expect(nodeIds(semantic.body.data)).not.toContain(adaContext);

    const traversed = await as(GRACE, 'POST', '/graph/traverse', {
      entity_type: 'issue',
      entity_id: 'PAY-105',
      depth: 2,
    });
    expect(traversed.status).toBe(200);
    expect(nodeIds(traversed.body.data.nodes)).not.toContain(adaContext);
    expect(JSON.stringify(traversed.body.data.edges)).not.toContain(adaContext);
    const relationships = await as(GRACE, 'POST', '/graph/relationships', {
      entity_type: 'issue',
      entity_id: 'PAY-105',
    });
    expect(JSON.stringify(relationships.body.data)).not.toContain(adaContext);
    const around = await as(GRACE, 'POST', '/graph/context', { entity_type: 'issue', entity_id: 'PAY-105' });
    expect(JSON.stringify(around.body.data)).not.toContain(adaContext);
    const matched = await as(GRACE, 'POST', '/graph/query', {
      query: 'MATCH (c:context)-[:REFERENCES]->(i:issue) LIMIT 50',
    });
    expect(matched.body.data.nodes.filter((n: { node_type: string }) => n.node_type === 'context')).toEqual([]);
    const path = await as(GRACE, 'POST', '/graph/find-path', {
      from_type: 'user',
      from_id: ADA,
      to_type: 'issue',
      to_id: 'PAY-105',
      max_depth: 2,
    });
    expect(JSON.stringify(path.body.data)).not.toContain(adaContext);
  });

  it('another user cannot delete it (404, still there); the owner can', async () => {
    const injected = await as(ADA, 'POST', '/graph/context/inject', { context_type: 'preference', value: 'tabs' });
    const id = injected.body.data.context_id;
    expect((await as(GRACE, 'DELETE', `/graph/context/${id}`)).status).toBe(404);
    expect((await as(ADA, 'POST', '/graph/entity', { entity_type: 'context', entity_id: id })).status).toBe(200);
    expect((await as(ADA, 'DELETE', `/graph/context/${id}`)).status).toBe(200);
    expect((await as(ADA, 'POST', '/graph/entity', { entity_type: 'context', entity_id: id })).status).toBe(404);
  });

  it("the administrator may purge a user's contexts with the API key, not read them", async () => {
    await as(GRACE, 'POST', '/graph/context/inject', { context_type: 'session', value: 'pairing' });
    const refused = await call(server, 'DELETE', `/admin/tenants/acme/contexts?user_id=${GRACE}`);
    expect(refused.status).toBe(401);
    const purged = await call(server, 'DELETE', `/admin/tenants/acme/contexts?user_id=${GRACE}`, {
      apiKey: TEST_API_KEY,
    });
    expect(purged.status).toBe(200);
    expect(purged.body).toMatchObject({ success: true, removed: 1 });
    expect((await as(GRACE, 'POST', '/graph/context/query', {})).body.data).toEqual([]);
    expect(nodeIds((await as(ADA, 'POST', '/graph/context/query', {})).body.data)).toContain(adaContext);
    expect((await call(server, 'DELETE', '/admin/tenants/nobody/contexts', { apiKey: TEST_API_KEY })).status).toBe(404);
  });
});

describe('contexts over MCP', () => {
  it('graph tools show the owner their context and hide it from everyone else', async () => {
    const ada = await mcpAs(ADA);
    const grace = await mcpAs(GRACE);
    try {
      const own = await ada.callTool({
        name: 'graph_get_entity_context',
        arguments: { entity_type: 'context', entity_id: adaContext },
      });
      expect(own.isError).not.toBe(true);

      const byId = await grace.callTool({
        name: 'graph_get_entity_context',
        arguments: { entity_type: 'context', entity_id: adaContext },
      });
      expect(byId.isError).toBe(true);
      expect(JSON.stringify(byId.content)).toContain('Entity not found');
      const searched = await grace.callTool({ name: 'graph_search', arguments: { entity_type: 'context' } });
      expect((searched.structuredContent as { results: unknown[] }).results).toEqual([]);
      const texts = await grace.callTool({ name: 'graph_search', arguments: { query: 'secret_plan globex' } });
      expect(JSON.stringify(texts.structuredContent)).not.toContain(adaContext);
      const traversed = await grace.callTool({
        name: 'graph_traverse',
        arguments: { entity_type: 'issue', entity_id: 'PAY-105', depth: 2 },
      });
      expect(traversed.isError).not.toBe(true);
      expect(JSON.stringify(traversed.structuredContent)).not.toContain(adaContext);
      const queried = await grace.callTool({ name: 'graph_query', arguments: { query: 'MATCH (c:context) LIMIT 50' } });
      expect((queried.structuredContent as { nodes: unknown[] }).nodes).toEqual([]);
    } finally {
      await ada.close();
      await grace.close();
    }
  });
});
