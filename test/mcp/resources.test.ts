import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Graph entities as MCP resources, linked from the results that name them, in both protocol eras. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Reading repositories fills the graph with them.
  await server.app.executor.execute(
    server.callerFor('acme'),
    server.app.registry.find('code_host_get_repositories')!,
    {},
  );
  // Ingestion runs after the call returns: on PostgreSQL it takes a few round trips.
  await server.app.services.graph.drain();
});
afterAll(() => server.close());

interface ResourceClient {
  call(name: string, args: Record<string, unknown>): Promise<{ content?: unknown }>;
  read(uri: string): Promise<{ contents: Array<{ uri: string; mimeType?: string; text?: string }> }>;
  templates(): Promise<{ resourceTemplates: Array<{ uriTemplate: string }> }>;
  close(): Promise<void>;
}

async function modern(workspace: 'acme' | 'globex'): Promise<ResourceClient> {
  const client = new ModernClient(
    { name: 'resources-test', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new ModernHttp(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': await server.tokenFor(workspace) } },
    }),
  );
  return {
    call: (name, args) => client.callTool({ name, arguments: args }),
    read: (uri) => client.readResource({ uri }),
    templates: () => client.listResourceTemplates(),
    close: () => client.close(),
  };
}

async function legacy(workspace: 'acme' | 'globex'): Promise<ResourceClient> {
  const client = new LegacyClient({ name: 'resources-test', version: '1' });
  await client.connect(
    new LegacyHttp(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': await server.tokenFor(workspace) } },
    }),
  );
  return {
    // The v1 client's result type also admits the 2024 `toolResult` form, which a 2025 server never sends.
    call: (name, args) => client.callTool({ name, arguments: args }) as Promise<{ content?: unknown }>,
    read: (uri) => client.readResource({ uri }),
    templates: () => client.listResourceTemplates(),
    close: () => client.close(),
  };
}

const API_URI = 'constellation://graph/repository/acme%2Fapi';

describe.each([
  ['2026-07-28', modern],
  ['2025-11-25', legacy],
] as const)('protocol %s', (_era, connect) => {
  it('a graph search links each entity it found, and the link reads as the entity with its context', async () => {
    const client = await connect('acme');
    const found = await client.call('graph_search', { entity_type: 'repository', limit: 50 });
    const links = (found.content as Array<{ type: string; uri?: string; name?: string }>).filter(
      (c) => c.type === 'resource_link',
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.map((l) => l.uri)).toContain(API_URI);
    expect(links.find((l) => l.uri === API_URI)).toMatchObject({
      name: 'repository:acme/api',
      mimeType: 'application/json',
    });

    const read = await client.read(API_URI);
    expect(read.contents).toHaveLength(1);
    expect(read.contents[0]).toMatchObject({ uri: API_URI, mimeType: 'application/json' });
    expect(JSON.parse(read.contents[0].text ?? '{}')).toMatchObject({
      entity: { node_type: 'repository', node_id: 'acme/api' },
    });
    await client.close();
  });

  it('names the template, and refuses what does not exist or belongs to another tenant as not found (-32602 with the uri, as the SDK spells it)', async () => {
    const globex = await connect('globex');
    expect((await globex.templates()).resourceTemplates.map((t) => t.uriTemplate)).toContain(
      'constellation://graph/{entity_type}/{entity_id}',
    );
    await expect(globex.read(API_URI)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Entity not found: repository:acme/api'),
    });
    await expect(globex.read('constellation://graph/nothing-here')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown resource'),
    });
    await globex.close();
  });
});
