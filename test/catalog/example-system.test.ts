import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFESTS } from '../../tools/index.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { manifest as notebook } from './example-system/oauth-notebook.js';
import { manifest as statusPage } from './example-system/status-page.js';

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
    const edges = server.app.services.graph.relationships('globex', 'issue', 'inc-globex-1', {
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
    const { tools } = await client.listTools();
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
    expect(own.app.vault.get({ tenantId: 'acme', userEmail: user.user_email }, 'notebook')).toMatchObject({
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
