import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../src/config/logger.js';
import { IngestionPipeline } from '../src/graph/ingest/pipeline.js';
import { extract } from '../src/graph/ingest/index.js';
import { extractorsOf } from '../src/catalog/manifest.js';
import { MANIFESTS } from '../tools/index.js';
import { GraphService } from '../src/graph/service/graph-service.js';
import { KeywordSearchProvider } from '../src/graph/service/semantic-search.js';
import { openDatabase } from '../src/database.js';
import { SqliteGraphStorage } from '../src/graph/store/graph-storage-sqlite.js';
import type { EdgeWrite, GraphStorage } from '../src/graph/store/graph-storage.js';
import { PgGraphStorage } from '../src/graph/store/pg/graph-storage-pg.js';
import { systemClock } from '../src/toolkit/context.js';
import { median, percentile, time, type BenchResult } from './lib.js';
import { onBenchPg, type BenchPg } from './pg.js';

/**
 * Knowledge-graph benchmarks on a temporary SQLite file, and on PostgreSQL when CONSTELLATION_DATABASE_URL
 * names a database: ingestion throughput through the real extract-and-write path, then traversals and
 * shortest paths and keyword search on a generated graph of 1M edges.
 */
const SUITE = 'graph';
const NODES = 100_000;
const EDGES = 1_000_000;
const EDGE_TYPES = ['AUTHORED_BY', 'REVIEWED_BY', 'BELONGS_TO', 'LINKED_TO', 'ASSIGNED_TO', 'CONTRIBUTES_TO'];
const NODE_TYPES = ['user', 'pull_request', 'issue', 'repository', 'page'];

/** A deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Realistic tool results: pages of pull requests with reviews, issues, and Jira tickets. */
function toolResults(
  count: number,
  rand: () => number,
): Array<{ system: string; tool: string; args: Record<string, unknown>; result: Record<string, unknown> }> {
  const pick = (n: number) => Math.floor(rand() * n);
  const user = () => {
    const k = pick(2000);
    return { login: `dev-${k}`, id: 10_000 + k, avatar_url: 'https://avatars.example/u' };
  };
  const results = [];
  for (let i = 0; i < count; i++) {
    const repo = `org/repo-${pick(200)}`;
    const kind = i % 2;
    if (kind === 0) {
      results.push({
        system: 'code_host',
        tool: 'get_pull_requests',
        args: { repo_id: repo },
        result: {
          pull_requests: Array.from({ length: 50 }, (_, n) => ({
            id: i * 100 + n,
            number: i * 100 + n,
            title: `PAY-${pick(5000)} Improve the ${['ledger', 'webhooks', 'checkout'][n % 3]} flow`,
            body: `Fixes #${pick(9000)}`,
            state: 'open',
            draft: false,
            user: user(),
            head: { ref: `feature/${n}`, sha: 'a' },
            base: { ref: 'main', sha: 'b' },
            created_at: '2026-10-01T00:00:00Z',
            updated_at: '2026-10-02T00:00:00Z',
            additions: 10,
            deletions: 2,
            changed_files: 1,
            reviews: [{ user: user(), state: 'APPROVED', submitted_at: '2026-10-02T00:00:00Z' }],
          })),
        },
      });
    } else {
      results.push({
        system: 'code_host',
        tool: 'get_issues',
        args: { repo_id: repo },
        result: {
          issues: Array.from({ length: 50 }, (_, n) => ({
            id: i * 100 + n,
            number: 20_000 + i * 100 + n,
            title: 'Flaky test in the ledger',
            body: null,
            state: 'open',
            labels: [{ id: 1, name: 'bug', color: 'f00' }],
            assignees: [user()],
            user: user(),
            comments: 1,
            created_at: '2026-10-01T00:00:00Z',
            updated_at: '2026-10-02T00:00:00Z',
            repo,
          })),
        },
      });
    }
  }
  return results;
}

