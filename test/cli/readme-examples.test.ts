import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, startBuiltDemo, type SpawnedServer } from '../helpers/built-server.js';
import { BIN } from '../helpers/cli.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';

/**
 * Every shell block of the README runs, as a user would run it, against a fresh server of the built
 * command: the real `curl`, and `constellation` as the tarball installs it. The only changes are the
 * ones a user makes: the server's address and a token in place of the placeholders. A new block runs
 * against the demo unless it is listed below as illustrative, with the reason.
 */
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** Shell blocks no test here runs, by how they start, and why. */
const ILLUSTRATIVE: Record<string, string> = {
  'npm install && npm start': 'installs and runs the whole suite: .ci/run does exactly this on a fresh machine',
  'npm install  ': 'the install path: test/cli/packed-install.test.ts packs and installs the tarball',
  'docker build': 'Docker is not available in CI',
  'CONSTELLATION_DOMAIN=':
    'a fleet in Docker Compose: Docker is not available in CI; test/store/pg/two-nodes.test.ts runs two nodes',
  'npm run build': 'the development scripts, which CI runs',
  'CONSTELLATION_ENCRYPTION_KEY=<the key':
    'moves an installation into PostgreSQL: test/store/pg/store-copy.test.ts runs `store copy` through the built command on the PostgreSQL lane',
};
/** Plain blocks: the command synopsis is not a command; the graph's query examples run below. */
const COMMAND_SYNOPSIS = 'node bin/constellation.js [mcp]';
const GRAPH_QUERIES = 'MATCH ';
/** Blocks of a team deployment (an API key, no demo tenants). */
const TEAM_BLOCK = 'curl -X POST https://constellation.example.com/admin/tenants';
const API_KEY = 'readme-admin-key-0123456789';

interface Block {
  language: string;
  text: string;
  firstLine: string;
}

