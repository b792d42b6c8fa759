import { readdirSync, statSync } from 'node:fs';
import type { BenchResult, BenchSuite } from './lib.js';

// Runs every bench/*.bench.ts (or those whose name contains an argument) and prints the figures. An
// argument naming a folder is a dataset (BEIR format, e.g. ../shared/benchmarks/scifact) for the
// benches that read one (BENCH_DATASET), not a filter.
const isFolder = (arg: string) => statSync(arg, { throwIfNoEntry: false })?.isDirectory() === true;
const dataset = process.argv.slice(2).find(isFolder);
if (dataset) process.env.BENCH_DATASET = dataset;
const filters = process.argv.slice(2).filter((arg) => !isFolder(arg));
const dir = new URL('.', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const all: BenchResult[] = [];
try {
  for (const file of files) {
    const suite = (await import(new URL(file, dir).href)) as { run: BenchSuite };
    process.stderr.write(`running ${file}...\n`);
    const results = await suite.run();
    all.push(...results);
    for (const r of results) {
      process.stdout.write(
        `${r.suite.padEnd(12)} ${r.name.padEnd(58)} ${formatValue(r.value).padStart(12)} ${r.unit}${r.note ? `  (${r.note})` : ''}\n`,
      );
    }
  }
} finally {
  // A PostgreSQL cluster a bench started is a server process of its own: it must not outlive the run.
  const { closeBenchCluster } = await import('./pg.js');
  await closeBenchCluster();
}

function formatValue(value: number): string {
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(Math.abs(value) < 10 ? 3 : 1);
}

process.exit(0);
