import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { useServerSession } from '../helpers/mcp-session.js';
import { call, TEST_API_KEY } from '../helpers/server.js';
import { storeRows } from '../helpers/store-sql.js';

/**
 * Hardening item 0: no request can write onto a shared prototype or stop the process. Each attack is
 * sent as a signed-in user; afterwards `Object.prototype` must be clean and the server must answer.
 */
const session = useServerSession();

const PROTOTYPE_KEYS = ['polluted', 'isAdmin', 'hacked'];

afterEach(async () => {
  for (const key of PROTOTYPE_KEYS) {
    expect(Object.prototype, `Object.prototype.${key}`).not.toHaveProperty(key);
    expect(Object, `Object.${key}`).not.toHaveProperty(key);
  }
  const health = await call(session.server, 'GET', '/health');
  expect(health.status).toBe(200);
  expect((await call(session.server, 'GET', '/metrics')).status).toBe(200);
});

const graphExecute = (tool: string, args: unknown) =>
  call(session.server, 'POST', '/mcp/graph/execute', { token: session.token, body: { tool, arguments: args } });

async function mcpClient(): Promise<Client> {
  const client = new Client({ name: 'pollution-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${session.server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': session.token } },
    }),
  );
  return client;
}

describe('the reported sequence over REST', () => {
  it('refuses a context value carrying __proto__ and a fields path through it', async () => {
    const injected = await call(session.server, 'POST', '/graph/context/inject', {
      token: session.token,
      rawBody: '{"context_type":"focus","value":{"__proto__":{"polluted":"yes"}}}',
    });
    expect(injected.status).toBe(400);
    expect(injected.body).toEqual({
      success: false,
      error: expect.stringContaining('"__proto__" is not allowed'),
      metadata: null,
    });

    const searched = await graphExecute('search', {
      entity_type: 'context',
      fields: ['results.properties.value.__proto__.polluted'],
    });
    expect(searched.status).toBe(400);
    expect(searched.body.error.code).toBe('VALIDATION_ERROR');
    expect(searched.body.error.message).toContain('__proto__');
  });

  it('refuses constructor.prototype paths as well', async () => {
    for (const path of [
      'results.constructor.prototype.polluted',
      'constructor.prototype.isAdmin',
      'results.prototype',
    ]) {
      const response = await graphExecute('search', { entity_type: 'context', fields: [path] });
      expect(response.status, path).toBe(400);
    }
  });

  it('a row stored before the fix is read back without its prototype key and cannot be projected through', async () => {
    const created = await call(session.server, 'POST', '/graph/context/inject', {
      token: session.token,
      body: { context_type: 'focus', key: 'legacy', value: { safe: 1 } },
    });
    expect(created.status).toBe(200);
    const id: string = created.body.data.context_id;
    const legacy = '{"__proto__":{"polluted":"yes"},"safe":1}';
    const { store } = session.server.app;
    await storeRows(
      store,
      store.kind === 'sqlite'
        ? "UPDATE graph_nodes SET properties = json_set(properties, '$.value', json(?)) WHERE node_id = ?"
        : "UPDATE graph_nodes SET properties = jsonb_set(properties, '{value}', ?::jsonb) WHERE node_id = ?",
      [legacy, id],
    );
    const read = await graphExecute('search', {
      entity_type: 'context',
      filters: { key: 'legacy' },
      fields: ['results.node_id', 'results.properties.value'],
    });
    expect(read.status).toBe(200);
    const value = read.body.data.results[0].properties.value;
    expect(value).toEqual({ safe: 1 });
    expect(Object.hasOwn(value, '__proto__')).toBe(false);
  });

  it('refuses prototype keys anywhere in a JSON body, whatever the route', async () => {
    const bodies: Array<[string, string, string]> = [
      ['POST', '/mcp/code_host/execute', '{"tool":"get_repositories","arguments":{"__proto__":{"polluted":"yes"}}}'],
      ['POST', '/graph/entity', '{"entity_type":"user","entity_id":"x","constructor":{"prototype":{"isAdmin":true}}}'],
      ['POST', '/admin/tenants', '{"id":"evil","name":"Evil","__proto__":{"hacked":1}}'],
    ];
    for (const [method, path, rawBody] of bodies) {
      const response = await call(session.server, method, path, {
        token: session.token,
        apiKey: TEST_API_KEY,
        rawBody,
      });
      expect(response.status, path).toBe(400);
      expect(JSON.stringify(response.body), path).toMatch(/not allowed/);
    }
  });

  it('a query string cannot reach the prototype either', async () => {
    const response = await call(
      session.server,
      'GET',
      '/code_host/get-repositories?__proto__[polluted]=yes&constructor[prototype][isAdmin]=1',
      { token: session.token },
    );
    expect(response.status).toBeLessThan(500);
  });

  it('answers 400, not 500, to a body nested a thousand levels deep', async () => {
    const deep = `${'{"a":'.repeat(1001)}1${'}'.repeat(1001)}`;
    const response = await call(session.server, 'POST', '/graph/context/inject', {
      token: session.token,
      rawBody: `{"context_type":"focus","value":${deep}}`,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/nested more than 64 levels/);
  });
});

describe('the same sequence over MCP', () => {
  it('answers each attack with an error result and keeps serving', async () => {
    const client = await mcpClient();
    const injected = await client.callTool({
      name: 'graph_inject_context',
      arguments: JSON.parse('{"context_type":"focus","value":{"__proto__":{"polluted":"yes"}}}'),
    });
    expect(injected.isError).toBe(true);
    expect(JSON.stringify(injected.content)).toContain('not allowed');

    const searched = await client.callTool({
      name: 'graph_search',
      arguments: { entity_type: 'context', fields: ['results.properties.value.__proto__.polluted'] },
    });
    expect(searched.isError).toBe(true);

    const listed = await client.callTool({ name: 'code_host_get_repositories', arguments: { limit: 1 } });
    expect(listed.isError).toBeFalsy();
    await client.close();
  });

  it('refuses a JSON-RPC body nested beyond the limit with -32600', async () => {
    const deep = `${'['.repeat(1001)}${']'.repeat(1001)}`;
    const response = await call(session.server, 'POST', '/mcp', {
      token: session.token,
      headers: { Accept: 'application/json, text/event-stream' },
      rawBody: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"graph_search","arguments":{"query":"x","deep":${deep}}}}`,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(-32600);
  });
});
