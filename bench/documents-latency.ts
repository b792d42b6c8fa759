import { join } from 'node:path';
import { DocumentService } from '../src/documents/service.js';
import { documentStoresOn } from '../src/documents/stores.js';
import type { Db } from '../src/store/db.js';
import type { LatencyCorpus } from './documents-corpora.js';
import { filledStores, openImage } from './documents-fill.js';
import { stageTimes } from './documents-stages.js';
import type { BenchResult } from './lib.js';
import { median, percentile } from './lib.js';

const SUITE = 'documents';
/** Queries timed per mode and corpus size, after `WARM_UP` that are not. */
const QUERIES = 100;
const WARM_UP = 10;
/** Rounds the hybrid queries are split into, ours and the baseline's taking turns. */
const ROUNDS = 5;
/** The chunk counts each corpus is measured at. */
export const LATENCY_SIZES = [10_000, 39_000, 100_000] as const;

/** What a query needs of a document service: ours, or the baseline checkout's. */
interface QueryService {
  query(
    tenantId: string,
    request: { query: string; top_k: number; mode: string; include_context: boolean },
  ): Promise<unknown>;
  store: DocumentService['store'];
  close(): Promise<void>;
}
type ServiceOn = (db: Db) => QueryService;

const ours: ServiceOn = (db) => new DocumentService(documentStoresOn({ kind: 'sqlite', db }));

/**
 * A built checkout's document service (`BENCH_DOCUMENTS_BASELINE`, e.g. main's), loaded from its sources: its
 * hybrid queries take turns with ours over the same stores.
 */
async function baselineService(): Promise<ServiceOn | undefined> {
  const root = process.env.BENCH_DOCUMENTS_BASELINE;
  if (!root) return undefined;
  const [{ DocumentService: Service }, { documentStoresOn: storesOn }] = (await Promise.all([
    import(join(root, 'src/documents/service.ts')),
    import(join(root, 'src/documents/stores.ts')),
  ])) as [{ DocumentService: typeof DocumentService }, { documentStoresOn: typeof documentStoresOn }];
  return (db) => new Service(storesOn({ kind: 'sqlite', db }));
}

/**
 * Query latency per mode on SQLite at each of `sizes` chunks of the corpus, its stores filled once
 * (`filledStores`) and each opened in memory; hybrid also stage by stage and, with a baseline, in rounds
 * taking turns with it over another copy of the same store (the ratio ours / baseline of the medians).
 */
export async function latencyOnImages(
  label: string,
  corpus: LatencyCorpus,
  sizes: readonly number[] = LATENCY_SIZES,
): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const baseline = await baselineService();
  for (const { chunks, image } of await filledStores(corpus, sizes)) {
    const at = `at ${chunks.toLocaleString('en-US')} chunks`;
    const ourDb = openImage(image);
    const service = ours(ourDb);
    const baseDb = baseline ? openImage(image) : undefined;
    const base = baseDb ? baseline!(baseDb) : undefined;
    try {
      for (const mode of ['vector_only', 'hybrid', 'graph_expanded'] as const) {
        const ask = (on: QueryService, i: number) =>
          on.query('lat', { query: corpus.query(i), top_k: 10, mode, include_context: true });
        const stages = mode === 'hybrid' ? stageTimes(service.store) : undefined;
        const timed = async (
          on: QueryService,
          from: number,
          count: number,
          measured = (q: () => Promise<unknown>) => q(),
        ) => {
          const runs: number[] = [];
          for (let i = from; i < from + count; i++) {
            const start = performance.now();
            await measured(() => ask(on, i));
            runs.push(performance.now() - start);
          }
          return runs;
        };
        const withStages = (q: () => Promise<unknown>) => (stages ? stages.measured(q) : q());
        await timed(service, QUERIES, WARM_UP, withStages);
        const againstBase = mode === 'hybrid' && base;
        if (againstBase) await timed(base, QUERIES, WARM_UP);
        const mine: number[] = [];
        const theirs: number[] = [];
        const perRound = QUERIES / (againstBase ? ROUNDS : 1);
        for (let from = 0; from < QUERIES; from += perRound) {
          mine.push(...(await timed(service, from, perRound, withStages)));
          if (againstBase) theirs.push(...(await timed(base, from, perRound)));
        }
        mine.sort((a, b) => a - b);
        theirs.sort((a, b) => a - b);
        out.push({
          suite: SUITE,
          name: `${mode} query ${at} p50 (${label})`,
          value: median(mine),
          unit: 'ms',
          note: `p90 ${percentile(mine, 90).toFixed(1)} ms${
            theirs.length
              ? `; baseline p50 ${median(theirs).toFixed(1)} ms, p90 ${percentile(theirs, 90).toFixed(1)} ms, ratio ${(median(mine) / median(theirs)).toFixed(2)}x`
              : ''
          }`,
        });
        if (stages) out.push(...stages.results(`${at}, ${label}`, QUERIES));
      }
    } finally {
      await service.close();
      await base?.close();
      ourDb.close();
      baseDb?.close();
    }
  }
  return out;
}
