import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, builtStdioCommand } from '../helpers/cli.js';
import { listEveryTool } from '../helpers/mcp-session.js';

async function connect(args: string[], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({ ...(await builtStdioCommand(args, env)), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  return { client, transport, stderr: () => stderr };
}

describe('MCP over stdio (spawned bin/constellation.js)', () => {
  let session: Awaited<ReturnType<typeof connect>>;

  beforeAll(async () => {
    session = await connect(['mcp', '--demo', '--tool-mode', 'full']);
    await session.client.connect(session.transport);
  });
  afterAll(() => session.client.close());

  it('lists the catalog with schemas, annotations and what to use instead', async () => {
    const { tools } = await listEveryTool(session.client);
    const getIssues = tools.find((t) => t.name === 'code_host_get_issues');
    expect(getIssues).toBeDefined();
    expect(getIssues?.inputSchema.properties).toHaveProperty('repo_id');
    expect(getIssues?.outputSchema?.properties).toHaveProperty('issues');
    expect(getIssues?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: true });
    expect(tools.find((t) => t.name === 'graph_search')?.annotations).toMatchObject({
      readOnlyHint: true,
      openWorldHint: false,
    });
    expect(getIssues?.description).toMatch(/\nNot for: .*code_host_get_pull_requests/);
    expect(getIssues?._meta).toMatchObject({ capability: { type: 'read' } });
    for (const tool of tools) expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('calls a tool against the sandbox and returns structured content', async () => {
    const result = await session.client.callTool({
      name: 'code_host_get_repository',
      arguments: { repo_id: 'acme/api' },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ full_name: 'acme/api', owner: { login: 'acme' }, language: 'Go' });
    const text = (result.content as Array<{ type: string; text: string }>)[0].text;
    expect(JSON.parse(text)).toEqual(result.structuredContent);
  });

  it('answers bad input with isError results and unknown tools with a protocol error, and keeps serving', async () => {
    const bad = await session.client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'no-slash' } });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain('owner/repo');
    // An unknown tool is a protocol error (-32602) in both eras: specification, server/tools, Error Handling.
    await expect(session.client.callTool({ name: 'code_host_nope', arguments: {} })).rejects.toMatchObject({
      code: -32602,
    });
    const missing = await session.client.callTool({
      name: 'code_host_get_repository',
      arguments: { repo_id: 'acme/does-not-exist' },
    });
    expect(JSON.stringify(missing.content)).toContain('NOT_FOUND');
    const after = await session.client.callTool({ name: 'code_host_get_repositories', arguments: { limit: 2 } });
    expect(after.structuredContent).toMatchObject({ count: 2 });
  });

  it('writes logs to stderr only', () => {
    expect(session.stderr()).toContain('demo mode');
  });
});

describe('stdio tool selection', () => {
  it('--read-only leaves out action tools and auto mode exposes the meta-tools for the whole catalog', async () => {
    const session = await connect(['mcp', '--demo']);
    await session.client.connect(session.transport);
    const { tools } = await listEveryTool(session.client);
    expect(tools.map((t) => t.name).sort()).toEqual([
      'describe_tool',
      'execute_action_tool',
      'execute_read_tool',
      'search_tools',
    ]);
    const found = await session.client.callTool({
      name: 'search_tools',
      arguments: { query: 'open bugs in a github repository' },
    });
    const names = (found.structuredContent as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(names[0]).toBe('code_host_get_issues');
    const described = await session.client.callTool({
      name: 'describe_tool',
      arguments: { name: 'code_host_get_issues' },
    });
    expect(described.structuredContent).toMatchObject({
      name: 'code_host_get_issues',
      inputSchema: { type: 'object' },
    });
    const executed = await session.client.callTool({
      name: 'execute_read_tool',
      arguments: { name: 'code_host_get_repository', arguments: { repo_id: 'acme/web' } },
    });
    expect(executed.structuredContent).toMatchObject({ full_name: 'acme/web' });
    await session.client.close();

    const readOnly = await connect(['mcp', '--demo', '--read-only', '--tool-mode', 'full']);
    await readOnly.client.connect(readOnly.transport);
    const listed = await listEveryTool(readOnly.client);
    expect(listed.tools.length).toBeGreaterThan(0);
    expect(listed.tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    await readOnly.client.close();
  });

  it('--toolsets finer than a system and CONSTELLATION_TOOLS narrow the list', async () => {
    const session = await connect(['mcp', '--demo', '--toolsets', 'code_host.issues,graph.entities'], {
      CONSTELLATION_TOOLS: 'code_host_get_issues,code_host_create_issue,graph_search',
    });
    await session.client.connect(session.transport);
    const { tools } = await listEveryTool(session.client);
    expect(tools.map((t) => t.name).sort()).toEqual(['code_host_create_issue', 'code_host_get_issues', 'graph_search']);
    await session.client.close();
  });

  it('an unknown toolset or tool stops the start with the valid names, as a usage mistake (status 2)', () => {
    const env = {
      PATH: process.env.PATH ?? '',
      CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-stdio-')),
    };
    const toolset = spawnSync(process.execPath, [BIN, 'mcp', '--demo', '--toolsets', 'code_host.pulls'], {
      env,
      encoding: 'utf8',
      input: '',
    });
    expect(toolset.status).toBe(2);
    expect(toolset.stderr).toContain(
      '--toolsets: "code_host.pulls" is not a toolset of this catalog; valid toolsets: ',
    );
    expect(toolset.stderr).toContain(', code_host, code_host.analytics, ');
    const tool = spawnSync(process.execPath, [BIN, 'mcp', '--demo', '--tools', 'code_host_get_pull_request'], {
      env,
      encoding: 'utf8',
      input: '',
    });
    expect(tool.status).toBe(2);
    expect(tool.stderr).toContain('did you mean "code_host_get_pull_requests"?');
  });
});
