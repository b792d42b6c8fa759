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
}

/** `REQUESTS` sends by `CONCURRENCY` workers: requests a second, and the p99 latency in ms. */
async function load(send: Send, origin: string, token: string): Promise<Run> {
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
  return { perSecond: REQUESTS / seconds, p99: percentile(latencies, 99) };
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
    const results: BenchResult[] = [];
    for (const [surface, send] of [
      ['REST', rest],
      ['MCP', mcp],
    ] as const) {
      const runs: Record<'one' | 'two', Run[]> = { one: [], two: [] };
      await load(send, fleet.url, token); // warm both nodes
      for (let round = 0; round < ROUNDS; round++) {
        runs.one.push(await load(send, oneNode.url, token));
        runs.two.push(await load(send, fleet.url, token));
      }
      for (const [nodes, measured] of Object.entries(runs)) {
        const name = `${surface} get_repository, ${nodes} node${nodes === 'one' ? '' : 's'}, ${CONCURRENCY} at once`;
        const note = `median of ${ROUNDS} runs of ${REQUESTS}`;
        const perSecond = measured.map((r) => r.perSecond).sort((a, b) => a - b);
        const p99 = measured.map((r) => r.p99).sort((a, b) => a - b);
        results.push({ suite: SUITE, name: `${name} (throughput)`, value: median(perSecond), unit: 'req/s', note });
        results.push({ suite: SUITE, name: `${name} (p99)`, value: median(p99), unit: 'ms' });
      }
    }
    return results;
  } finally {
    await oneNode.close();
    await fleet.close();
  }
}
