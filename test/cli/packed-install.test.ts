import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The README's install path before the package is on the npm registry: `npm pack` in the clone, `npm
 * install -g` of the tarball, then a host starts `constellation mcp`. Dependencies come from the npm
 * cache when it has them, else from the registry (the first run on a machine takes about a minute).
 */
const ROOT = new URL('../..', import.meta.url).pathname;
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'constellation-pack-'));
// The installed bin runs `#!/usr/bin/env node`: the Node running this suite, not an older one on PATH.
const PATH = [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm pack` of the built clone (the suite builds dist/ before it runs, so no `prepare` here). */
async function packTarball(): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
    cwd: ROOT,
    env: { ...process.env, PATH },
  });
  const [pack] = JSON.parse(stdout) as { filename: string }[];
  return join(work, pack.filename);
}

describe('the packed tarball, installed globally', () => {
  it('puts `constellation` on PATH, and `constellation mcp --demo` lists and calls tools over stdio', async () => {
    const tarball = await packTarball();
    const prefix = join(work, 'prefix');
    await run(
      'npm',
      ['install', '--global', '--prefix', prefix, tarball, '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: work, env: { ...process.env, PATH } },
    );
    const transport = new StdioClientTransport({
      command: join(prefix, 'bin', 'constellation'),
      args: ['mcp', '--demo'],
      env: { PATH, CONSTELLATION_DATA_DIR: join(work, 'data') },
      cwd: work,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'packed-install', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('search_tools');
      const found = await client.callTool({ name: 'search_tools', arguments: { query: 'issues' } });
      expect(found.isError).toBeFalsy();
      expect(JSON.stringify(found.structuredContent)).toContain('code_host_get_issues');
    } finally {
      await client.close();
    }
  }, 300_000);
});
