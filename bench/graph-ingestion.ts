import { silentLogger } from '../src/config/logger.js';
import { extractorsOf } from '../src/catalog/manifest.js';
import { extract, type Extractor } from '../src/graph/ingest/index.js';
import { IngestionPipeline } from '../src/graph/ingest/pipeline.js';
import type { GraphService } from '../src/graph/service/graph-service.js';
import { WriteBehind, type WriteTogether } from '../src/toolkit/write-behind.js';
import { MANIFESTS } from '../tools/index.js';
import type { BenchResult } from './lib.js';

/**
 * Graph ingestion throughput through the real extract-and-write path, counted two ways: as the server writes
 * calls that come faster than they are written (its write-behind puts every result queued meanwhile in one
 * transaction, each result a savepoint of it), and one transaction per result (a caller whose calls are further
 * apart than the write-behind's window, where throughput is the calls' pace, not the writes').
 */
const SUITE = 'graph';

/** The goal, in entities written per second. */
const TARGET = 50_000;

/** A deterministic generator (mulberry32). */
export function random(seed: number): () => number {
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

type Result = ReturnType<typeof toolResults>[number];

interface Pass {
  seconds: number;
  cpuSeconds: number;
}

/** Runs `work`, timing it by the clock and by this process's CPU time. */
async function measured(work: () => Promise<void>): Promise<Pass> {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

/** The systems of the results that failed to ingest (a bench that drops results measures nothing). */
const failures: string[] = [];

function pipelineOf(graph: GraphService, extractors: Readonly<Record<string, Extractor>>): IngestionPipeline {
  return new IngestionPipeline(graph, extractors, { log: silentLogger, onError: (system) => failures.push(system) });
}

/**
 * The results offered at `perSecond` to the server's write-behind (its 5 ms window, writes `together`): while a
 * transaction is written (the event loop is busy) the results due meanwhile wait, as requests wait in their
 * sockets, and the next transaction takes them all.
 */
async function grouped(
  pipeline: IngestionPipeline,
  together: WriteTogether,
  results: Result[],
  tenantId: string,
  perSecond: number,
) {
  let transactions = 0;
  const writeBehind = new WriteBehind(async (work) => {
    transactions++;
    await together(work);
  }, silentLogger);
  writeBehind.take(pipeline);
  const pass = await measured(async () => {
    const t0 = performance.now();
    for (let next = 0; next < results.length;) {
      const due = Math.min(results.length, Math.floor(((performance.now() - t0) * perSecond) / 1000) + 1);
      for (; next < due; next++) pipeline.enqueue({ tenantId, ...results[next] });
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await writeBehind.flush();
  });
  return { ...pass, transactions };
}

/**
 * Ingestion throughput (exported so it can be run on its own): one transaction per result on one tenant, those
 * results again, then the server's grouping of them offered at twice the target on another tenant (the code warm
 * by then, as in a server that has run a while).
 */
export async function ingestion(
  graph: GraphService,
  together: WriteTogether,
  tenants = { grouped: 'ingest-grouped', each: 'ingest' },
): Promise<BenchResult[]> {
  const rand = random(7);
  const extractors = extractorsOf(MANIFESTS);
  const results = toolResults(600, rand);
  const entities = results.reduce((sum, r) => sum + extract(extractors, r.system, r).entityCount, 0);
  const pipeline = pipelineOf(graph, extractors);
  const each = () =>
    measured(async () => {
      for (const r of results) await pipeline.ingest({ tenantId: tenants.each, ...r });
    });
  const first = await each();
  const again = await each();
  const offered = Math.round((2 * TARGET * results.length) / entities);
  const server = await grouped(pipelineOf(graph, extractors), together, results, tenants.grouped, offered);
  if (failures.length > 0) throw new Error(`${failures.length} results failed to ingest (${failures[0]})`);
  // On a machine shared with other work the wall clock mostly measures the wait for a core: the CPU time is what
  // the ingestion itself costs (on PostgreSQL, this process's share only).
  const cpuNote = (pass: Pass) =>
    `${pass.cpuSeconds.toFixed(2)} CPU s, ${Math.round(entities / pass.cpuSeconds)} entities per CPU second in this process`;
  const figure = (name: string, pass: Pass, note: string): BenchResult => ({
    suite: SUITE,
    name,
    value: Math.round(entities / pass.seconds),
    unit: 'entities/s',
    note: `${results.length} tool results (${entities} entities), ${note}; ${cpuNote(pass)}`,
  });
  return [
    figure(
      'ingestion throughput',
      server,
      `offered at ${offered} results/s (twice the target) to the server's write-behind: ${server.transactions} transactions, ${(results.length / server.transactions).toFixed(1)} results each; target > ${TARGET}`,
    ),
    figure('ingestion throughput, one transaction per result', first, 'one after the other'),
    {
      suite: SUITE,
      name: 'ingestion per tool result',
      value: Number(((first.seconds * 1000) / results.length).toFixed(2)),
      unit: 'ms',
      note: '50 items per result, one transaction each',
    },
    figure(
      're-ingestion throughput (nothing changed)',
      again,
      'the same results again, one transaction each: no node, edge or keyword written',
    ),
  ];
}
