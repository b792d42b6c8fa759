import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { loadedModules, REPORT_LOADS } from '../helpers/loaded-modules.js';

// What a local user's MCP host waits for: the stdio server spawned with environment credentials, up to
// its first tools/list page. Packages only some calls use are loaded by those calls, not at start-up.

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
});
