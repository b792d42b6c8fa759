import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/credentials.js';
import { notionFake, type NotionState } from '../src/sandbox/notion/index.js';
import { SANDBOX_EPOCH, startSandbox, type Sandbox } from '../src/sandbox/server.js';
import { median, percentile, type BenchResult } from './lib.js';
import { installPeers, PEERS } from './peer-servers.js';
import { memoryPartsOf, type MemoryParts } from './process-memory.js';

const BIN = new URL('../bin/constellation.js', import.meta.url).pathname;
const SUITE = 'notion-peers';
const ROUNDS = Number(process.env.BENCH_NOTION_PEER_ROUNDS ?? 100);
/** Calls each server has answered when its memory is read (the "RSS after 400 calls"). */
const CALLS_BEFORE_RSS = 400;
const PROFILE = process.env.BENCH_NOTION_PEER_NODE_OPTIONS;
/**
 * Pause after each server's turn, in ms: long enough for our servers' deferred writes (written 5 ms after a
 * call, see WRITE_BEHIND_WINDOW_MS) to land before the next server's calls. Without it, where one of our
 * builds' writes fell depended on the order of the servers: the same build measured about 0.1x slower
 * searches and 0.05-0.1x faster page reads when it went first than when it went second. An agent's calls
 * come seconds apart, so its server writes while idle; 0 turns the pause off.
 */
const SETTLE_MS = Number(process.env.BENCH_NOTION_PEER_SETTLE_MS ?? 15);
const TOKEN = SANDBOX_CREDENTIALS.acme.notion.token;

/** One server over stdio, the same Notion calls in its own tool names. */
interface Subject {
  name: string;
  client: Client;
  pid: number;
  search: (query: string) => Promise<unknown>;
  readPage: (id: string) => Promise<unknown>;
  samples: { search: number[]; page: number[] };
  /** Notion requests the timed calls sent. */
  requests: { search: number; page: number };
  /** CPU the process used over the timed calls, in ms. */
  cpuMs?: number;
  /** Resident set size once connected, before any call, in bytes. */
  rssAtStart?: number;
}

async function connect(args: string[], env: Record<string, string>): Promise<{ client: Client; pid: number }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: where each server spends its calls' time.
    env: { PATH: process.env.PATH ?? '', ...(PROFILE ? { NODE_OPTIONS: PROFILE } : {}), ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  if (transport.pid === null) throw new Error(`${args.join(' ')}: no process`);
  return { client, pid: transport.pid };
}

/** A tool call that must succeed: a refused call would time the wrong thing. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<unknown> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content).slice(0, 300)}`);
  return result;
}

/** A server spawned over stdio whose tools named in `tools` search and read a page (by `page_id`). */
async function subject(
  name: string,
  args: string[],
  env: Record<string, string>,
  tools: { search: string; page: string },
): Promise<Subject> {
  const { client, pid } = await connect(args, env);
  return {
    name,
    client,
    pid,
    search: (query) => call(client, tools.search, { query }),
    readPage: (id) => call(client, tools.page, { page_id: id }),
    samples: { search: [], page: [] },
    requests: { search: 0, page: 0 },
  };
}

/** Ours as a local user's host starts it for Notion alone: full mode, the notes toolset, a token. */
const ours = (bin: string, label: string, sandbox: Sandbox): Promise<Subject> =>
  subject(
    label,
    [bin, 'mcp', '--tool-mode', 'full', '--toolsets', 'notes'],
    {
      CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-notion-peers-')),
      NOTION_TOKEN: TOKEN,
      NOTION_API_URL: sandbox.urlOf('/notion'),
    },
    { search: 'notes_search', page: 'notes_get_page' },
  );

/** The official server: its OpenAPI tools, its base URL from BASE_URL. */
const official = (script: string, sandbox: Sandbox): Promise<Subject> =>
  subject(
    PEERS[0].label,
    [script],
    { NOTION_TOKEN: TOKEN, BASE_URL: sandbox.urlOf('/notion') },
    { search: 'API-post-search', page: 'API-retrieve-a-page' },
  );

