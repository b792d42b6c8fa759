import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { median, percentile, type BenchResult } from './lib.js';

// The same read tool under concurrency over REST and over MCP streamable HTTP (both protocol eras),
// against one built server (`npm run build` first) in demo mode in a child process, N clients over
// loopback. BENCH_LOAD_BASELINE_BIN names another build's bin/constellation.js (e.g. main's, built in
// a copy of the repository): rounds then alternate between it and this build, and the rows compare
// them. BENCH_LOAD_CPU_PROF=<dir> writes each server's CPU profile there (node --cpu-prof);
// BENCH_LOAD_SURFACES=rest,modern,legacy loads only those surfaces. With profiles, each server's
// slices-<pid>.json says when each surface was loaded: `node --import tsx bench/cpu-stages.ts <dir>` then
// gives the server's CPU a call by stage for each surface.
const SUITE = 'mcp-load';
const BIN = new URL('../bin/constellation.js', import.meta.url).pathname;
const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const CALLS = Number(process.env.BENCH_LOAD_CALLS ?? 1000);
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
// A round spends 3 x (CALLS + WARMUP) of the fake GitHub's 5,000 calls an hour: a fresh server per round.
const WARMUP = 200;
const TOOL = 'get_repositories';

interface LoadServer {
  pid: number | undefined;
  url: string;
  token: string;
  /** CPU seconds the server process has spent so far (user and system), from /proc; NaN elsewhere. */
  cpuSeconds(): number;
  close(): Promise<void>;
}

async function startServer(bin: string): Promise<LoadServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-load-'));
  const profile = process.env.BENCH_LOAD_CPU_PROF;
  const child = spawn(
    process.execPath,
    [...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []), bin, 'serve', '--demo', '--port', '0'],
    {
      env: {
        PATH: process.env.PATH ?? '',
        CONSTELLATION_DATA_DIR: dataDir,
        CONSTELLATION_RATE_LIMIT: '100000000',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const url = await listeningUrl(child);
  const demo = (await (await fetch(`${url}/demo`)).json()) as { data: { users: { token: string }[] } };
  return {
    pid: child.pid,
    url,
    token: demo.data.users[0].token,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// utime and stime are the 14th and 15th fields of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
function cpuSecondsOf(pid: number | undefined): number {
  const path = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(path)) return Number.NaN;
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The origin the server prints once it listens (its stderr says `serving REST and MCP ... at <url>`). */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!child.stderr) return reject(new Error('mcp-load: no stderr from the server'));
    const lines = createInterface({ input: child.stderr });
    lines.on('line', (line) => {
      const found = / at (http:\/\/\S+)$/.exec(line);
      if (found && line.includes('serving')) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`mcp-load: the server exited (${code}) before listening`)));
  });
}

/** One surface's call of the tool: resolves when the answer is read, throws on anything but a success. */
type Call = () => Promise<void>;

