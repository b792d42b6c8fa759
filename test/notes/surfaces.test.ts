import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTitle, type NotionState } from '../../src/sandbox/notion/index.js';
import { fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import { call, type TestServer } from '../helpers/server.js';
import { AppError } from '../../src/toolkit/errors.js';

let server: TestServer;
let run: Runner;
let acme: NotionState;
let token: string;
let client: Client;

beforeAll(async () => {
  ({ server, run } = await systemServer('notes'));
  acme = fakeState<NotionState>(server, '/notion', 'acme');
  token = await server.tokenFor('acme');
  client = new Client({ name: 'notes-test', version: '1.0.0' });
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

describe('notes over REST and MCP, and in the graph', () => {
  it('answers a read over REST as a method route', async () => {
    const response = await call(server, 'GET', '/v1/notes/search?query=handbook', { token });
    expect(response.status).toBe(200);
    const body = response.body as { success: boolean; data: { results: Array<{ title: string }> } };
    expect(body.success).toBe(true);
    expect(body.data.results.map((r) => r.title)).toEqual(['Engineering handbook']);
  });

  it('answers over MCP with structured content, and an isError result naming valid properties', async () => {
    const result = (await client.callTool({
      name: 'notes_query_database',
      arguments: { database: 'Projects' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const pages = (result.structuredContent as { pages: Array<{ title: string }> }).pages;
    const projects = [...acme.pages.values()].filter(
      (p) => p.parent.type === 'data_source_id' && acme.dataSources.get(p.parent.data_source_id)?.title === 'Projects',
    );
    expect(pages.map((p) => p.title).sort()).toEqual(projects.map(pageTitle).sort());
    const refused = (await client.callTool({
      name: 'notes_query_database',
      arguments: { database: 'Projects', filter: { Owner: 'x' } },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect((refused.content[0] as { text: string }).text).toContain(
      'Unknown property \\"Owner\\". Properties: Name (title), Lead (people)',
    );
  });

  it('puts pages, databases, their people (the same humans as GitHub’s) and mentioned tickets in the graph', async () => {
    const rows = await run('query_database', { database: 'Engineering Tasks', limit: 100 });
    const graph = server.app.services.graph;
    await graph.drain();
    const withTicket = rows.pages.find((p: { properties: { Notes: string } }) => /[A-Z]+-\d+/.test(p.properties.Notes));
    const page = await graph.entity('acme', 'notes_page', withTicket.id);
    expect(page.properties).toMatchObject({ title: withTicket.title, database_id: withTicket.database_id });
    const edges = (await graph.relationships('acme', 'notes_page', withTicket.id, { direction: 'out', limit: 50 })).map(
      (e) => `${e.edge_type} ${e.to_node}`,
    );
    const owner = withTicket.properties.Owner[0].email as string;
    expect(edges).toContain(`ASSIGNED_TO user:${owner}`);
    expect(edges).toContain(`BELONGS_TO notes_database:${withTicket.database_id}`);
    expect(edges).toContain(`LINKED_TO issue:${(withTicket.properties.Notes as string).match(/[A-Z]+-\d+/)?.[0]}`);
  });

  it('the person a Notion row names is the same node the GitHub tools fill', async () => {
    const person = server.sandbox.seeds.acme.people[0];
    const codeHost = server.app.registry.find('get_user_by_email', 'code_host');
    if (!codeHost) throw new Error('code_host_get_user_by_email missing');
    await server.app.executor.execute(server.callerFor('acme'), codeHost, { email: person.email });
    await run('query_database', { database: 'Engineering Tasks', filter: { Owner: person.email }, limit: 100 });
    const graph = server.app.services.graph;
    await graph.drain();
    const user = await graph.entity('acme', 'user', person.email);
    expect(user.properties).toMatchObject({ login: person.login, email: person.email });
    const edges = (await graph.relationships('acme', 'user', person.email, { direction: 'in', limit: 200 })).map(
      (e) => e.from_node,
    );
    expect(edges.some((from) => from.startsWith('notes_page:'))).toBe(true);
  });

  it('links pages to the repositories and tickets their bodies and properties name', async () => {
    const graph = server.app.services.graph;
    const projects = await run('query_database', { database: 'Projects' });
    const handbook = [...acme.pages.values()].find((p) => pageTitle(p) === 'Engineering handbook');
    const content = await run('get_page_content', { page_id: handbook?.id });
    await graph.drain();
    for (const project of projects.pages as Array<{ id: string; properties: { Repository: string } }>) {
      const repo = new URL(project.properties.Repository).pathname.slice(1);
      const edges = (await graph.relationships('acme', 'notes_page', project.id, { direction: 'out', limit: 50 })).map(
        (e) => `${e.edge_type} ${e.to_node}`,
      );
      expect(edges).toContain(`LINKED_TO repository:${repo}`);
    }
    const linked = (
      await graph.relationships('acme', 'notes_page', content.page_id, { direction: 'out', limit: 50 })
    ).map((e) => e.to_node);
    const named = [...(content.markdown as string).matchAll(/\bacme\/[a-z-]+/g)].map((m) => `repository:${m[0]}`);
    const keys = [...(content.markdown as string).matchAll(/\b[A-Z]{2,}-\d+\b/g)].map((m) => `issue:${m[0]}`);
    expect(named.length).toBeGreaterThan(0);
    expect(keys.length).toBeGreaterThan(0);
    expect(linked).toEqual(expect.arrayContaining([...named, ...keys]));
  });

  it('a wrong Notion token is refused, naming Notion and its reason, and changes nothing', async () => {
    const caller = server.callerFor('acme');
    const wrong = {
      ...caller,
      connections: { ...caller.connections, notes: { ...caller.connections.notes, token: 'ntn_not_a_real_token' } },
    };
    const tool = server.app.registry.find('search', 'notes');
    if (!tool) throw new Error('notes_search missing');
    const before = acme.pages.size;
    const error = await server.app.executor.execute(wrong, tool, { query: 'handbook' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'FORBIDDEN',
      upstreamStatus: 401,
      message: 'Notion refused the credentials: API token is invalid.',
    });
    expect(acme.pages.size).toBe(before);
  });
});
