import { execFileSync } from 'node:child_process';
import { loadConfig } from '../src/config/config.js';
import { openBackend } from '../src/database.js';
import type { StoreBackend } from '../src/store/backend.js';
import { closeBackend } from '../src/store/lifecycle.js';
import { createPgDatabase, startPgCluster, type PgCluster } from '../test/helpers/pg-cluster.js';

/** A PostgreSQL backend a bench measures beside SQLite in the same run. */
export interface BenchPg {
  /** A fresh, migrated database of the bench's own. */
  open(): Promise<StoreBackend & { kind: 'postgres' }>;
  close(): Promise<void>;
}

let shared: Promise<BenchPg | undefined> | undefined;

/**
 * PostgreSQL for the benches: `BENCH_PG_ADMIN_URL` (an existing server's admin database) when set, else a
 * throwaway cluster (PostgreSQL 15 with pgvector, prepared by `scripts/pg-env.sh`) started once per run.
 * Undefined, with the reason on stderr, when neither can be had: the benches then report SQLite alone.
 */
export function benchPg(): Promise<BenchPg | undefined> {
  shared ??= start().catch((error: unknown) => {
    process.stderr.write(
      `bench: PostgreSQL figures skipped: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return undefined;
  });
  return shared;
}

async function start(): Promise<BenchPg> {
  const given = process.env.BENCH_PG_ADMIN_URL;
  let cluster: PgCluster | undefined;
  if (!given) {
    execFileSync('scripts/pg-env.sh', { stdio: ['ignore', 'ignore', 'inherit'] });
    cluster = await startPgCluster();
  }
  const adminUrl = given ?? cluster!.adminUrl;
  const opened: StoreBackend[] = [];
  let count = 0;
  return {
    async open() {
      const name = `bench_${process.pid}_${++count}`;
      await createPgDatabase(adminUrl, name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const backend = await openBackend(loadConfig({ CONSTELLATION_DATABASE_URL: url.toString() }));
      if (backend.kind !== 'postgres') throw new Error('expected PostgreSQL');
      opened.push(backend);
      return backend;
    },
    async close() {
      await Promise.all(opened.map((backend) => closeBackend(backend)));
      await cluster?.stop();
    },
  };
}