/** Ingestion throughput alone (exported so it can be run on its own), then the same results ingested again. */
export async function ingestion(graph: GraphService, tenantId = 'ingest'): Promise<BenchResult[]> {
  const rand = random(7);
  const extractors = extractorsOf(MANIFESTS);
  const pipeline = new IngestionPipeline(graph, extractors, { log: silentLogger, onError: () => undefined });
  const results = toolResults(600, rand);
  const entities = results.reduce((sum, r) => sum + extract(extractors, r.system, r).entityCount, 0);
  const pass = async () => {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (const r of results) await pipeline.ingest({ tenantId, ...r });
    const seconds = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(cpu);
    return { seconds, cpuSeconds: (used.user + used.system) / 1e6 };
  };
  const first = await pass();
  const again = await pass();
  // On a machine shared with other work the wall clock mostly measures the wait for a core: the CPU time is what
  // the ingestion itself costs (on PostgreSQL, this process's share only).
  const cpuNote = (cpuSeconds: number) =>
    `${Math.round(entities / cpuSeconds)} entities per CPU second in this process`;
  return [
    {
      suite: SUITE,
      name: 'ingestion throughput',
      value: Math.round(entities / first.seconds),
      unit: 'entities/s',
      note: `${results.length} tool results (${entities} entities), one transaction each; ${cpuNote(first.cpuSeconds)}; target > 50000`,
    },
    {
      suite: SUITE,
      name: 'ingestion per tool result',
      value: Number(((first.seconds * 1000) / results.length).toFixed(2)),
      unit: 'ms',
      note: '50 items per result',
    },
    {
      suite: SUITE,
      name: 're-ingestion throughput (nothing changed)',
      value: Math.round(entities / again.seconds),
      unit: 'entities/s',
      note: `the same results again: no node, edge or keyword written; ${cpuNote(again.cpuSeconds)}`,
    },
  ];
}

/** Rows per write of the generated graph. */
const GENERATE_CHUNK = 10_000;

/** 100k nodes and 1M random edges written straight through the storage, in large transactions. */
async function generate(storage: GraphStorage, tenantId: string): Promise<number[]> {
  const rand = random(42);
  const now = Date.now();
  const rowids: number[] = [];
  for (let first = 0; first < NODES; first += GENERATE_CHUNK) {
    const writes = Array.from({ length: Math.min(GENERATE_CHUNK, NODES - first) }, (_, k) => {
      const i = first + k;
      const type = NODE_TYPES[i % NODE_TYPES.length];
      return {
        type,
        id: `${type}-${i}`,
        properties: JSON.stringify({ title: `${type} number ${i}` }),
        source: 'bench',
        now,
      };
    });
    rowids.push(...((await storage.writeFor(tenantId, undefined, (w) => w.upsertNodes(writes))) ?? []));
  }
  for (let first = 0; first < EDGES; first += GENERATE_CHUNK) {
    const edges: EdgeWrite[] = [];
    for (let i = first; i < Math.min(first + GENERATE_CHUNK, EDGES); i++) {
      const fromId = rowids[Math.floor(rand() * NODES)];
      const toId = rowids[Math.floor(rand() * NODES)];
      if (fromId !== toId) edges.push({ fromId, toId, type: EDGE_TYPES[i % EDGE_TYPES.length], properties: null, now });
    }
    await storage.writeFor(tenantId, undefined, (w) => w.upsertEdges(edges));
  }
  return rowids;
}

