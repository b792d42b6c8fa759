import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, time, type BenchResult } from './lib.js';

const BIN = new URL('../bin/constellation.js', import.meta.url).pathname;

/** How long an MCP host waits: spawning the stdio server until its tool list arrives. */
export async function run(): Promise<BenchResult[]> {
  const spawnAndList = (extra: string[]) => async () => {
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp', '--demo', ...extra],
        env: { PATH: process.env.PATH ?? '', CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-start-')) },
        stderr: 'ignore',
      }),
    );
    await client.listTools();
    await client.close();
  };
  const bareNode = await time(
    () =>
      new Promise<void>((resolve, reject) => {
        import('node:child_process').then(
          ({ spawn }) => spawn(process.execPath, ['-e', '0']).on('exit', () => resolve()),
          reject,
        );
      }),
    10,
    2,
  );
  const full = await time(spawnAndList(['--tool-mode', 'full']), 10, 2);
  const discovery = await time(spawnAndList(['--tool-mode', 'discovery']), 10, 2);
  return [
    { suite: 'startup', name: 'bare `node -e 0` (baseline)', value: median(bareNode), unit: 'ms' },
    {
      suite: 'startup',
      name: 'stdio spawn to tools/list, demo, full mode',
      value: median(full),
      unit: 'ms',
      note: `${(median(full) / median(bareNode)).toFixed(1)}x bare node; includes seeding the sandbox`,
    },
    { suite: 'startup', name: 'stdio spawn to tools/list, demo, discovery mode', value: median(discovery), unit: 'ms' },
  ];
}
