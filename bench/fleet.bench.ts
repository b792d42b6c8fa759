import { readFileSync } from 'node:fs';
import { startFleet, type Fleet } from '../test/helpers/fleet.js';
import { startRoundRobinProxy } from '../test/helpers/round-robin-proxy.js';
import { median, percentile, type BenchResult } from './lib.js';
import { benchCluster } from './pg.js';

/**
 * A fleet through its proxy: the same read (`code_host_get_repository`, past the response cache, so every
 * call runs the tool against the sandbox) over REST and over MCP, at the same concurrency, with one node
 * behind the proxy and with two (real `serve` processes over one PostgreSQL database: `npm run build`
 * first). Runs alternate one node / two nodes, so that the machine's other load falls on both alike;
 * the figures are the medians of the rounds.
 */
const SUITE = 'fleet';
const CONCURRENCY = 16;
const REQUESTS = 800;
const ROUNDS = 3;

type Send = (origin: string, token: string) => Promise<number>;

const rest: Send = async (origin, token) => {
  const response = await fetch(`${origin}/code_host/get-repository?repo_id=acme/web`, {
    headers: { 'X-JWT-Token': token, 'Cache-Control': 'no-cache' },
  });
  await response.arrayBuffer();
  return response.status;
};

const mcp: Send = async (origin, token) => {
  const response = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: {
      'X-JWT-Token': token,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'code_host_get_repository', arguments: { repo_id: 'acme/web' } },
    }),
  });
  await response.arrayBuffer();
  return response.status;
};

interface Run {
  perSecond: number;
  p99: number;
  /** CPU milliseconds a request cost each process: the nodes, and this one (client, proxy, sandbox). */
  cpu: { nodes: number; bench: number };
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time a child process has used so far, in ms (user + system, from /proc). */
function cpuOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

const benchCpu = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** `REQUESTS` sends by `CONCURRENCY` workers: requests a second, and the p99 latency in ms. */
async function load(send: Send, origin: string, token: string, nodePids: Array<number | undefined>): Promise<Run> {
  const nodesCpu = () => nodePids.reduce<number>((sum, pid) => sum + cpuOf(pid), 0);
  const cpuBefore = { nodes: nodesCpu(), bench: benchCpu() };
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next++ < REQUESTS) {
      const started = performance.now();
      const status = await send(origin, token);
      if (status !== 200) throw new Error(`answered ${status}`);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const cpu = { nodes: (nodesCpu() - cpuBefore.nodes) / REQUESTS, bench: (benchCpu() - cpuBefore.bench) / REQUESTS };
  return { perSecond: REQUESTS / seconds, p99: percentile(latencies, 99), cpu };
}

export async function run(): Promise<BenchResult[]> {
  const cluster = await benchCluster();
  if (!cluster) return [];
  // No tenant limit: the bench sends far more than a tenant's minute.
  const fleet: Fleet = await startFleet(await cluster.createDatabase(), { CONSTELLATION_RATE_LIMIT: '0' });
  const oneNode = await startRoundRobinProxy([fleet.nodes.a.url]);
  try {
    await fleet.createTenant('acme');
    const token = await fleet.tokenFor('acme');
    const pids = [fleet.nodes.a.process.child.pid, fleet.nodes.b.process.child.pid];
    const results: BenchResult[] = [];
    for (const [surface, send] of [
      ['REST', rest],
      ['MCP', mcp],
    ] as const) {
      const runs: Record<'one' | 'two', Run[]> = { one: [], two: [] };
      await load(send, fleet.url, token, pids); // warm both nodes
      for (let round = 0; round < ROUNDS; round++) {
        runs.one.push(await load(send, oneNode.url, token, pids));
        runs.two.push(await load(send, fleet.url, token, pids));
      }
      for (const [nodes, measured] of Object.entries(runs)) {
        const name = `${surface} get_repository, ${nodes} node${nodes === 'one' ? '' : 's'}, ${CONCURRENCY} at once`;
        const note = `median of ${ROUNDS} runs of ${REQUESTS}`;
        const perSecond = measured.map((r) => r.perSecond).sort((a, b) => a - b);
        const p99 = measured.map((r) => r.p99).sort((a, b) => a - b);
        results.push({ suite: SUITE, name: `${name} (throughput)`, value: median(perSecond), unit: 'req/s', note });
        const cpuNodes = median(measured.map((r) => r.cpu.nodes).sort((a, b) => a - b));
        const cpuBench = median(measured.map((r) => r.cpu.bench).sort((a, b) => a - b));
        results.push({
          suite: SUITE,
          name: `${name} (p99)`,
          value: median(p99),
          unit: 'ms',
          note: `CPU a request: nodes ${cpuNodes.toFixed(2)} ms, client+proxy+sandbox ${cpuBench.toFixed(2)} ms`,
        });
      }
    }
    return results;
  } finally {
    await oneNode.close();
    await fleet.close();
  }
}
