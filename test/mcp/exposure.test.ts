import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/config/logger.js';
import { AUTO_LIST_BUDGET_BYTES, McpSurface } from '../../src/mcp/server.js';
import type { Caller } from '../../src/toolkit/context.js';
import { defineTool, type ToolDefinition } from '../../src/toolkit/define-tool.js';
import { Registry } from '../../src/toolkit/registry.js';
import { startTestServer, TEST_API_KEY, TEST_JWT_SECRET, type TestServer } from '../helpers/server.js';
import { connectInMemory, expectRefused, listedNames } from './connect.js';
import { listEveryTool } from '../helpers/mcp-session.js';

let server: TestServer;
let withGithub: Caller;
let withoutCredentials: Caller;
beforeAll(async () => {
  server = await startTestServer();
  withGithub = server.callerFor('acme');
  withoutCredentials = { ...withGithub, connections: {} };
});
afterAll(() => server.close());

const surface = (options: ConstructorParameters<typeof McpSurface>[1]) => new McpSurface(server.app, options);

describe('tools/list follows the caller’s integrations', () => {
  it('a caller without connections sees the systems that need none: local, per-user (it can authorize them itself) and unified (the platform reaches them for its tenant); a code_host call is refused as not configured', async () => {
    const client = await connectInMemory(surface({ mode: 'full' }), withoutCredentials);
    const names = await listedNames(client);
    const notFromToken = new Set<string>(
      server.app.integrations.filter((i) => !i.sources.includes('jwt')).map((i) => i.id),
    );
    const expected = server.app.registry.tools.filter((t) => server.app.registry.reachableWith(t, notFromToken));
    expect(names.some((n) => n.startsWith('crm_'))).toBe(true);
    expect(names).toEqual(expected.map((t) => t.qualifiedName).sort());
    expect(names.some((n) => n.startsWith('suite_'))).toBe(true);
    await expectRefused(
      client,
      'code_host_get_repositories',
      {},
      {
        code: 'NOT_CONFIGURED',
        message:
          'needs GitHub credentials, which this caller lacks: request a token whose connections include "code_host"',
      },
    );
    await client.close();
  });

  it('a caller with GitHub credentials sees the whole catalog', async () => {
    const client = await connectInMemory(surface({ mode: 'full' }), withGithub);
    expect(await listedNames(client)).toHaveLength(server.app.registry.tools.length);
    await client.close();
  });
});

describe('toolsets and the tool allowlist', () => {
  it('a toolset finer than a system lists only its tools and refuses the rest of the system', async () => {
    const client = await connectInMemory(
      surface({ mode: 'full', toolsets: ['code_host.issues', 'graph'] }),
      withGithub,
    );
    const names = await listedNames(client);
    expect(names).toContain('code_host_get_issues');
    expect(names).toContain('code_host_add_issue_comment');
    expect(names).toContain('graph_search');
    expect(names.filter((n) => n.startsWith('code_host_')).every((n) => /issue/.test(n))).toBe(true);
    await expectRefused(
      client,
      'code_host_get_pull_requests',
      {},
      {
        code: 'FORBIDDEN',
        message:
          '"code_host_get_pull_requests" (toolset code_host.pull_requests) is outside the toolsets code_host.issues, graph (--toolsets), so it cannot be called here',
      },
    );
    const allowed = await client.callTool({
      name: 'code_host_get_issues',
      arguments: { repo_id: 'acme/api', limit: 1 },
    });
    expect(allowed.isError).toBeFalsy();
    await client.close();
  });

  it('--tools lists exactly the allowed tools, and --read-only still drops the actions among them', async () => {
    const allowlist = ['code_host_get_repository', 'code_host_create_issue', 'graph_search'];
    const client = await connectInMemory(surface({ mode: 'full', tools: allowlist }), withGithub);
    expect(await listedNames(client)).toEqual([...allowlist].sort());
    await expectRefused(client, 'code_host_get_issues', {}, { code: 'FORBIDDEN', message: '--tools' });
    await client.close();

    const readOnly = await connectInMemory(surface({ mode: 'full', tools: allowlist, readOnly: true }), withGithub);
    expect(await listedNames(readOnly)).toEqual(['code_host_get_repository', 'graph_search']);
    await expectRefused(
      readOnly,
      'code_host_create_issue',
      { repo_id: 'acme/api', title: 'must not exist' },
      { code: 'FORBIDDEN', message: 'is an action tool and this server is read-only (--read-only)' },
    );
    await readOnly.close();
  });

  it('unknown toolset or tool names stop the start with the valid names', () => {
    expect(() => surface({ toolsets: ['code_host.isues'] })).toThrow(
      /--toolsets: "code_host\.isues" is not a toolset of this catalog; valid toolsets: .*code_host\.issues/,
    );
    expect(() => surface({ tools: ['code_host_get_isues'] })).toThrow(
      '--tools: "code_host_get_isues" is not a tool of this catalog; did you mean "code_host_get_issues"?',
    );
  });

  it('tools of the local systems (graph, documents) declare a closed world, tools of an upstream system an open one', async () => {
    // graph_get_person also reads the person's open work live from the caller's connected systems.
    const readsUpstreams = (name: string) => !/^(graph|documents)_/.test(name) || name === 'graph_get_person';
    const client = await connectInMemory(surface({ mode: 'full' }), withGithub);
    const { tools } = await listEveryTool(client);
    for (const tool of tools) expect(tool.annotations?.openWorldHint, tool.name).toBe(readsUpstreams(tool.name));
    await client.close();
  });
});

