import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { githubFake } from '../../src/sandbox/github/index.js';
import { notionFake } from '../../src/sandbox/notion/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { BIN } from '../helpers/cli.js';
import { loadedModules, REPORT_LOADS } from '../helpers/loaded-modules.js';
import { DISCOVERY_TOOL_NAMES } from '../helpers/mcp-session.js';

// What a local user's MCP host waits for: the stdio server spawned with environment credentials, up to
// its first tools/list page. Packages only some calls use are loaded by those calls, not at start-up.

/** The stdio server spawned with `options` and `env`, reporting the modules it loads on its stderr. */
async function spawnReporting(
  options: string[],
  env: Record<string, string>,
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...REPORT_LOADS, BIN, 'mcp', ...options],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'startup', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** Spawns the server, reads its first tools/list and closes it: the tools listed and the packages loaded by then. */
async function listAtStart(
  options: string[],
  env: Record<string, string>,
): Promise<{ tools: unknown[]; loaded: string[]; packages: string[]; webFetch: boolean }> {
  const { client, stderr } = await spawnReporting(options, env);
  const { tools } = await client.listTools();
  await client.close();
  const loaded = loadedModules(stderr());
  return {
    tools,
    loaded,
    packages: loaded.filter((file) => file.startsWith('node_modules/')),
    webFetch: loaded.includes('node:web-fetch'),
  };
}

/**
 * The stdio server as a local user's host spawns it, reporting the modules it loads: with GitHub's
 * credentials and Notion's, pointed at the sandbox's Notion (and its GitHub when `github` is set).
 */
function startWithNotion(
  sandbox: Sandbox,
  options: string[],
  github = false,
): Promise<{ client: Client; stderr: () => string }> {
  return spawnReporting(options, {
    CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-local-')),
    GITHUB_TOKEN: github ? SANDBOX_CREDENTIALS.acme.github.token : 'ghp_placeholder',
    ...(github ? { GITHUB_API_URL: sandbox.urlOf('/github') } : {}),
    NOTION_TOKEN: SANDBOX_CREDENTIALS.acme.notion.token,
    NOTION_API_URL: sandbox.urlOf('/notion'),
  });
}

/** The systems whose tool modules (their `index`) the process has loaded, sorted. */
const systemsLoaded = (stderr: string): string[] =>
  [
    ...new Set(loadedModules(stderr).flatMap((file) => /^dist\/tools\/([a-z_]+)\/index\.js$/.exec(file)?.[1] ?? [])),
  ].sort();

/** The upstream SDKs and Markdown parsers the process has loaded, each once, sorted. */
const upstreamPackages = (stderr: string): string[] =>
  [
    ...new Set(
      loadedModules(stderr).flatMap(
        (file) =>
          /^node_modules\/(@notionhq\/client|@octokit\/rest|markdown-it|micromark|mdast-util-from-markdown|@googleapis|googleapis|jira\.js|confluence\.js|@slack\/web-api|@apideck)\//.exec(
            file,
          )?.[1] ?? [],
      ),
    ),
  ].sort();

