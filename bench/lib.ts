/** One figure a benchmark reports. */
export interface BenchResult {
  suite: string;
  name: string;
  value: number;
  unit: string;
  note?: string;
}

/** A benchmark suite: `bench/<name>.bench.ts` exports `run`. */
export type BenchSuite = () => Promise<BenchResult[]>;

/** Runs `fn` `iterations` times after `warmup` runs; returns sorted durations in ms. */
export async function time(
  fn: () => unknown | Promise<unknown>,
  iterations: number,
  warmup = Math.min(20, iterations),
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b);
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (sorted: readonly number[]): number => percentile(sorted, 50);
