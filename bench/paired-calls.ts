import { readdirSync, readFileSync } from 'node:fs';
import { median, percentile, type BenchResult } from './lib.js';

/** Milliseconds of CPU a process has used so far (all its threads), read before and after each call. */
export type CpuMeter = () => number;

/** One side of a comparison: the call, and the CPU it runs on when that can be read. */
export interface Side {
  call: () => unknown;
  cpu?: CpuMeter;
}

/** Each call's wall and CPU time, one entry per round, in the order the rounds ran (pairs line up). */
interface Samples {
  wall: number[];
  cpu: number[];
}

export interface Pairs {
  ours: Samples;
  bare: Samples;
}

/** This process's CPU: what an in-process layer (and the sandbox it calls) spends. */
export const processCpu: CpuMeter = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * A spawned process's CPU at nanosecond resolution: the run time the scheduler counted for each of its
 * threads (`/proc/<pid>/task/<tid>/schedstat`). `/proc/<pid>/stat` counts in clock ticks (10 ms), coarser
 * than a call. Undefined where there is no such file (not Linux).
 */
export function spawnedCpu(pid: number | null | undefined): CpuMeter | undefined {
  if (!pid) return undefined;
  const read = () => {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // A thread that ended between the listing and the read: its time is gone with it.
      }
    }
    return ns / 1e6;
  };
  try {
    read();
    return read;
  } catch {
    return undefined;
  }
}

/**
 * Calls ours and bare in turn, one pair a round (who goes first alternates), so that whatever else the
 * machine does at a moment weighs on both calls of the pair alike; their ratio is then steadier than a
 * ratio of two medians taken apart.
 */
export async function paired(ours: Side, bare: Side, rounds: number, warmup: number): Promise<Pairs> {
  const result: Pairs = { ours: { wall: [], cpu: [] }, bare: { wall: [], cpu: [] } };
  const measure = async (side: Side, into: Samples, keep: boolean) => {
    const cpu0 = side.cpu?.() ?? 0;
    const t0 = performance.now();
    await side.call();
    const wall = performance.now() - t0;
    const cpu = (side.cpu?.() ?? Number.NaN) - cpu0;
    if (keep) {
      into.wall.push(wall);
      into.cpu.push(cpu);
    }
  };
  for (let round = -warmup; round < rounds; round++) {
    const keep = round >= 0;
    if (round % 2 === 0) {
      await measure(ours, result.ours, keep);
      await measure(bare, result.bare, keep);
    } else {
      await measure(bare, result.bare, keep);
      await measure(ours, result.ours, keep);
    }
  }
  return result;
}

const sorted = (values: readonly number[]) => values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
const ratios = (ours: readonly number[], bare: readonly number[]) => sorted(ours.map((value, i) => value / bare[i]));
const ms = (value: number) => `${value.toFixed(3)} ms`;

/**
 * A comparison's rows: each side's median wall time, the median of the per-pair wall ratios, and (when
 * both sides' CPU could be read) the median of the per-pair CPU ratios with each side's median CPU a call.
 */
export function pairRows(suite: string, label: string, pairs: Pairs): BenchResult[] {
  const ours = sorted(pairs.ours.wall);
  const bare = sorted(pairs.bare.wall);
  const wallRatios = ratios(pairs.ours.wall, pairs.bare.wall);
  const rows: BenchResult[] = [
    { suite, name: `${label}: ours`, value: median(ours), unit: 'ms', note: `p90 ${ms(percentile(ours, 90))}` },
    { suite, name: `${label}: bare`, value: median(bare), unit: 'ms', note: `p90 ${ms(percentile(bare, 90))}` },
    {
      suite,
      name: `${label}: ours / bare, wall`,
      value: median(wallRatios),
      unit: 'x',
      note: `median of ${wallRatios.length} pairs, p25-p75 ${percentile(wallRatios, 25).toFixed(2)}-${percentile(wallRatios, 75).toFixed(2)}`,
    },
  ];
  const cpuRatios = ratios(pairs.ours.cpu, pairs.bare.cpu);
  if (cpuRatios.length > 0) {
    const oursCpu = median(sorted(pairs.ours.cpu));
    const bareCpu = median(sorted(pairs.bare.cpu));
    rows.push({
      suite,
      name: `${label}: ours / bare, CPU`,
      value: median(cpuRatios),
      unit: 'x',
      note: `CPU a call ${ms(oursCpu)} vs ${ms(bareCpu)}, +${ms(oursCpu - bareCpu)}`,
    });
  }
  return rows;
}