describe('auto mode decides by the size of the list', () => {
  it('the whole catalog goes to discovery, the graph alone is listed in full', async () => {
    const auto = surface({ mode: 'auto' });
    expect(auto.listBytes(auto.tools)).toBeGreaterThan(AUTO_LIST_BUDGET_BYTES);
    const full = await connectInMemory(auto, withGithub);
    expect(await listedNames(full)).toContain('search_tools');
    await full.close();
    // The local systems alone, for a caller without connections nor a user (no per-user system): small enough to list in full.
    const graphOnly = await connectInMemory(surface({ mode: 'auto', toolsets: ['graph', 'documents'] }), {
      ...withoutCredentials,
      userEmail: undefined,
    });
    expect(await listedNames(graphOnly)).toContain('graph_search');
    await graphOnly.close();
  });

  describe('over a synthetic catalog', () => {
    // 60 small tools (more than the old count threshold of 40) and 20 large ones.
    const hints = {
      aliases: ['thing'],
      when_to_use: 'When a test needs a tool.',
      not_for: 'Anything real at all.',
      examples: [],
    };
    const tool = (name: string, toolset: string, properties: number): ToolDefinition =>
      defineTool({
        system: 'bulk',
        name,
        description: `Synthetic tool ${name}.`,
        capability: { type: 'read', name: `bulk.${toolset}.${name}` },
        input: z.object(
          Object.fromEntries(
            Array.from({ length: properties }, (_, i) => [
              `field_${i}`,
              z
                .string()
                .optional()
                .describe(
                  `Field ${i} of a synthetic tool, described at length so the schema weighs what a real one does.`,
                ),
            ]),
          ),
        ),
        hints,
        run: async () => ({}),
      });
    const tools = [
      ...Array.from({ length: 60 }, (_, i) => tool(`small_${i}`, 'small', 1)),
      ...Array.from({ length: 20 }, (_, i) => tool(`large_${i}`, 'large', 60)),
    ];
    const registry = new Registry(
      [{ id: 'bulk', name: 'Bulk', description: 'Synthetic', keywords: [], when_to_use: 'tests' }],
      tools,
      {},
      { bulk: [] },
    );
    let app: App;
    beforeAll(async () => {
      const config = loadConfig(
        { CONSTELLATION_ENV: 'test', CONSTELLATION_API_KEY: TEST_API_KEY, CONSTELLATION_JWT_SECRET: TEST_JWT_SECRET },
        { databaseFile: ':memory:', logLevel: 'error' },
      );
      app = await createApp(config, { registry, log: silentLogger });
    });
    afterAll(() => app.close());
    const caller: Caller = { tenantId: 'acme', connections: {} };

    it('lists 60 small tools in full and sends the large ones past the budget to discovery', async () => {
      const auto = new McpSurface(app, { mode: 'auto' });
      const small = registry.select({ toolsets: ['bulk.small'] });
      expect(auto.listBytes(small)).toBeLessThan(AUTO_LIST_BUDGET_BYTES);
      expect(auto.listBytes(auto.tools)).toBeGreaterThan(AUTO_LIST_BUDGET_BYTES);

      const narrowed = await connectInMemory(auto, caller, { toolsets: ['bulk.small'] });
      expect(await listedNames(narrowed)).toHaveLength(60);
      await narrowed.close();
      const whole = await connectInMemory(auto, caller);
      expect(await listedNames(whole)).toEqual(['describe_tool', 'execute_read_tool', 'search_tools']);
      await whole.close();
    });

    it('a higher budget lists everything', async () => {
      const generous = new McpSurface(app, { mode: 'auto', listBudgetBytes: 10_000_000 });
      const client = await connectInMemory(generous, caller);
      expect(await listedNames(client)).toHaveLength(80);
      await client.close();
    });
  });
});
