import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpSurface } from '../../src/mcp/server.js';
import type { Caller } from '../../src/toolkit/context.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { connectInMemory, expectRefused, listedNames } from './connect.js';
import { DISCOVERY_TOOL_NAMES } from '../helpers/mcp-session.js';

let server: TestServer;
let withGithub: Caller;
beforeAll(async () => {
  server = await startTestServer();
  withGithub = server.callerFor('acme');
});
afterAll(() => server.close());

const discovery = (options: ConstructorParameters<typeof McpSurface>[1] = {}) =>
  new McpSurface(server.app, { mode: 'discovery', ...options });

async function issueCount(): Promise<number> {
  const tool = server.app.registry.find('code_host_get_issues');
  if (!tool) throw new Error('code_host_get_issues is missing');
  const result = await server.app.executor.execute(withGithub, tool, {
    repo_id: 'acme/infra',
    state: 'all',
    limit: 100,
  });
  return result.count as number;
}

describe('discovery meta-tools keep honest hints', () => {
  it('reads and actions run through their own meta-tool, each annotated for what it may run', async () => {
    const client = await connectInMemory(discovery(), withGithub);
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    expect(Object.keys(byName).sort()).toEqual(DISCOVERY_TOOL_NAMES);
    expect(byName.search_tools).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(byName.describe_tool).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(byName.execute_read_tool).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    // code_host_create_or_update_file overwrites and create_issue is not idempotent.
    expect(byName.execute_action_tool).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    await client.close();
  });

  it('over the local systems alone (graph, documents) the execute meta-tools are closed-world, and deleting a document makes the action one destructive', async () => {
    // No user: no per-user system (suite, chat) either; the unified systems (crm) are left out by toolset, and
    // so is graph.person (graph_get_person reads the caller's connected systems live).
    const local = ['graph.activity', 'graph.entities', 'graph.query', 'graph.traversal', 'documents'];
    const client = await connectInMemory(discovery({ toolsets: local }), {
      ...withGithub,
      connections: {},
      userEmail: undefined,
    });
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    expect(byName.execute_read_tool).toMatchObject({ openWorldHint: false });
    expect(byName.execute_action_tool).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
    });
    await client.close();
    const graphOnly = await connectInMemory(
      discovery(),
      { ...withGithub, connections: {}, userEmail: undefined },
      { toolsets: ['graph'] },
    );
    expect(
      Object.fromEntries((await graphOnly.listTools()).tools.map((t) => [t.name, t.annotations])).execute_action_tool,
    ).toMatchObject({ destructiveHint: false });
    await graphOnly.close();
  });

  it('a read-only session has no action meta-tool, and calling it anyway is refused', async () => {
    const client = await connectInMemory(discovery({ readOnly: true }), withGithub);
    expect(await listedNames(client)).toEqual(['describe_tool', 'execute_read_tool', 'search_tools']);
    const before = await issueCount();
    await expectRefused(
      client,
      'execute_action_tool',
      { name: 'code_host_create_issue', arguments: { repo_id: 'acme/infra', title: 'must not exist' } },
      { code: 'FORBIDDEN', message: 'read-only (--read-only)' },
    );
    expect(await issueCount()).toBe(before);
    await client.close();
  });

  it('each execute meta-tool refuses tools of the other kind, naming the right one, and runs nothing', async () => {
    const client = await connectInMemory(discovery(), withGithub);
    const before = await issueCount();
    await expectRefused(
      client,
      'execute_read_tool',
      { name: 'code_host_create_issue', arguments: { repo_id: 'acme/infra', title: 'must not exist' } },
      { code: 'VALIDATION_ERROR', message: 'run it with execute_action_tool' },
    );
    expect(await issueCount()).toBe(before);
    await expectRefused(
      client,
      'execute_action_tool',
      { name: 'code_host_get_repository', arguments: { repo_id: 'acme/web' } },
      {
        code: 'VALIDATION_ERROR',
        message:
          '"code_host_get_repository" is a read tool (it changes nothing): run it with execute_read_tool, not execute_action_tool',
      },
    );

    const read = await client.callTool({
      name: 'execute_read_tool',
      arguments: { name: 'code_host_get_repository', arguments: { repo_id: 'acme/web' } },
    });
    expect(read.structuredContent).toMatchObject({ full_name: 'acme/web' });
    const action = await client.callTool({
      name: 'execute_action_tool',
      arguments: {
        name: 'code_host_create_issue',
        arguments: { repo_id: 'acme/infra', title: 'Filed through discovery' },
      },
    });
    expect(action.structuredContent).toMatchObject({ title: 'Filed through discovery', state: 'open' });
    expect(await issueCount()).toBe(before + 1);
    await client.close();
  });

  it('search and describe say which meta-tool runs a tool, and see only the session’s tools', async () => {
    const client = await connectInMemory(discovery(), withGithub, { toolsets: ['graph'] });
    const found = await client.callTool({
      name: 'search_tools',
      arguments: { query: 'who worked with whom on pull requests' },
    });
    const hits = (found.structuredContent as { tools: Array<{ name: string; capability: string; run_with: string }> })
      .tools;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.name.startsWith('graph_'))).toBe(true);
    for (const hit of hits)
      expect(hit.run_with, hit.name).toBe(hit.capability === 'action' ? 'execute_action_tool' : 'execute_read_tool');
    const remember = await client.callTool({
      name: 'search_tools',
      arguments: { query: 'remember a note about this customer' },
    });
    const rememberHits = (remember.structuredContent as { tools: Array<{ name: string; run_with: string }> }).tools;
    expect(rememberHits.find((h) => h.name === 'graph_inject_context')).toMatchObject({
      run_with: 'execute_action_tool',
    });
    const described = await client.callTool({ name: 'describe_tool', arguments: { name: 'graph_search' } });
    expect(described.structuredContent).toMatchObject({
      name: 'graph_search',
      run_with: 'execute_read_tool',
      // What tools/list leaves out to stay light, describe_tool gives: the hints and the output's prose.
      llm_hints: { when_to_use: expect.any(String), examples: expect.any(Array) },
      outputSchema: { properties: { mode: { description: expect.any(String) } } },
    });
    await expectRefused(
      client,
      'execute_read_tool',
      { name: 'code_host_get_issues', arguments: {} },
      { code: 'FORBIDDEN', message: 'X-MCP-Toolsets' },
    );
    await client.close();
  });
});