/** Resident set size of a process in bytes, from /proc (Linux); NaN elsewhere. */
function rssOf(pid: number): number {
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU time a process has used so far in ms (user and system, from /proc on Linux); NaN elsewhere. */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, the 14th and 15th fields of the whole line, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function timed(samples: number[], work: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  await work();
  samples.push(performance.now() - t0);
}

/**
 * Notion search and page read over stdio, ours and the official Notion server against the same Notion
 * fake, call by call in alternation (each round every server searches, then reads the same row; who goes
 * first rotates), with the Notion requests a call sends, each server's CPU per call and its RSS at start
 * and after 400 calls. Each server's turn is followed by a pause (BENCH_NOTION_PEER_SETTLE_MS, 15 ms) for
 * its deferred writes to land before the next server's calls. Ours runs from bin/ (`npm run build` first).
 * BENCH_NOTION_PEER_BASELINE names another build's bin/constellation.js to alternate with this one (a copy
 * of an older dist/ and bin/); BENCH_NOTION_PEER_NODE_OPTIONS reaches every server (a profiler's options).
 * Skipped, saying why, when the official server cannot be installed.
 */
export async function run(): Promise<BenchResult[]> {
  const installed = await installPeers();
  if ('problem' in installed) {
    process.stderr.write(`notion-peers: skipped, the official Notion server is not installed: ${installed.problem}\n`);
    return [];
  }
  const script = installed.scripts.get(PEERS[0]);
  if (!script) return [];
  const sandbox = await startSandbox({ clock: { now: () => SANDBOX_EPOCH }, rateLimits: 'count' }, [notionFake]);
  const subjects: Subject[] = [];
  try {
    const baseline = process.env.BENCH_NOTION_PEER_BASELINE;
    subjects.push(await ours(BIN, 'ours', sandbox));
    if (baseline) subjects.push(await ours(baseline, 'baseline', sandbox));
    subjects.push(await official(script, sandbox));
    for (const subject of subjects) subject.rssAtStart = rssOf(subject.pid);
    const notion = sandbox.state<NotionState>('/notion', 'acme');
    const rows = [...notion.pages.values()].filter((p) => p.parent.type === 'data_source_id').map((p) => p.id);
    const queries = ['tasks', 'handbook', 'engineering'];
    const round = async (i: number, record: boolean) => {
      // Each server goes first in turn: the one after another's call finds the machine busier.
      for (const subject of [...subjects.slice(i % subjects.length), ...subjects.slice(0, i % subjects.length)]) {
        const query = queries[i % queries.length];
        const id = rows[i % rows.length];
        if (record) {
          const before = sandbox.faults.log.length;
          await timed(subject.samples.search, () => subject.search(query));
          const between = sandbox.faults.log.length;
          await timed(subject.samples.page, () => subject.readPage(id));
          subject.requests.search += between - before;
          subject.requests.page += sandbox.faults.log.length - between;
        } else {
          await subject.search(query);
          await subject.readPage(id);
        }
        if (SETTLE_MS > 0) await sleep(SETTLE_MS);
      }
    };
    const warmup = 20;
    for (let i = 0; i < warmup; i++) await round(i, false);
    const cpuBefore = subjects.map((subject) => cpuOf(subject.pid));
    for (let i = 0; i < ROUNDS; i++) await round(warmup + i, true);
    subjects.forEach((subject, i) => (subject.cpuMs = cpuOf(subject.pid) - cpuBefore[i]));
    for (let i = warmup + ROUNDS; i < CALLS_BEFORE_RSS / 2; i++) await round(i, false);
    const calls = 2 * Math.max(CALLS_BEFORE_RSS / 2, warmup + ROUNDS);
    const rss = new Map(subjects.map((subject) => [subject, rssOf(subject.pid)]));
    const parts = new Map(subjects.map((subject) => [subject, memoryPartsOf(subject.pid)]));
    return [...report(subjects, rss, calls), ...memoryReport(subjects, parts, calls)];
  } finally {
    await Promise.all(subjects.map((subject) => subject.client.close()));
    await sandbox.close();
  }
}

function report(subjects: readonly Subject[], rss: ReadonlyMap<Subject, number>, calls: number): BenchResult[] {
  const peer = subjects[subjects.length - 1];
  const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
  const results: BenchResult[] = [];
  for (const [what, key] of [
    ['search', 'search'],
    ['page read', 'page'],
  ] as const) {
    for (const [stat, pick] of [
      ['median', median],
      ['p90', (values: readonly number[]) => percentile(values, 90)],
    ] as const) {
      const peerValue = pick(sorted(peer.samples[key]));
      for (const subject of subjects) {
        const value = pick(sorted(subject.samples[key]));
        const ratio = subject === peer ? '' : `; ${(value / peerValue).toFixed(2)}x the official server`;
        results.push({
          suite: SUITE,
          name: `${what} (${stat}): ${subject.name}`,
          value,
          unit: 'ms',
          note: `${subject.samples[key].length} alternating calls, ${(subject.requests[key] / subject.samples[key].length).toFixed(2)} Notion requests a call${ratio}`,
        });
      }
    }
  }
  const cpuPerCall = (subject: Subject) => (subject.cpuMs ?? Number.NaN) / (subject.samples.search.length * 2);
  for (const subject of subjects) {
    const ratio =
      subject === peer ? '' : `; ${(cpuPerCall(subject) / cpuPerCall(peer)).toFixed(2)}x the official server`;
    results.push({
      suite: SUITE,
      name: `CPU per call (search and page read): ${subject.name}`,
      value: cpuPerCall(subject),
      unit: 'ms',
      note: `user and system time of the server's process over the timed calls${ratio}`,
    });
  }
  const memory = (when: string, rssOf: (subject: Subject) => number | undefined, note: string) => {
    const peerRss = rssOf(peer) ?? Number.NaN;
    for (const subject of subjects) {
      const value = rssOf(subject) ?? Number.NaN;
      const ratio = subject === peer ? '' : `; ${(value / peerRss).toFixed(2)}x the official server`;
      results.push({
        suite: SUITE,
        name: `RSS ${when}: ${subject.name}`,
        value: value / 2 ** 20,
        unit: 'MiB',
        note: note + ratio,
      });
    }
  };
  memory('at start', (subject) => subject.rssAtStart, 'connected, no call yet');
  memory(`after ${calls} calls`, (subject) => rss.get(subject), 'search and page reads');
  return results;
}

const PART_NAMES: Record<keyof MemoryParts, string> = {
  executable: "the runtime's executable (code run, locale data read)",
  libraries: 'native addons and libraries',
  mallocHeap: "the C allocator's heap (native buffers, SQLite's cache)",
  anonymous: 'anonymous mappings (the JavaScript heap, large allocations)',
};

/** Where each server's resident memory lies after the calls: what to cut when one holds more than the other. */
function memoryReport(
  subjects: readonly Subject[],
  parts: ReadonlyMap<Subject, MemoryParts | undefined>,
  calls: number,
): BenchResult[] {
  return subjects.flatMap((subject) =>
    (Object.keys(PART_NAMES) as Array<keyof MemoryParts>).map((part) => ({
      suite: SUITE,
      name: `RSS after ${calls} calls in ${part}: ${subject.name}`,
      value: (parts.get(subject)?.[part] ?? Number.NaN) / 2 ** 20,
      unit: 'MiB',
      note: PART_NAMES[part],
    })),
  );
}