describe('the stdio server at start-up', () => {
  it("lists its tools without loading the PostgreSQL driver, the mail composer, metrics, JWTs, Ajv or Node's web fetch, and keeps its compiled code", async () => {
    const tempDir = mkdtempSync(join(tmpdir(), 'constellation-startup-'));
    const { tools, loaded, packages, webFetch } = await listAtStart([], {
      TMPDIR: tempDir,
      CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-local-')),
      GITHUB_TOKEN: 'ghp_placeholder',
      NOTION_TOKEN: 'ntn_placeholder',
    });

    expect(tools.length).toBeGreaterThan(0);
    expect(packages.some((file) => file.startsWith('node_modules/@modelcontextprotocol/'))).toBe(true);
    expect(packages.filter((file) => /^node_modules\/(pg|pg-[a-z]+|nodemailer)\//.test(file))).toEqual([]);
    // Metrics (prom-client, and the OpenTelemetry API it loads) come with the first thing counted, jose with the first token.
    expect(packages.filter((file) => /^node_modules\/(prom-client|@opentelemetry\/api|jose)\//.test(file))).toEqual([]);
    // Ajv (and its formats) comes with the first JSON Schema validated, an elicitation's answer.
    expect(
      packages.filter((file) => /^node_modules\/(@modelcontextprotocol\/server\/dist\/ajvProvider|ajv)/.test(file)),
    ).toEqual([]);
    // A token's schemas come with the first token issued or presented, as jose does.
    expect(loaded).not.toContain('dist/src/auth/token-schemas.js');
    // The graph view's page (the visualizer's markup, style and scripts) comes with the first read of it.
    expect(loaded.filter((file) => /^dist\/src\/(graph\/visualizer\/|mcp\/app\/graph-view\.js)/.test(file))).toEqual(
      [],
    );
    // An upload's parsers (PDF, spreadsheets, text) and its preparing come with the first upload, zlib with them.
    expect(
      loaded.filter((file) => /^dist\/src\/documents\/(parse\/(?!file-types|types)|prepare\.js)/.test(file)),
    ).toEqual([]);
    expect(loaded).not.toContain('node:zlib');
    // The upload workers' pool comes with the first upload too.
    expect(loaded).not.toContain('dist/src/toolkit/worker-pool.js');
    // Node's web fetch comes with the first upstream answer (it cost a start ~15 ms when a module read `Response` at import).
    expect(webFetch).toBe(false);
    // Node's compile cache under the temporary directory: the next start skips compiling the bundle.
    expect(readdirSync(tempDir)).toContain('node-compile-cache');
  });

  it('in demo mode, lists its tools before its fake mail server loads the mail composer', async () => {
    const { tools, packages } = await listAtStart(['--demo'], {
      CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-demo-')),
    });

    expect(tools.length).toBeGreaterThan(0);
    expect(packages.filter((file) => /^node_modules\/nodemailer\//.test(file))).toEqual([]);
  });

  describe('against the sandbox’s Notion', () => {
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = await startSandbox({}, [notionFake, githubFake]);
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
      it('loads no system’s tools nor any upstream SDK before a call, then each system its first call needs', async () => {
        const { client, stderr } = await startWithNotion(sandbox, [], true);
        // The same calls to a start that loads both systems' modules (their toolsets) before listing.
        const eager = await startWithNotion(sandbox, ['--toolsets', 'notes,code_host'], true);
        try {
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name).sort()).toEqual(DISCOVERY_TOOL_NAMES);
          expect(systemsLoaded(stderr())).toEqual([]);
          expect(upstreamPackages(stderr())).toEqual([]);

          const found = await client.callTool({
            name: 'search_tools',
            arguments: { query: 'list my github repositories' },
          });
          expect((found.structuredContent as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toContain(
            'code_host_get_repositories',
          );
          const described = await client.callTool({ name: 'describe_tool', arguments: { name: 'notes_search' } });
          expect(described.structuredContent).toMatchObject({ name: 'notes_search', run_with: 'execute_read_tool' });
          expect(systemsLoaded(stderr())).toEqual([]);

          const calls = [
            { name: 'notes_search', arguments: { query: '' } },
            { name: 'code_host_get_repositories', arguments: {} },
          ];
          const loadedAfter: string[][] = [];
          for (const call of calls) {
            const read = await client.callTool({ name: 'execute_read_tool', arguments: call });
            const direct = await eager.client.callTool(call);
            expect(read.isError, JSON.stringify(read.content)).toBeFalsy();
            expect(read.structuredContent).toEqual(direct.structuredContent);
            loadedAfter.push(systemsLoaded(stderr()));
          }
          // Each call loaded its own system, and nothing else; the SDKs came with the calls that use them.
          expect(loadedAfter).toEqual([['notes'], ['code_host', 'notes']]);
          expect(upstreamPackages(stderr())).toEqual(['@notionhq/client', '@octokit/rest']);
        } finally {
          await client.close();
          await eager.client.close();
        }
      });
    });

    describe('with one toolset', () => {
      it('loads no system before a call, then its own alone, and its tools answer', async () => {
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
          // Listed from the catalog's index: no system's module, tools or schemas are loaded before a call needs them.
          expect(systemsLoaded(stderr())).toEqual([]);

          const found = await client.callTool({ name: 'notes_search', arguments: { query: '' } });
          expect(found.isError).toBeFalsy();
          // The call loaded its own system, and no other (another system's manifest is not loaded; its outline is).
          expect(systemsLoaded(stderr())).toEqual(['notes']);
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
