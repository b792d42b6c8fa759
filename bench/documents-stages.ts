import type { DocumentStorage } from '../src/documents/storage.js';
import type { BenchResult } from './lib.js';
import { percentile } from './lib.js';

const SUITE = 'documents';
/**
 * The storage reads a query goes through, in the order a hybrid query makes them: the tenant's term
 * statistics, the chunks' keyword candidates, their whole documents' scores, their stored vectors, the
 * nearest-vector search (only when keywords found too few candidates), the chunks naming the query's
 * entities, and the result rows.
 */
const STAGES = [
  'termStatistics',
  'keyword',
  'documentKeyword',
  'vectorsOf',
  'nearest',
  'chunksOfNodes',
  'chunks',
] as const satisfies ReadonlyArray<keyof DocumentStorage>;
type Stage = (typeof STAGES)[number];

/**
 * Times each storage read of the queries run through `measured`: where a query's median and tail go,
 * stage by stage. Each stage's figures are over the queries that reached it (the nearest-vector search
 * runs for few), so they need not add up to the whole query's.
 */
export function stageTimes(store: DocumentStorage) {
  const queries: Array<Map<Stage, number>> = [];
  let current: Map<Stage, number> | undefined;
  const target = store as unknown as Record<Stage, (...args: unknown[]) => Promise<unknown>>;
  const originals = STAGES.map((stage) => [stage, target[stage]] as const);
  for (const [stage, original] of originals)
    target[stage] = async (...args: unknown[]) => {
      const start = performance.now();
      try {
        return await original.apply(store, args);
      } finally {
        current?.set(stage, (current.get(stage) ?? 0) + performance.now() - start);
      }
    };
  return {
    /** Runs one query, its stages counted. */
    async measured<T>(query: () => Promise<T>): Promise<T> {
      current = new Map();
      try {
        return await query();
      } finally {
        queries.push(current);
        current = undefined;
      }
    },
    /** Each stage's median and p90 over the last `count` queries (the earlier ones warmed up); the reads restored. */
    results(label: string, count: number): BenchResult[] {
      for (const [stage, original] of originals) target[stage] = original;
      const counted = queries.slice(-count);
      return STAGES.flatMap((stage) => {
        const times = counted.flatMap((q) => (q.has(stage) ? [q.get(stage)!] : [])).sort((a, b) => a - b);
        if (times.length === 0) return [];
        return [
          {
            suite: SUITE,
            name: `  hybrid stage ${stage} p50 (${label})`,
            value: percentile(times, 50),
            unit: 'ms',
            note: `p90 ${percentile(times, 90).toFixed(1)} ms, in ${times.length} of ${counted.length} queries`,
          },
        ];
      });
    },
  };
}
