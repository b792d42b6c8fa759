import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = new URL('../../bin/constellation.js', import.meta.url).pathname;

function connect(args: string[], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: { PATH: process.env.PATH ?? '', CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-stdio-')), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  return { client, transport, stderr: () => stderr };
}

describe('MCP over stdio (spawned bin/constellation.js)', () => {
  const session = connect(['mcp', '--demo']);

  beforeAll(async () => {
    await session.client.connect(session.transport);
  });
  afterAll(() => session.client.close());

  it('lists the catalog with schemas, annotations and hints', async () => {
    const { tools } = await session.client.listTools();
    const getIssues = tools.find((t) => t.name === 'code_host_get_issues');
    expect(getIssues).toBeDefined();
    expect(getIssues?.inputSchema.properties).toHaveProperty('repo_id');
    expect(getIssues?.outputSchema?.properties).toHaveProperty('issues');
    expect(getIssues?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: true });
    expect(getIssues?._meta?.llm_hints).toMatchObject({ when_to_use: expect.any(String) });
    for (const tool of tools) expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('calls a tool against the sandbox and returns structured content', async () => {
    const result = await session.client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'acme/api' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ full_name: 'acme/api', owner: { login: 'acme' }, language: 'Go' });
    const text = (result.content as Array<{ type: string; text: string }>)[0].text;
    expect(JSON.parse(text)).toEqual(result.structuredContent);
  });

  it('answers bad input and unknown tools with isError results, and keeps serving', async () => {
    const bad = await session.client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'no-slash' } });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain('owner/repo');
    const unknown = await session.client.callTool({ name: 'code_host_nope', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain('TOOL_NOT_FOUND');
    const missing = await session.client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'acme/does-not-exist' } });
    expect(JSON.stringify(missing.content)).toContain('NOT_FOUND');
    const after = await session.client.callTool({ name: 'code_host_get_repositories', arguments: { limit: 2 } });
    expect(after.structuredContent).toMatchObject({ count: 2 });
  });

  it('writes logs to stderr only', () => {
    expect(session.stderr()).toContain('demo mode');
  });
});

describe('stdio tool selection', () => {
  it('--read-only leaves out action tools and --tool-mode discovery exposes the meta-tools', async () => {
    const session = connect(['mcp', '--demo', '--tool-mode', 'discovery']);
    await session.client.connect(session.transport);
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['describe_tool', 'execute_tool', 'search_tools']);
    const found = await session.client.callTool({ name: 'search_tools', arguments: { query: 'open bugs in a github repository' } });
    const names = (found.structuredContent as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(names[0]).toBe('code_host_get_issues');
    const described = await session.client.callTool({ name: 'describe_tool', arguments: { name: 'code_host_get_issues' } });
    expect(described.structuredContent).toMatchObject({ name: 'code_host_get_issues', inputSchema: { type: 'object' } });
    const executed = await session.client.callTool({ name: 'execute_tool', arguments: { name: 'code_host_get_repository', arguments: { repo_id: 'acme/web' } } });
    expect(executed.structuredContent).toMatchObject({ full_name: 'acme/web' });
    await session.client.close();

    const readOnly = connect(['mcp', '--demo', '--read-only', '--tool-mode', 'full']);
    await readOnly.client.connect(readOnly.transport);
    const listed = await readOnly.client.listTools();
    expect(listed.tools.length).toBeGreaterThan(0);
    expect(listed.tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    await readOnly.client.close();
  });
});
