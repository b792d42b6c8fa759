import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import { openBackend } from '../src/database.js';
import type { StoreBackend } from '../src/store/backend.js';
import { closeBackend } from '../src/store/lifecycle.js';
import { databaseUrlFrom } from '../src/store/pg/pool.js';
import { createPgDatabase, startPgCluster, type PgCluster } from '../test/helpers/pg-cluster.js';
import type { BenchResult } from './lib.js';

/** A PostgreSQL backend a bench measures beside SQLite in the same run. */
export interface BenchCluster {
  /** The URL of a fresh, empty database of the bench's own (a server migrates it when it starts). */
  createDatabase(): Promise<string>;
  /** A fresh, migrated database of the bench's own. */
  open(): Promise<StoreBackend & { kind: 'postgres' }>;
  close(): Promise<void>;
}

let shared: Promise<BenchCluster | undefined> | undefined;

/**
 * PostgreSQL for the benches: `BENCH_PG_ADMIN_URL` (an existing server's admin database) when set, else a
 * throwaway cluster (PostgreSQL 15 with pgvector, prepared by `scripts/pg-env.sh`) started once per run.
 * Undefined, with the reason on stderr, when neither can be had: the benches then report SQLite alone.
 */
export function benchCluster(): Promise<BenchCluster | undefined> {
  shared ??= start().catch((error: unknown) => {
    process.stderr.write(
      `bench: PostgreSQL figures skipped: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return undefined;
  });
  return shared;
}

async function start(): Promise<BenchCluster> {
  const given = process.env.BENCH_PG_ADMIN_URL;
  let cluster: PgCluster | undefined;
  if (!given) {
    execFileSync('scripts/pg-env.sh', { stdio: ['ignore', 'ignore', 'inherit'] });
    cluster = await startPgCluster();
  }
  const adminUrl = given ?? cluster!.adminUrl;
  const opened: StoreBackend[] = [];
  let count = 0;
  const createDatabase = async () => {
    const name = `bench_${process.pid}_${++count}`;
    await createPgDatabase(adminUrl, name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  // A given server is reached here, so one that cannot be is a skip (benchCluster), not a failure mid-run.
  if (given) await reachable(given);
  return {
    createDatabase,
    async open() {
      const backend = await openBackend(loadConfig({ CONSTELLATION_DATABASE_URL: await createDatabase() }));
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

async function reachable(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.end();
}

/** A PostgreSQL database for a bench, with tenants of its own. */
export interface BenchPg {
  pool: pg.Pool;
  /** A tenant under a fresh id. */
  addTenant(name: string): Promise<string>;
}

/**
 * The PostgreSQL pass of a bench, beside the SQLite figures of the same run: on the database
 * `CONSTELLATION_DATABASE_URL` names (migrated if need be; the bench's tenants are removed at the end), else
 * on a fresh database of the bench cluster. Its results are named with ` on PostgreSQL`; none when no
 * PostgreSQL can be had.
 */
export async function onBenchPg(run: (db: BenchPg) => Promise<BenchResult[]>): Promise<BenchResult[]> {
  const url = databaseUrlFrom(process.env);
  const backend = url
    ? await openBackend(loadConfig({ CONSTELLATION_DATABASE_URL: url }))
    : await (await benchCluster())?.open();
  if (!backend || backend.kind !== 'postgres') return [];
  const { pool } = backend;
  const tenants: string[] = [];
  try {
    const results = await run({
      pool,
      async addTenant(name) {
        const id = `bench-${name}-${randomBytes(4).toString('hex')}`;
        await pool.query("INSERT INTO tenants (id, consumer_id, created_at, updated_at) VALUES ($1, $1, '', '')", [id]);
        tenants.push(id);
        return id;
      },
    });
    return results.map((result) => ({ ...result, name: `${result.name} on PostgreSQL` }));
  } finally {
    await pool.query('DELETE FROM tenants WHERE id = ANY($1::text[])', [tenants]).catch(() => undefined);
    if (url) await closeBackend(backend);
  }
}

/** Stops the bench cluster, if a bench started one (the run's end). */
export async function closeBenchCluster(): Promise<void> {
  const cluster = await shared;
  shared = undefined;
  await cluster?.close();
}
