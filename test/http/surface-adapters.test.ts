import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import { defineTool, type CapabilitySpec } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { MANIFESTS } from '../../tools/index.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * One adapter layer for every surface: the HTTP method of a generated route comes from the tool's
 * capability, GET arguments are typed by the tool's schema, tools resolve by name or method name,
 * and each family's error table owns Retry-After and never shows an internal error's message.
 */
const hints = { aliases: [], when_to_use: 'In tests of the surfaces.', not_for: 'Anything else.', examples: [] };
const SECRET = 'password=hunter2 at /var/lib/constellation/store.db';

const echo = defineTool({
  system: 'probe',
  name: 'get_echo',
  description: 'Returns its arguments.',
  capability: { type: 'read', name: 'probe.echo' },
  input: z.object({
    ids: z.array(z.number().int()).optional(),
    names: z.array(z.string()).optional(),
    flag: z.boolean().optional(),
    ratio: z.number().optional(),
    where: z.object({ status: z.string() }).optional(),
  }),
  hints,
  async run({ args }) {
    return { args };
  },
});
/** A probe tool without arguments. */
const bare = (
  name: string,
  capability: CapabilitySpec,
  description: string,
  run: () => Promise<Record<string, unknown>>,
) => defineTool({ system: 'probe', name, description, capability, input: z.object({}), hints, run });
const crash = bare('crash', { type: 'read', name: 'probe.crash' }, 'Fails with an internal error.', async () => {
  throw new Error(SECRET);
});
const throttled = bare(
  'get_throttled',
  { type: 'read', name: 'probe.throttled' },
  'Fails with a rate limit.',
  async () => {
    throw new AppError('RATE_LIMITED', 'Upstream rate limit exceeded', { retryAfter: 6.2 });
  },
);
const archive = bare(
  'archive_things',
  { type: 'action', name: 'probe.archive', idempotent: true },
  'An action named by no verb of the table.',
  async () => ({ archived: true }),
);
const probe: SystemManifest = {
  system: {
    id: 'probe',
    name: 'Probe',
    description: 'Tools that exercise the surfaces.',
    keywords: ['probe'],
    when_to_use: 'Tests.',
  },
  tools: [echo, crash, throttled, archive],
  integrations: [],
};

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ environment: 'development', manifests: [...MANIFESTS, probe] });
  token = await server.tokenFor('acme');
  await call(server, 'POST', '/graph/seed', { token });
});
afterAll(() => server.close());

type MetaMethod = { name: string; http_method: string; path: string };
async function metaOf(service: string): Promise<Map<string, MetaMethod>> {
  const meta = (await call(server, 'GET', '/v1/meta')).body as {
    services: Array<{ name: string; methods: MetaMethod[] }>;
  };
  return new Map(meta.services.find((s) => s.name === service)!.methods.map((m) => [m.name, m]));
}

