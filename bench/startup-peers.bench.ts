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

/**
 * A start's two moments, from spawn: the first `tools/list` page arriving, and the client done with it. The
 * 2025-era client (what most hosts run) compiles a validator for every output schema of the page before it
 * hands the page on; servers whose tools declare none skip that work.
 */
interface StartTimes {
  answered: number;
  listed: number;
}

async function spawnToFirstPage(subject: Subject): Promise<StartTimes> {
  const t0 = performance.now();
  const client = new Client({ name: 'bench', version: '1' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: subject.args,
    env: {
      PATH: process.env.PATH ?? '',
      CONSTELLATION_DATA_DIR: subject.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-start-')),
      ...subject.env,
    },
    stderr: 'ignore',
  });
  await client.connect(transport);
  let answered = 0;
  const deliver = transport.onmessage;
  transport.onmessage = (message) => {
    if (!answered && 'result' in message) answered = performance.now() - t0;
    deliver?.(message);
  };
  const { tools } = await client.listTools();
  const listed = performance.now() - t0;
  await client.close();
  if (tools.length === 0) throw new Error(`${subject.name}: the first tools/list page is empty`);
  return { answered, listed };
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

  const samples = new Map<Subject, StartTimes[]>(subjects.map((subject) => [subject, []]));
  for (const subject of subjects) await spawnToFirstPage(subject); // warm the file cache
  for (let round = 0; round < ROUNDS; round++) {
    for (const subject of subjects) samples.get(subject)?.push(await spawnToFirstPage(subject));
  }
  const medianOf = (subject: Subject, moment: keyof StartTimes) =>
    median((samples.get(subject) ?? []).map((times) => times[moment]).sort((a, b) => a - b));
  const ratios = (subject: Subject, moment: keyof StartTimes) =>
    peers.map((peer) => `${(medianOf(subject, moment) / medianOf(peer, moment)).toFixed(2)}x ${peer.name}`).join(', ');
  const row = (subject: Subject, moment: keyof StartTimes, what: string): BenchResult => ({
    suite: 'startup',
    name: `${what}: ${subject.name}`,
    value: medianOf(subject, moment),
    unit: 'ms',
    note: `median of ${ROUNDS} alternating rounds${peers.includes(subject) || peers.length === 0 ? '' : `; ${ratios(subject, moment)}`}`,
  });
  return [
    ...subjects.map((subject) => row(subject, 'answered', 'spawn to first tools/list answer')),
    ...subjects.map((subject) => row(subject, 'listed', 'spawn to first tools/list, 2025-era client done with it')),
  ];
}