async function queries(graph: GraphService, tenantId = 'big'): Promise<BenchResult[]> {
  const t0 = performance.now();
  await generate(graph.storage, tenantId);
  const buildSeconds = (performance.now() - t0) / 1000;
  const edges = await graph.storage.countEdges(tenantId);
  const rand = random(99);
  const start = () => {
    const i = Math.floor(rand() * NODES);
    return { type: NODE_TYPES[i % NODE_TYPES.length], id: `${NODE_TYPES[i % NODE_TYPES.length]}-${i}` };
  };
  const results: BenchResult[] = [
    {
      suite: SUITE,
      name: 'generate 1M-edge graph',
      value: Number(buildSeconds.toFixed(1)),
      unit: 's',
      note: `${NODES} nodes, ${edges} edges`,
    },
  ];
  const cases: Array<[string, number, number]> = [
    ['1-hop traversal', 1, 1000],
    ['3-hop traversal (capped at 500 nodes)', 3, 500],
    ['5-hop traversal (capped at 5000 nodes)', 5, 5000],
  ];
  for (const [name, depth, maxNodes] of cases) {
    let reached = 0;
    const { samples, cpu } = await timeWithCpu(async () => {
      const s = start();
      const reach = { depth, direction: 'both' as const, maxNodes, allowTruncated: true };
      reached += (await graph.traverse(tenantId, s.type, s.id, reach)).nodes.length;
    }, 200);
    results.push({
      suite: SUITE,
      name: `${name} median`,
      value: round(median(samples)),
      unit: 'ms',
      note: `p95 ${round(percentile(samples, 95))} ms; ${cpu} ms CPU per call; ${Math.round(reached / (200 + 20))} nodes on average${depth === 3 ? '; target < 5 ms' : ''}`,
    });
  }
  let found = 0;
  const { samples: paths, cpu: pathCpu } = await timeWithCpu(async () => {
    const a = start();
    const b = start();
    if ((await graph.findPath(tenantId, a, b, 6)).path_found) found++;
  }, 200);
  results.push({
    suite: SUITE,
    name: 'shortest path median',
    value: round(median(paths)),
    unit: 'ms',
    note: `p95 ${round(percentile(paths, 95))} ms (target < 5 ms); ${pathCpu} ms CPU per call; bidirectional BFS, max depth 6; ${found}/220 pairs connected`,
  });
  const keyword = new KeywordSearchProvider(graph.storage);
  const searches = await time(async () => {
    const i = Math.floor(rand() * NODES);
    await keyword.search(tenantId, `${NODE_TYPES[i % NODE_TYPES.length]} number ${i}`, { types: [], limit: 10 });
  }, 100);
  results.push({
    suite: SUITE,
    name: 'keyword search median',
    value: round(median(searches)),
    unit: 'ms',
    note: `p95 ${round(percentile(searches, 95))} ms; three words, one in every node, BM25 over the tenant's own nodes`,
  });
  return results;
}

const round = (ms: number) => Number(ms.toFixed(2));

/**
 * `time`'s samples, and the process's CPU time per call over them: on a machine shared with other work the
 * wall-clock figures mostly measure the wait for a core, the CPU time what a call itself costs (on PostgreSQL,
 * this process's share only: the server's work is not in it).
 */
async function timeWithCpu(fn: () => Promise<void>, iterations: number) {
  const warmup = 20;
  const before = process.cpuUsage();
  const samples = await time(fn, iterations, warmup);
  const used = process.cpuUsage(before);
  return { samples, cpu: round((used.user + used.system) / 1000 / (iterations + warmup)) };
}

export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'constellation-graph-bench-'));
  const db = openDatabase(join(dir, 'graph.db'));
  try {
    const graph = new GraphService(new SqliteGraphStorage(db), { clock: systemClock, nodeTypes: NODE_TYPES });
    return [...(await ingestion(graph)), ...(await queries(graph)), ...(await onBenchPg(onPostgres))];
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same figures on PostgreSQL (when the run names a database). */
async function onPostgres(pg: BenchPg): Promise<BenchResult[]> {
  const graph = new GraphService(new PgGraphStorage(pg.pool), { clock: systemClock, nodeTypes: NODE_TYPES });
  return [
    ...(await ingestion(graph, await pg.addTenant('ingest'))),
    ...(await queries(graph, await pg.addTenant('big'))),
  ];
}
