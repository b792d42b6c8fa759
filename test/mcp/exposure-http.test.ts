import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { expectRefused, listedNames } from './connect.js';

let whole: TestServer;
let narrow: TestServer;
beforeAll(async () => {
  whole = await startTestServer();
  // A server that exposes only the graph, read-only.
  narrow = await startTestServer({ mcp: { mode: 'full', toolsets: ['graph'], readOnly: true } });
});
afterAll(async () => {
  await whole.close();
  await narrow.close();
});

async function clientOf(server: TestServer, headers: Record<string, string>) {
  const client = new Client({ name: 'exposure-http-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': await server.tokenFor('acme'), ...headers } },
    }),
  );
  return client;
}

/** One JSON-RPC request without a client, to read the status and the raw body. */
async function rawMcp(server: TestServer, headers: Record<string, string>, method = 'tools/list') {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'X-JWT-Token': await server.tokenFor('acme'),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { result?: { tools: unknown[] }; error?: { message: string } },
  };
}

describe('X-MCP-* headers narrow one request', () => {
  it('X-MCP-Toolsets lists only the named toolsets, finer than a system', async () => {
    const client = await clientOf(whole, { 'X-MCP-Toolsets': 'code_host.pull_requests, graph.traversal' });
    expect(await listedNames(client)).toEqual([
      'code_host_create_pull_request',
      'code_host_get_pull_requests',
      'code_host_get_stale_prs',
      'code_host_merge_pull_request',
      'graph_find_path',
      'graph_traverse',
    ]);
    await client.close();
  });

  it('X-MCP-Tools lists exactly the named tools and refuses calling any other', async () => {
    const client = await clientOf(whole, { 'X-MCP-Tools': 'code_host_get_repository,graph_search' });
    expect(await listedNames(client)).toEqual(['code_host_get_repository', 'graph_search']);
    await expectRefused(client, 'code_host_get_repositories', {}, { code: 'FORBIDDEN', message: 'X-MCP-Tools' });
    await client.close();
  });

  it('X-MCP-Readonly: true hides the actions and refuses them, changing nothing upstream', async () => {
    const client = await clientOf(whole, { 'X-MCP-Readonly': 'true' });
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    const title = 'Refused by a read-only request';
    await expectRefused(
      client,
      'code_host_create_issue',
      { repo_id: 'acme/api', title },
      { code: 'FORBIDDEN', message: 'read-only (X-MCP-Readonly)' },
    );
    const issues = await client.callTool({
      name: 'code_host_get_issues',
      arguments: { repo_id: 'acme/api', state: 'all', limit: 100 },
    });
    expect(JSON.stringify(issues.structuredContent)).not.toContain(title);
    await client.close();
  });

  it('a token without connections lists the systems that need nothing from it: local, per-user (the user can authorize) and the unified ones the platform reaches', async () => {
    const token = await whole.app.tokens.issue({ tenant_id: 'acme', user_email: 'nobody@acme.test', connections: {} });
    const client = new Client({ name: 'exposure-http-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${whole.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const names = await listedNames(client);
    expect(names.length).toBeGreaterThan(0);
    const notFromToken = new Set<string>(
      whole.app.integrations.filter((i) => !i.sources.includes('jwt')).map((i) => i.id),
    );
    expect(names.every((n) => whole.app.registry.reachableWith(whole.app.registry.find(n)!, notFromToken))).toBe(true);
    expect(names.some((n) => n.startsWith('chat_'))).toBe(true);
    expect(names.some((n) => n.startsWith('code_host_'))).toBe(false);
    await client.close();
  });

  it('what one request narrows, or one token lacks, stays with it: requests in turn each see their own list', async () => {
    const bare = await whole.app.tokens.issue({ tenant_id: 'acme', user_email: 'nobody@acme.test', connections: {} });
    const namesOf = async (headers: Record<string, string>) => {
      const { body } = await rawMcp(whole, headers);
      return (body.result?.tools as { name: string }[]).map((t) => t.name);
    };
    const all = await namesOf({ 'X-MCP-Toolsets': 'code_host' });
    for (let turn = 0; turn < 2; turn++) {
      expect(await namesOf({ 'X-MCP-Tools': 'code_host_get_repository' })).toEqual(['code_host_get_repository']);
      expect(await namesOf({ 'X-MCP-Toolsets': 'code_host', 'X-MCP-Readonly': 'true' })).toEqual(
        all.filter((name) => whole.app.registry.find(name)?.capability.type !== 'action'),
      );
      expect(await namesOf({ 'X-MCP-Toolsets': 'code_host', 'X-JWT-Token': bare })).toEqual([]);
      expect(await namesOf({ 'X-MCP-Toolsets': 'code_host' })).toEqual(all);
    }
    expect(all).toContain('code_host_create_issue');
  });

  it('the size auto mode measures is the size of the tools/list result on the wire', async () => {
    const { body } = await rawMcp(whole, { 'X-MCP-Toolsets': 'code_host.issues,graph' });
    const listed = whole.app.registry.select({ toolsets: ['code_host.issues', 'graph'] });
    expect(body.result?.tools).toHaveLength(listed.length);
    // 2025-era lists also mark each tool's task support over HTTP; the budget measures the list itself.
    const tools = (body.result?.tools as Array<Record<string, unknown>>).map(
      ({ execution, ...tool }) => (expect(execution).toBeDefined(), tool),
    );
    expect(Buffer.byteLength(JSON.stringify({ tools }))).toBe(whole.surface.listBytes(listed));
  });
});

describe('headers never widen what the server exposes', () => {
  it('a toolset or tool the server does not expose is a 400 naming what it does expose', async () => {
    const toolset = await rawMcp(narrow, { 'X-MCP-Toolsets': 'code_host' });
    expect(toolset.status).toBe(400);
    expect(toolset.body.error?.message).toBe(
      'X-MCP-Toolsets: "code_host" is not a toolset of this server; valid toolsets: graph, graph.activity, graph.entities, graph.person, graph.query, graph.traversal',
    );
    const tool = await rawMcp(narrow, { 'X-MCP-Tools': 'graph_serch' });
    expect(tool.status).toBe(400);
    expect(tool.body.error?.message).toContain('did you mean "graph_search"?');
    const hidden = await rawMcp(narrow, { 'X-MCP-Tools': 'code_host_get_issues' });
    expect(hidden.status).toBe(400);
  });

  it('X-MCP-Readonly: false leaves a read-only server read-only', async () => {
    const client = await clientOf(narrow, { 'X-MCP-Readonly': 'false' });
    const names = await listedNames(client);
    expect(names).not.toContain('graph_inject_context');
    await expectRefused(client, 'graph_inject_context', {}, { code: 'FORBIDDEN', message: 'read-only (--read-only)' });
    await client.close();
  });

  it('an X-MCP-Readonly value other than true or false is a 400', async () => {
    const response = await rawMcp(whole, { 'X-MCP-Readonly': 'maybe' });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toContain('X-MCP-Readonly must be true or false');
  });
});