const blocks: Block[] = [...README.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map(([, language = '', text = '']) => ({
  language,
  text,
  firstLine: text.split('\n')[0] ?? '',
}));
const shellBlocks = blocks.filter((b) => b.language === 'sh');
const isIllustrative = (block: Block) => Object.keys(ILLUSTRATIVE).some((start) => block.firstLine.startsWith(start));
const demoBlocks = shellBlocks.filter((b) => !isIllustrative(b) && !b.firstLine.startsWith(TEAM_BLOCK));
const teamBlocks = shellBlocks.filter((b) => b.firstLine.startsWith(TEAM_BLOCK));
/** `curl` commands written inline in the prose, with an address to run against. */
const inlineCurls = [...README.matchAll(/`(curl [^`]*https?:\/\/[^`]*)`/g)].map(([, command = '']) => command);

const work = mkdtempSync(join(tmpdir(), 'constellation-readme-'));
const shims = join(work, 'bin');

/** `constellation` as installed, and `curl` failing on an error status as a reader would notice one. */
function writeShims(): void {
  mkdirSync(shims, { recursive: true });
  const curl = execFileSync('sh', ['-c', 'command -v curl'], { encoding: 'utf8' }).trim();
  const shim = (name: string, body: string) => {
    writeFileSync(join(shims, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(shims, name), 0o755);
  };
  shim('constellation', `exec "${process.execPath}" "${BIN}" "$@"`);
  shim('curl', `exec "${curl}" --silent --show-error --fail-with-body "$@"`);
}

const run = promisify(execFile);

/** Runs a block with `sh -e` as the user would paste it, with the server's address and a token filled in. */
async function runBlock(text: string, serverUrl: string, token = ''): Promise<string> {
  const script = text
    .replaceAll('https://constellation.example.com', serverUrl)
    .replaceAll('http://127.0.0.1:8080', serverUrl)
    .replaceAll('<JWT>', token);
  const { stdout } = await run('sh', ['-ec', script], {
    cwd: work,
    env: {
      PATH: [shims, dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
      HOME: work,
      CONSTELLATION_DATA_DIR: join(work, 'client'),
      CONSTELLATION_API_KEY: API_KEY,
    },
  });
  return stdout;
}

interface HostEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** The stdio entries of the README's host configurations. */
const hostEntries: HostEntry[] = blocks
  .filter((b) => b.language === 'json')
  .flatMap((b) => {
    const config = JSON.parse(b.text) as {
      mcpServers?: Record<string, HostEntry>;
      servers?: Record<string, HostEntry>;
    };
    return Object.values(config.mcpServers ?? config.servers ?? {});
  });

/**
 * One person's GitHub credentials as the README's `env` names them, the sandbox standing in for GitHub
 * the way GitHub Enterprise would (GITHUB_API_URL); a host's prompt (`${input:...}`) is answered likewise.
 */
function sandboxEnvironment(env: Record<string, string>, githubUrl: string): Record<string, string> {
  const filled = Object.fromEntries(
    Object.entries(env).map(([name, value]) => [
      name,
      name === 'GITHUB_TOKEN' ? SANDBOX_CREDENTIALS.acme.github.token : value,
    ]),
  );
  return { ...filled, GITHUB_API_URL: githubUrl };
}

let demo: SpawnedServer;
let demoToken: string;
let githubUrl: string;
beforeAll(async () => {
  writeShims();
  demo = await startBuiltDemo();
  const listed = (await (await fetch(`${demo.url}/demo`)).json()) as {
    data: { users: { token: string }[]; sandbox: { upstreams: { github: string } } };
  };
  demoToken = listed.data.users[0].token;
  githubUrl = listed.data.sandbox.upstreams.github;
}, 60_000);
afterAll(async () => {
  await demo.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('the README', () => {
  it('has only blocks a test reads: shell blocks run or listed as illustrative, JSON parsed, plain ones known', () => {
    expect(demoBlocks.length).toBeGreaterThan(0);
    expect(teamBlocks).toHaveLength(1);
    for (const block of blocks.filter((b) => b.language !== 'sh' && b.language !== 'json'))
      expect(
        [COMMAND_SYNOPSIS, GRAPH_QUERIES].some((start) => block.firstLine.startsWith(start)),
        block.text,
      ).toBe(true);
  });

  it('inline curl commands answer on the demo (the graph sample first, as the queries need it)', async () => {
    expect(inlineCurls.length).toBeGreaterThan(0);
    for (const command of inlineCurls) expect(await runBlock(command, demo.url)).toContain('"success":true');
  });

  it.each(demoBlocks.map((b) => [b.firstLine, b.text]))('runs against the demo: %s', async (_, text) => {
    expect(await runBlock(text, demo.url, demoToken)).not.toBe('');
  });

  it('the graph query examples answer on the demo once the sample is loaded', async () => {
    await runBlock('curl -X POST http://127.0.0.1:8080/graph/seed', demo.url);
    const queries =
      blocks
        .find((b) => b.firstLine.startsWith(GRAPH_QUERIES))
        ?.text.trim()
        .split('\n') ?? [];
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const answer = await fetch(`${demo.url}/graph/query`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      const body = (await answer.json()) as { success: boolean; data: { nodes?: unknown[] } };
      expect(answer.status, query).toBe(200);
      expect(body.data.nodes?.length ?? 0, query).toBeGreaterThan(0);
    }
  });

  it.each(hostEntries.map((entry) => [entry.command, entry]))(
    "a host configuration starts %s with one person's credentials and calls a GitHub tool",
    async (_, entry) => {
      const transport = new StdioClientTransport({
        command: entry.command,
        args: entry.args,
        env: {
          PATH: [shims, dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
          HOME: work,
          CONSTELLATION_DATA_DIR: mkdtempSync(join(work, 'host-')),
          ...sandboxEnvironment(entry.env ?? {}, githubUrl),
        },
        cwd: tmpdir(),
        stderr: 'pipe',
      });
      const client = new Client({ name: 'readme-host', version: '1.0.0' });
      await client.connect(transport);
      try {
        // The whole GitHub catalog is past the listing budget, so the host sees the discovery meta-tools.
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toContain('execute_read_tool');
        const repo = await client.callTool({
          name: 'execute_read_tool',
          arguments: { name: 'code_host_get_repository', arguments: { repo_id: 'acme/api' } },
        });
        expect(repo.structuredContent).toMatchObject({ full_name: 'acme/api' });
      } finally {
        await client.close();
      }
    },
    60_000,
  );

  it('the team path creates a tenant and issues a token on a fresh server with an API key', async () => {
    const team = await spawnServer(
      [BIN, 'serve', '--port', '0'],
      {
        CONSTELLATION_DATA_DIR: join(work, 'team'),
        CONSTELLATION_API_KEY: API_KEY,
        CONSTELLATION_JWT_SECRET: 'readme-jwt-secret-0123456789-0123456789',
        LOG_LEVEL: 'warn',
      },
      /serving REST and MCP .* at (http:\/\/[\d.:]+)/,
    );
    try {
      const output = await runBlock(teamBlocks[0].text, team.url);
      expect(output).toMatch(/"token":\s*"ey/);
    } finally {
      await team.stop();
    }
  }, 60_000);
});
