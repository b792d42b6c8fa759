import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFESTS } from '../../tools/index.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { manifest as notebook } from './example-system/oauth-notebook.js';
import { manifest as statusPage } from './example-system/status-page.js';
import { listEveryTool } from '../helpers/mcp-session.js';

/**
 * Adding a system is its manifest (tools, integration, extractor) and its fake: given to the app like
 * the built-in ones, it is served over REST and MCP, its fake runs in demo mode, demo tokens carry its
 * credentials, the graph ingests its results, and tool search knows its synonyms.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ manifests: [...MANIFESTS, statusPage] });
});
afterAll(() => server.close());

describe('a system added by its manifest alone', () => {
  it('is served over REST with the demo credentials of its fake, and feeds the graph', async () => {
    const token = await server.tokenFor('globex');
    const response = await call(server, 'POST', '/mcp/status_page/execute', {
      token,
      body: { tool: 'get_incidents', arguments: {} },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.incidents).toEqual([
      { id: 'inc-globex-1', title: 'Webhook delays', status: 'resolved', repo: 'globex/api' },
    ]);
    await server.app.services.graph.drain();
    const edges = await server.app.services.graph.relationships('globex', 'issue', 'inc-globex-1', {
      direction: 'out',
      limit: 10,
    });
    expect(edges).toContainEqual({
      from_node: 'issue:inc-globex-1',
      to_node: 'repository:globex/api',
      edge_type: 'BELONGS_TO',
    });
  });

  it('is listed and callable over MCP, and found by its synonyms', async () => {
    const client = new Client({ name: 'example-system', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': await server.tokenFor('acme') } },
      }),
    );
    const { tools } = await listEveryTool(client);
    expect(tools.map((t) => t.name)).toContain('status_page_get_incidents');
    const result = await client.callTool({ name: 'status_page_get_incidents', arguments: {} });
    expect(result.structuredContent).toMatchObject({ incidents: [{ id: 'inc-acme-1' }], count: 1 });
    await client.close();
    expect(server.app.registry.synonyms.outage).toEqual(['incident']);
  });

  it('answers NOT_CONFIGURED to a token without its credentials', async () => {
    const { body } = await call(server, 'POST', '/admin/token', {
      apiKey: 'test-api-key-0123456789',
      body: { tenant_id: 'acme', user_email: 'x@acme.test', connections: {} },
    });
    const response = await call(server, 'POST', '/mcp/status_page/execute', {
      token: body.token,
      body: { tool: 'get_incidents', arguments: {} },
    });
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'NOT_CONFIGURED',
      message: expect.stringContaining('status_page'),
    });
  });
});

describe('a system that also brings a REST family, a node type and an analytical tool, by its folder alone', () => {
  it('serves its REST family at its own bare paths, in /openapi.json, and its methods under /v1 only', async () => {
    const token = await server.tokenFor('acme');
    const components = await call(server, 'GET', '/status_page/components', { token });
    expect(components.status).toBe(200);
    expect(components.body).toEqual({
      success: true,
      data: [
        { id: 'api', name: 'API', status: 'operational' },
        { id: 'webhooks', name: 'Webhooks', status: 'degraded_performance' },
      ],
    });
    const incidents = await call(server, 'GET', '/status_page/incidents', { token });
    expect(incidents.body.data).toEqual([
      { id: 'inc-acme-1', title: 'Webhook delays', status: 'resolved', repo: 'acme/api' },
    ]);

    expect((await call(server, 'GET', '/v1/status_page/get-components', { token })).status).toBe(200);
    expect((await call(server, 'GET', '/status_page/get-components', { token })).status).toBe(404);

    const doc = (await call(server, 'GET', '/openapi.json')).body;
    expect(doc.paths['/status_page/components'].get).toMatchObject({
      operationId: 'listStatusPageComponents',
      tags: ['status_page'],
    });
    expect(doc.paths['/status_page/incidents'].get.operationId).toBe('listStatusPageIncidents');
    expect(doc.paths['/v1/status_page/get-components']).toBeDefined();
    expect(doc.paths['/status_page/get-components']).toBeUndefined();
  });

  it('writes its own node type, which the graph routes and tools accept', async () => {
    const token = await server.tokenFor('globex');
    await call(server, 'POST', '/mcp/status_page/execute', { token, body: { tool: 'get_components', arguments: {} } });
    await server.app.services.graph.drain();

    const entity = await call(server, 'POST', '/graph/entity', {
      token,
      body: { entity_type: 'status_component', entity_id: 'webhooks' },
    });
    expect(entity.status).toBe(200);
    expect(entity.body.data).toMatchObject({
      node_type: 'status_component',
      node_id: 'webhooks',
      properties: { name: 'Webhooks', status: 'degraded_performance' },
    });

    const search = await call(server, 'POST', '/graph/search', {
      token,
      body: { entity_type: 'status_component', filters: { status: 'operational' } },
    });
    expect(search.status).toBe(200);
    expect(search.body.data.map((node: { node_id: string }) => node.node_id)).toEqual(['api']);

    const query = await call(server, 'POST', '/mcp/graph/execute', {
      token,
      body: { tool: 'query', arguments: { query: 'MATCH (n:status_component) LIMIT 10' } },
    });
    expect(query.status).toBe(200);
    expect(query.body.data.node_count).toBe(2);

    const graphSearch = server.app.registry.find('search', 'graph')!;
    expect(server.app.registry.inputJsonSchema(graphSearch)).toMatchObject({
      properties: { entity_type: { enum: expect.arrayContaining(['status_component', 'issue', 'context']) } },
    });
  });

  it('serves its analytical tool through the analytics cache, as a GET method route', async () => {
    const token = await server.tokenFor('acme');
    const first = await call(server, 'GET', '/v1/status_page/get-availability', { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      components: 2,
      operational_share: 0.5,
      open_incidents: 0,
      cache: { status: 'miss' },
    });
    const second = await call(server, 'POST', '/mcp/status_page/execute', {
      token,
      body: { tool: 'get_availability', arguments: {} },
    });
    expect(second.body.data.cache).toEqual({ status: 'fresh', computed_at: first.body.data.cache.computed_at });
    const analytical = await call(server, 'GET', '/mcp/capabilities/analytics');
    expect(analytical.body.systems.status_page).toEqual([
      {
        name: 'status_page.analytics.availability',
        tool: 'get_availability',
        requires: ['status_page'],
        outputs: ['operational_share', 'open_incidents'],
      },
    ]);
  });
});

describe('a system that declares how texts name its nodes and its part of the sample graph', () => {
  let dev: TestServer;
  beforeAll(async () => {
    dev = await startTestServer({ manifests: [...MANIFESTS, statusPage], environment: 'development' });
  });
  afterAll(() => dev.close());

  it('seeds its part of the sample graph, linked to what its texts mention in any system', async () => {
    const token = await dev.tokenFor('acme');
    expect((await call(dev, 'POST', '/graph/seed', { token })).status).toBe(200);
    const incident = await call(dev, 'POST', '/graph/entity', {
      token,
      body: { entity_type: 'issue', entity_id: 'inc-acme-1' },
    });
    expect(incident.body.data).toMatchObject({ properties: { title: 'Webhook delays', labels: ['incident'] } });
    const links = await call(dev, 'POST', '/graph/relationships?edge_type=LINKED_TO&direction=out', {
      token,
      body: { entity_type: 'status_component', entity_id: 'webhooks' },
    });
    expect(links.body.data).toEqual(
      expect.arrayContaining([
        { edge_type: 'LINKED_TO', from_node: 'status_component:webhooks', to_node: 'issue:inc-acme-1' },
        { edge_type: 'LINKED_TO', from_node: 'status_component:webhooks', to_node: 'issue:PAY-102' },
      ]),
    );
    expect(links.body.data).toHaveLength(2);
  });

  it("links the incidents another system's results name", async () => {
    const token = await dev.tokenFor('acme');
    const created = await call(dev, 'POST', '/mcp/ticketing/execute', {
      token,
      body: {
        tool: 'create_ticket',
        arguments: { project_key: 'WEB', summary: 'Follow up inc-acme-1', issue_type: 'Task' },
      },
    });
    expect(created.body.error).toBeUndefined();
    await dev.app.services.graph.drain();
    const links = await call(dev, 'POST', '/graph/relationships?edge_type=LINKED_TO&direction=in', {
      token,
      body: { entity_type: 'issue', entity_id: 'inc-acme-1' },
    });
    expect(links.body.data).toContainEqual({
      edge_type: 'LINKED_TO',
      from_node: `issue:${created.body.data.ticket.key}`,
      to_node: 'issue:inc-acme-1',
    });
  });
});

describe('a system with per-user authorization, added by its folder alone', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({ manifests: [...MANIFESTS, notebook] });
  });
  afterAll(() => own.close());

  it('serves its consent flow: the authorize link, the callback storing the grant, then a tool call as the user', async () => {
    const user = own.app.demo?.users().find((u) => u.tenant_id === 'acme') as { user_email: string };
    const token = await own.tokenFor('acme', user.user_email);
    const before = await call(own, 'POST', '/mcp/notebook/execute', {
      token,
      body: { tool: 'list_notes', arguments: {} },
    });
    expect(before.body.error).toMatchObject({ code: 'AUTHORIZATION_REQUIRED' });

    const status = await call(own, 'GET', '/oauth/notebook/status', { token });
    expect(status.body).toMatchObject({ status: 'needs_oauth', user_email: user.user_email });
    const start = await fetch(status.body.auth_url as string, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const consent = start.headers.get('location') as string;
    expect(consent.startsWith(own.sandbox.urlOf('/notebook/authorize'))).toBe(true);
    const back = await fetch(consent, { redirect: 'manual' });
    const callback = back.headers.get('location') as string;
    expect(callback.startsWith(`${own.url}/oauth/notebook/callback?`)).toBe(true);
    const landed = await fetch(callback);
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain('Notebook is connected');
    expect(await own.app.vault.get({ tenantId: 'acme', userEmail: user.user_email }, 'notebook')).toMatchObject({
      accountEmail: user.user_email,
      scopes: ['notes.read'],
    });

    const after = await call(own, 'POST', '/mcp/notebook/execute', {
      token,
      body: { tool: 'list_notes', arguments: {} },
    });
    expect(after.status).toBe(200);
    expect(after.body.data.notes).toEqual([{ id: 'note-0', title: expect.stringMatching(/'s plan$/) }]);
    const { paths } = (await call(own, 'GET', '/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(paths).filter((path) => path.startsWith('/oauth/notebook/'))).toEqual([
      '/oauth/notebook/authorize',
      '/oauth/notebook/callback',
      '/oauth/notebook/status',
      '/oauth/notebook/revoke',
    ]);
  });
});
