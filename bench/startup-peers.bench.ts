import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, type BenchResult } from './lib.js';
import { installPeers } from './peer-servers.js';

const BIN = new URL('../bin/constellation.js', import.meta.url).pathname;
const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 9);

/** One way to start a server, timed from spawn to the first `tools/list` page. */
interface Subject {
  name: string;
  args: string[];
  env: Record<string, string>;
  /** The data folder every start of this subject reuses; each start gets a new one when unset. */
  dataDir?: string;
}

/** The environment a local user's host gives our server: placeholder credentials, no --demo. */
const LOCAL_USER_ENV = { GITHUB_TOKEN: 'ghp_bench_placeholder', NOTION_TOKEN: 'ntn_bench_placeholder' };

function ourSubjects(bin: string, label: string): Subject[] {
  const ours = (mode: string, args: string[], env: Record<string, string> = LOCAL_USER_ENV): Subject => ({
    name: `${label}, ${mode}`,
    args: [bin, 'mcp', ...args],
    env,
  });
  return [
    ours('default mode', []),
    // A host starts the server on the same data folder each time: the store exists after the first start.
    { ...ours('default mode, existing store', []), dataDir: mkdtempSync(join(tmpdir(), 'bench-store-')) },
    ours('full mode, --toolsets notes', ['--tool-mode', 'full', '--toolsets', 'notes']),
    ours('full mode, --toolsets code_host', ['--tool-mode', 'full', '--toolsets', 'code_host']),
    ours('default mode, --demo', ['--demo'], {}),
  ];
}

async function spawnToFirstPage(subject: Subject): Promise<number> {
  const t0 = performance.now();
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: subject.args,
      env: {
        PATH: process.env.PATH ?? '',
        CONSTELLATION_DATA_DIR: subject.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-start-')),
        ...subject.env,
      },
      stderr: 'ignore',
    }),
  );
  const { tools } = await client.listTools();
  const elapsed = performance.now() - t0;
  await client.close();
  if (tools.length === 0) throw new Error(`${subject.name}: the first tools/list page is empty`);
  return elapsed;
}

/**
 * Spawn to first `tools/list` over stdio: ours as a local user's host starts it, and the servers users
 * would pick instead, in alternating rounds on the same machine. BENCH_STARTUP_BASELINE names another
 * build's bin/constellation.js (a copy of an older dist/ and bin/) to alternate with this one.
 */
export async function run(): Promise<BenchResult[]> {
  const installed = await installPeers();
  if ('problem' in installed) process.stderr.write(`startup-peers: peers skipped: ${installed.problem}\n`);
  const peers: Subject[] =
    'scripts' in installed
      ? [...installed.scripts].map(([peer, script]) => ({ name: peer.label, args: [script], env: peer.env }))
      : [];
  const baseline = process.env.BENCH_STARTUP_BASELINE;
  const ours = ourSubjects(BIN, 'ours');
  const subjects = [...ours, ...(baseline ? ourSubjects(baseline, 'baseline') : []), ...peers];

  const samples = new Map<Subject, number[]>(subjects.map((subject) => [subject, []]));
  for (const subject of subjects) await spawnToFirstPage(subject); // warm the file cache
  for (let round = 0; round < ROUNDS; round++) {
    for (const subject of subjects) samples.get(subject)?.push(await spawnToFirstPage(subject));
  }
  const medianOf = (subject: Subject) => median([...(samples.get(subject) ?? [])].sort((a, b) => a - b));
  const ratios = (subject: Subject) =>
    peers.map((peer) => `${(medianOf(subject) / medianOf(peer)).toFixed(2)}x ${peer.name}`).join(', ');
  return subjects.map((subject) => ({
    suite: 'startup',
    name: `spawn to first tools/list: ${subject.name}`,
    value: medianOf(subject),
    unit: 'ms',
    note: `median of ${ROUNDS} alternating rounds${peers.includes(subject) || peers.length === 0 ? '' : `; ${ratios(subject)}`}`,
  }));
}
