import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { notionFake } from '../../src/sandbox/notion/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { BIN } from '../helpers/cli.js';
import { loadedModules, REPORT_LOADS } from '../helpers/loaded-modules.js';
import { DISCOVERY_TOOL_NAMES } from '../helpers/mcp-session.js';

// What a local user's MCP host waits for: the stdio server spawned with environment credentials, up to
// its first tools/list page. Packages only some calls use are loaded by those calls, not at start-up.

/**
 * The stdio server as a local user's host spawns it, reporting the modules it loads: with GitHub's
 * credentials and Notion's, pointed at the sandbox's Notion.
 */
async function startWithNotion(sandbox: Sandbox, options: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...REPORT_LOADS, BIN, 'mcp', ...options],
    env: {
      PATH: process.env.PATH ?? '',
      CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-local-')),
      GITHUB_TOKEN: 'ghp_placeholder',
      NOTION_TOKEN: SANDBOX_CREDENTIALS.acme.notion.token,
      NOTION_API_URL: sandbox.urlOf('/notion'),
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'startup', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe('the stdio server at start-up', () => {
  it('lists its tools without loading the PostgreSQL driver or the mail composer, and keeps its compiled code', async () => {
    const tempDir = mkdtempSync(join(tmpdir(), 'constellation-startup-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...REPORT_LOADS, BIN, 'mcp'],
      env: {
        PATH: process.env.PATH ?? '',
        TMPDIR: tempDir,
        CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-local-')),
        GITHUB_TOKEN: 'ghp_placeholder',
        NOTION_TOKEN: 'ntn_placeholder',
      },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'startup', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    await client.close();

    expect(tools.length).toBeGreaterThan(0);
    const packages = loadedModules(stderr).filter((file) => file.startsWith('node_modules/'));
    expect(packages.some((file) => file.startsWith('node_modules/@modelcontextprotocol/'))).toBe(true);
    expect(packages.filter((file) => /^node_modules\/(pg|pg-[a-z]+|nodemailer)\//.test(file))).toEqual([]);
    // Node's compile cache under the temporary directory: the next start skips compiling the bundle.
    expect(readdirSync(tempDir)).toContain('node-compile-cache');
  });

  describe('against the sandbox’s Notion', () => {
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = await startSandbox({}, [notionFake]);
    });
    afterAll(() => sandbox.close());

    describe('in default mode', () => {
      it('loads no GitHub SDK before a GitHub call, and finds, describes and runs a notes tool through discovery', async () => {
        const { client, stderr } = await startWithNotion(sandbox, []);
        try {
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name).sort()).toEqual(DISCOVERY_TOOL_NAMES);
          const found = await client.callTool({ name: 'search_tools', arguments: { query: 'search notion pages' } });
          expect((found.structuredContent as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toContain(
            'notes_search',
          );
          const described = await client.callTool({ name: 'describe_tool', arguments: { name: 'notes_search' } });
          expect(described.structuredContent).toMatchObject({
            name: 'notes_search',
            run_with: 'execute_read_tool',
            inputSchema: { properties: { query: expect.any(Object) } },
          });
          const read = await client.callTool({
            name: 'execute_read_tool',
            arguments: { name: 'notes_search', arguments: { query: '' } },
          });
          expect(read.isError).toBeFalsy();
          expect(read.structuredContent).toMatchObject({ results: expect.any(Array) });
          expect(sandbox.faults.log.some((request) => request.path.startsWith('/notion/'))).toBe(true);
          // No GitHub call was made: Octokit is loaded with the first GitHub client, not with the catalog.
          const packages = loadedModules(stderr()).filter((file) => file.startsWith('node_modules/'));
          expect(packages.filter((file) => file.startsWith('node_modules/@octokit/'))).toEqual([]);
        } finally {
          await client.close();
        }
      });
    });

    describe('with one toolset', () => {
      it('loads no other system, and its tools answer', async () => {
        // Another system's credentials too: its tools are left out, and so are its modules.
        const { client, stderr } = await startWithNotion(sandbox, ['--toolsets', 'notes']);
        try {
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name)).toContain('notes_search');
          expect(tools.every((t) => t.name.startsWith('notes_'))).toBe(true);
          const packages = loadedModules(stderr()).filter((file) => file.startsWith('node_modules/'));
          expect(
            packages.filter((file) =>
              /^node_modules\/(@octokit|markdown-it|micromark|mdast-util-from-markdown|@googleapis|googleapis|jira\.js|confluence\.js|@slack|@apideck)\//.test(
                file,
              ),
            ),
          ).toEqual([]);
          // Another system's manifest, its tools and their schemas, are not loaded (its outline is).
          const systems = loadedModules(stderr()).flatMap(
            (file) => /^dist\/tools\/([a-z_]+)\/index\.js$/.exec(file)?.[1] ?? [],
          );
          expect(systems).toEqual(['notes']);

          const found = await client.callTool({ name: 'notes_search', arguments: { query: '' } });
          expect(found.isError).toBeFalsy();
          expect(found.structuredContent).toMatchObject({ results: expect.any(Array) });
          expect(sandbox.faults.log.some((request) => request.path.startsWith('/notion/'))).toBe(true);
          // Both environments' credentials are named, as when every system is loaded.
          expect(stderr()).toMatch(
            /local mode \(one user, credentials from GITHUB_TOKEN, NOTION_TOKEN, NOTION_API_URL\)/,
          );
        } finally {
          await client.close();
        }
      });

      it('starts on the credentials of a system it did not load, as the whole catalog does', async () => {
        const transport = new StdioClientTransport({
          command: process.execPath,
          args: [BIN, 'mcp', '--toolsets', 'code_host'],
          env: {
            PATH: process.env.PATH ?? '',
            CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-local-')),
            NOTION_TOKEN: SANDBOX_CREDENTIALS.acme.notion.token,
            NOTION_API_URL: sandbox.urlOf('/notion'),
          },
          stderr: 'pipe',
        });
        const client = new Client({ name: 'startup', version: '1.0.0' });
        await client.connect(transport);
        try {
          // The code host's tools need GitHub's credentials, so none is listed; but the server runs for its user.
          const { tools } = await client.listTools();
          expect(tools).toEqual([]);
        } finally {
          await client.close();
        }
      });
    });
  });
});