describe('the HTTP method of a generated route comes from the capability', () => {
  it('reads are GET, actions go by their verb (POST when none), and /v1/meta says so', async () => {
    const graph = await metaOf('graph');
    for (const name of ['search', 'traverse', 'find_path', 'query', 'get_feed', 'get_entity_context'])
      expect(graph.get(name)?.http_method, name).toBe('GET');
    expect(graph.get('inject_context')?.http_method).toBe('POST');
    const codeHost = await metaOf('code_host');
    expect(codeHost.get('update_issue')?.http_method).toBe('PATCH');
    expect(codeHost.get('merge_pull_request')?.http_method).toBe('POST');
    expect((await metaOf('probe')).get('archive_things')?.http_method).toBe('POST');
  });

  it('graph search, traverse, find_path and query answer GET on their generated routes, and POST no longer', async () => {
    const search = await call(
      server,
      'GET',
      '/v1/graph/search?entity_type=issue&filters={"status":"In Progress"}&limit=5',
      { token },
    );
    expect(search.status).toBe(200);
    expect(search.body.data.results.map((n: { node_id: string }) => n.node_id).sort()).toEqual(['PAY-104', 'PAY-105']);
    const traverse = await call(
      server,
      'GET',
      '/v1/graph/traverse?entity_type=repository&entity_id=acme/web&depth=2&edge_types=BELONGS_TO&edge_types=REVIEWED_BY',
      { token },
    );
    expect(traverse.status).toBe(200);
    expect(new Set(traverse.body.data.edges.map((e: { edge_type: string }) => e.edge_type))).toEqual(
      new Set(['BELONGS_TO', 'REVIEWED_BY']),
    );
    const path = await call(
      server,
      'GET',
      '/v1/graph/find-path?from_type=page&from_id=30002&to_type=repository&to_id=acme/mobile&max_depth=5',
      { token },
    );
    expect(path.body.data).toMatchObject({ path_found: true, nodes: expect.arrayContaining(['page:30002']) });
    const query = await call(server, 'GET', `/v1/graph/query?query=${encodeURIComponent('MATCH (n:user) LIMIT 2')}`, {
      token,
    });
    expect(query.body.data).toMatchObject({ kind: 'match', node_count: 2 });
    expect((await call(server, 'POST', '/v1/graph/search', { token, body: { query: 'webhook' } })).status).toBe(404);
  });

  it('GET arguments are typed by the tool schema: integer arrays, string lists, booleans, numbers, JSON objects', async () => {
    const typed = await call(
      server,
      'GET',
      '/v1/probe/get-echo?ids=1&ids=2&names=a,b&flag=false&ratio=0.5&where={"status":"open"}',
      { token },
    );
    expect(typed.status).toBe(200);
    expect(typed.body.data.args).toEqual({
      ids: [1, 2],
      names: ['a', 'b'],
      flag: false,
      ratio: 0.5,
      where: { status: 'open' },
    });
    expect((await call(server, 'GET', '/v1/probe/get-echo?ids=[3,4]', { token })).body.data.args).toEqual({
      ids: [3, 4],
    });
    const refused = await call(server, 'GET', '/v1/probe/get-echo?ids=x&flag=maybe&where=nope', { token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['flag', 'ids.0', 'where']);
  });
});

describe('one tool resolver', () => {
  it('finds a tool by its name or its method name; an unknown one is 404 TOOL_NOT_FOUND listing the tools', async () => {
    const byMethodName = await call(server, 'POST', '/mcp/probe/execute', {
      token,
      body: { tool: 'get-echo', arguments: { flag: true } },
    });
    expect(byMethodName.body).toMatchObject({
      success: true,
      data: { args: { flag: true } },
      meta: { tool: 'get_echo' },
    });
    const unknown = await call(server, 'POST', '/mcp/probe/execute', { token, body: { tool: 'get_nothing' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({
      code: 'TOOL_NOT_FOUND',
      details: { available_tools: ['get_echo', 'crash', 'get_throttled', 'archive_things'] },
    });
  });
});

describe('one error table per family', () => {
  it('envelope family: an internal error shows no message of its own; a rate limit carries Retry-After', async () => {
    const crashed = await call(server, 'POST', '/mcp/probe/execute', { token, body: { tool: 'crash' } });
    expect(crashed.status).toBe(500);
    expect(JSON.stringify(crashed.body)).not.toContain('hunter2');
    expect(crashed.body).toEqual({ detail: 'Internal error' });
    const viaMethod = await call(server, 'GET', '/v1/probe/crash', { token });
    expect(viaMethod).toMatchObject({ status: 500, body: { detail: 'Internal error' } });

    for (const path of ['/v1/probe/get-throttled', '/probe/get-throttled']) {
      const response = await call(server, 'GET', path, { token });
      expect(response.status, path).toBe(429);
      expect(response.headers.get('retry-after'), path).toBe('7');
      expect(response.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED', retry_after: 6.2 } });
    }
    const executed = await call(server, 'POST', '/mcp/probe/execute', { token, body: { tool: 'get_throttled' } });
    expect(executed.status).toBe(429);
    expect(executed.headers.get('retry-after')).toBe('7');
    expect(executed.body).toMatchObject({
      success: false,
      error: { code: 'RATE_LIMITED' },
      meta: { tenant_id: 'acme' },
    });
  });

  it('MCP family: isError results, retry_after in the body, no internal message', async () => {
    const client = new Client({ name: 'surface-adapters', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': token } },
      }),
    );
    const crashed = await client.callTool({ name: 'probe_crash', arguments: {} });
    const throttledResult = await client.callTool({ name: 'probe_get_throttled', arguments: {} });
    await client.close();
    const text = (result: typeof crashed) => JSON.parse((result.content as Array<{ text: string }>)[0].text);
    expect(crashed.isError).toBe(true);
    expect(text(crashed)).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Internal error' } });
    expect(text(throttledResult)).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Upstream rate limit exceeded', retry_after: 6.2 },
    });
  });

  it('graph family: tool validation in the graph form and the spec texts, the same limits as the tools', async () => {
    const post = (path: string, body: unknown) => call(server, 'POST', path, { token, body });
    expect(
      await post('/graph/traverse', { entity_type: 'issue', entity_id: 'PAY-101', max_nodes: 1001 }),
    ).toMatchObject({
      status: 400,
      body: { success: false, error: expect.stringMatching(/^Invalid request: max_nodes: /), metadata: null },
    });
    expect(
      await post('/graph/find-path', { from_type: 'ship', from_id: 'a', to_type: 'user', to_id: 'b' }),
    ).toMatchObject({ status: 400, body: { error: 'Invalid entity type' } });
    expect(await post('/graph/semantic-search', { query: 'webhook', entity_types: ['page', 'issue'] })).toMatchObject({
      status: 400,
      body: { error: 'entity_types: give at most one entity type' },
    });
    const feed = await call(server, 'GET', '/graph/feed?limit=101', { token });
    expect(feed).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^Invalid request: limit: /), metadata: null },
    });
  });
});