const restCall =
  (server: LoadServer): Call =>
  async () => {
    const response = await fetch(`${server.url}/mcp/code_host/execute`, {
      method: 'POST',
      headers: { 'X-JWT-Token': server.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tool: TOOL, arguments: {} }),
    });
    const body = (await response.json()) as { success?: boolean };
    if (response.status !== 200 || body.success !== true) throw new Error(`REST answered ${response.status}`);
  };

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A JSON-RPC POST to /mcp as the SDK clients send it; the parsed response body. */
async function rpc(
  server: LoadServer,
  version: string,
  message: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'X-JWT-Token': server.token,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': version,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });
  if (response.status === 202) return undefined;
  const body = (await response.json()) as { result?: { isError?: boolean } };
  if (response.status !== 200 || !body.result || body.result.isError)
    throw new Error(`MCP ${version} answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

const toolCall = (id: number, meta?: Record<string, unknown>) => ({
  id,
  method: 'tools/call',
  params: { name: `code_host_${TOOL}`, arguments: {}, ...(meta ? { _meta: meta } : {}) },
});

// The 2026-07-28 era is stateless: every request carries its own version and client envelope.
const modernCall = (server: LoadServer): Call => {
  let id = 0;
  // The era's routing headers repeat the method and the tool name outside the body.
  const headers = { 'Mcp-Method': 'tools/call', 'Mcp-Name': `code_host_${TOOL}` };
  return async () => void (await rpc(server, '2026-07-28', toolCall(id++, MODERN_META), headers));
};

// A 2025-11-25 client initializes once (the server keeps no session over HTTP), then calls.
async function legacyCall(server: LoadServer): Promise<Call> {
  await rpc(server, '2025-11-25', {
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  await rpc(server, '2025-11-25', { method: 'notifications/initialized' });
  let id = 1;
  return async () => void (await rpc(server, '2025-11-25', toolCall(id++)));
}

interface Load {
  callsPerSecond: number;
  p50: number;
  p99: number;
  /** The server's CPU time per call: what the machine's other work does not change, unlike the rest. */
  cpuMs: number;
}

/** Latencies of answered calls and the wall time they took, summed over the slices of one surface. */
interface Tally {
  samples: number[];
  seconds: number;
  cpuSeconds: number;
}

/** `calls` calls by `clients` concurrent clients, each starting its next call when its last one answers. */
async function load(
  call: Call,
  calls: number,
  into: Tally = { samples: [], seconds: 0, cpuSeconds: 0 },
): Promise<Tally> {
  let issued = 0;
  const client = async () => {
    while (issued < calls) {
      issued++;
      const t0 = performance.now();
      await call();
      into.samples.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  into.seconds += (performance.now() - t0) / 1000;
  return into;
}

const ALL_SURFACES = {
  rest: { name: 'REST POST /mcp/code_host/execute', call: async (server: LoadServer) => restCall(server) },
  modern: { name: 'MCP streamable HTTP 2026-07-28', call: async (server: LoadServer) => modernCall(server) },
  legacy: { name: 'MCP streamable HTTP 2025-11-25', call: legacyCall },
};
type SurfaceKey = keyof typeof ALL_SURFACES;
const surfaceKeys = (process.env.BENCH_LOAD_SURFACES ?? 'rest,modern,legacy').split(',').map((key) => {
  if (!(key in ALL_SURFACES)) throw new Error(`mcp-load: no surface '${key}' (rest, modern, legacy)`);
  return key as SurfaceKey;
});
const SURFACES = surfaceKeys.map((key) => ALL_SURFACES[key].name);
// The MCP / REST rows need REST loaded first.
const WITH_REST = surfaceKeys[0] === 'rest';
// Surfaces take turns in slices, so what else the machine runs meanwhile weighs on each alike.
const SLICES = 5;

/** One round on a fresh server: each surface warmed up, then loaded in turns. */
async function round(bin: string): Promise<Load[]> {
  const server = await startServer(bin);
  try {
    const calls: Call[] = [];
    for (const key of surfaceKeys) calls.push(await ALL_SURFACES[key].call(server));
    for (const call of calls) await load(call, WARMUP);
    const tallies = calls.map((): Tally => ({ samples: [], seconds: 0, cpuSeconds: 0 }));
    const slices: Array<{ surface: string; startUs: number; endUs: number }> = [];
    const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
    for (let slice = 0; slice < SLICES; slice++)
      for (const [i, call] of calls.entries()) {
        const cpu = server.cpuSeconds();
        const startUs = monotonicUs();
        await load(call, Math.ceil(CALLS / SLICES), tallies[i]);
        slices.push({ surface: surfaceKeys[i], startUs, endUs: monotonicUs() });
        tallies[i].cpuSeconds += server.cpuSeconds() - cpu;
      }
    const profiles = process.env.BENCH_LOAD_CPU_PROF;
    if (profiles) {
      const calls = Object.fromEntries(surfaceKeys.map((key, i) => [key, tallies[i].samples.length]));
      writeFileSync(join(profiles, `slices-${server.pid}.json`), JSON.stringify({ bin, slices, calls }));
    }
    return tallies.map(({ samples, seconds, cpuSeconds }) => {
      samples.sort((a, b) => a - b);
      return {
        callsPerSecond: samples.length / seconds,
        p50: median(samples),
        p99: percentile(samples, 99),
        cpuMs: (cpuSeconds * 1000) / samples.length,
      };
    });
  } finally {
    await server.close();
  }
}

const med = (values: number[]) => median([...values].sort((a, b) => a - b));

/** Medians over the rounds of one build: calls/s, p50 and p99 per surface, and MCP over REST. */
function rows(label: string, rounds: Load[][]): BenchResult[] {
  const of = (surface: number, key: keyof Load) => med(rounds.map((r) => r[surface][key]));
  const out: BenchResult[] = [];
  SURFACES.forEach((surface, i) => {
    const p = (key: 'p50' | 'p99') => `${key} ${of(i, key).toFixed(1)} ms`;
    out.push({
      suite: SUITE,
      name: `${label}${surface}`,
      value: of(i, 'callsPerSecond'),
      unit: 'calls/s',
      note: `${CLIENTS} clients, ${p('p50')}, ${p('p99')}, server CPU ${of(i, 'cpuMs').toFixed(2)} ms a call`,
    });
    if (i === 0 || !WITH_REST) return;
    out.push({
      suite: SUITE,
      name: `${label}${surface}: MCP / REST throughput`,
      value: med(rounds.map((r) => r[i].callsPerSecond / r[0].callsPerSecond)),
      unit: 'x',
      note: `p99 ${med(rounds.map((r) => r[i].p99 / r[0].p99)).toFixed(2)}x REST's, server CPU a call ${med(rounds.map((r) => r[i].cpuMs / r[0].cpuMs)).toFixed(2)}x`,
    });
  });
  return out;
}

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(new URL('../dist/bundle/main.js', import.meta.url)))
    throw new Error('mcp-load: run `npm run build` first (it benches the built server)');
  const baseline = process.env.BENCH_LOAD_BASELINE_BIN;
  const ours: Load[][] = [];
  const theirs: Load[][] = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (baseline) theirs.push(await round(baseline));
    ours.push(await round(BIN));
  }
  if (!baseline) return rows('', ours);
  const result = [...rows('baseline: ', theirs), ...rows('', ours)];
  SURFACES.forEach((surface, i) =>
    result.push({
      suite: SUITE,
      name: `${surface}: this build / baseline throughput`,
      value: med(ours.map((r, n) => r[i].callsPerSecond / theirs[n][i].callsPerSecond)),
      unit: 'x',
      note: `server CPU a call ${med(ours.map((r, n) => r[i].cpuMs / theirs[n][i].cpuMs)).toFixed(2)}x`,
    }),
  );
  return result;
}
