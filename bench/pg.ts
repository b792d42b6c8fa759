import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { migratePg } from '../src/store/pg/migrate.js';
import { pgMigrations } from '../src/store/pg/migrations.js';
import { databaseUrlFrom, openPgPool } from '../src/store/pg/pool.js';
import type { BenchResult } from './lib.js';

/** A PostgreSQL database for a bench, with tenants of its own that go (with their rows) at the end. */
export interface BenchPg {
  pool: pg.Pool;
  /** A tenant under a fresh id. */
  addTenant(name: string): Promise<string>;
}

/**
 * The PostgreSQL pass of a bench when `CONSTELLATION_DATABASE_URL` names a database (migrated here if
 * need be), beside the SQLite figures of the same run; undefined otherwise. Its results are named with
 * ` on PostgreSQL`.
 */
export async function onBenchPg(run: (db: BenchPg) => Promise<BenchResult[]>): Promise<BenchResult[]> {
  const url = databaseUrlFrom(process.env);
  if (!url) return [];
  const pool = await openPgPool(url);
  const tenants: string[] = [];
  try {
    await migratePg(pool, pgMigrations);
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
    await pool.end();
  }
}
