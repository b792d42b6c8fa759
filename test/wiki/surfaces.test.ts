import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentVersion, type ConfluenceState } from '../../src/sandbox/confluence/index.js';
import { fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import { call, type TestServer } from '../helpers/server.js';

let server: TestServer;
let run: Runner;
let acme: ConfluenceState;
let token: string;
let client: Client;

beforeAll(async () => {
  ({ server, run } = await systemServer('wiki'));
  acme = fakeState<ConfluenceState>(server, '/confluence', 'acme');
  token = await server.tokenFor('acme');
  client = new Client({ name: 'wiki-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': token } },
    }),
  );
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const spaceKey = (): string => [...acme.spaces.values()][0].key;

describe('wiki over REST and MCP, and in the graph', () => {
  it('keeps the version lifecycle over REST: 1, 2, a 409 naming the current version, archived', async () => {
    const created = await call(server, 'POST', '/v1/wiki/create-page', {
      token,
      body: { space_key: spaceKey(), title: 'REST lifecycle', body: '## Steps\n\n1. one' },
    });
    expect(created.status).toBe(200);
    const page = (created.body as { data: { id: string; version: { number: number } } }).data;
    expect(page.version.number).toBe(1);
    const update = (version: number, status?: string) =>
      call(server, 'PATCH', '/v1/wiki/update-page', {
        token,
        body: { page_id: page.id, title: 'REST lifecycle', body: `v${version + 1}`, version, status },
      });
    const second = await update(1);
    expect((second.body as { data: { version: { number: number } } }).data.version.number).toBe(2);
    const stale = await update(1);
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).toContain('version 2');
    expect(currentVersion(acme.pages.get(page.id)!).body).toBe('<p>v2</p>');
    const archived = await update(2, 'archived');
    expect((archived.body as { data: { status: string } }).data.status).toBe('archived');
    expect(acme.pages.get(page.id)!.status).toBe('archived');
  });

  it('keeps the version lifecycle over MCP, a stale version being an isError result', async () => {
    const callTool = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult;
    const created = await callTool('wiki_create_page', {
      space_key: spaceKey(),
      title: 'MCP lifecycle',
      body: { representation: 'storage', value: '<p>one</p>' },
    });
    const id = (created.structuredContent as { id: string }).id;
    expect((created.structuredContent as { version: { number: number } }).version.number).toBe(1);
    const second = await callTool('wiki_update_page', { page_id: id, title: 'MCP lifecycle', body: 'two', version: 1 });
    expect((second.structuredContent as { version: { number: number } }).version.number).toBe(2);
    const stale = await callTool('wiki_update_page', { page_id: id, title: 'MCP lifecycle', body: 'lost', version: 1 });
    expect(stale.isError).toBe(true);
    expect((stale.content[0] as { text: string }).text).toContain('version 2');
    const archived = await callTool('wiki_update_page', {
      page_id: id,
      title: 'MCP lifecycle',
      body: 'two',
      version: 2,
      status: 'archived',
    });
    expect((archived.structuredContent as { status: string }).status).toBe('archived');
    expect(acme.pages.get(id)!.versions.map((v) => v.number)).toEqual([1, 2, 3]);
  });

  it('puts pages, spaces, authors and the tickets and repositories a page names in the graph, the author being one person across systems', async () => {
    const runbook = [...acme.pages.values()].find((p) => currentVersion(p).title === 'Deployment runbook')!;
    const page = await run('get_page', { page_id: runbook.id });
    const author = server.sandbox.seeds.acme.people.find((p) => p.accountId === runbook.authorId)!;
    const codeHost = server.app.registry.find('get_user_by_email', 'code_host');
    if (!codeHost) throw new Error('code_host_get_user_by_email missing');
    await server.app.executor.execute(server.callerFor('acme'), codeHost, { email: author.email });
    await run('get_user_by_email', { email: author.email });
    const graph = server.app.services.graph;
    await graph.drain();
    expect((await graph.entity('acme', 'page', runbook.id)).properties).toMatchObject({
      title: page.title,
      space_key: page.space.key,
    });
    const edges = (await graph.relationships('acme', 'page', runbook.id, { direction: 'out', limit: 100 })).map(
      (e) => `${e.edge_type} ${e.to_node}`,
    );
    expect(edges).toContain(`BELONGS_TO space:${page.space.key}`);
    const tickets = [...new Set(page.body.markdown.match(/\b[A-Z]+-\d+\b/g) as string[])];
    for (const key of tickets) expect(edges).toContain(`LINKED_TO issue:${key}`);
    expect(edges).toContain('LINKED_TO repository:acme/api');
    const creator = edges.find((e) => e.startsWith('CREATED_BY user:'))!.slice('CREATED_BY user:'.length);
    // One node: the GitHub login and the Atlassian account id on the same person.
    expect((await graph.entity('acme', 'user', creator)).properties).toMatchObject({
      login: author.login,
      email: author.email,
    });
  });
});
