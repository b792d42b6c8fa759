import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migratePg } from '../../../src/store/pg/migrate.js';
import { pgMigrations } from '../../../src/store/pg/migrations.js';
import { openPgPool } from '../../../src/store/pg/pool.js';
import { pgTestDatabase } from '../../helpers/pg-lane.js';

const pools: pg.Pool[] = [];
async function poolOn(url: string): Promise<pg.Pool> {
  const pool = await openPgPool(url);
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

describe('PostgreSQL migrations', () => {
  it('apply each migration once when two servers start together', async () => {
    const url = await pgTestDatabase({ migrated: false });
    const [first, second] = [await poolOn(url), await poolOn(url)];

    const applied = await Promise.all([migratePg(first, pgMigrations), migratePg(second, pgMigrations)]);

    expect(applied.flat().sort()).toEqual(pgMigrations.map((migration) => migration.id).sort());
    const { rows } = await first.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual(pgMigrations.map((migration) => migration.id));
    const tables = await first.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'graph_nodes'");
    expect(tables.rowCount).toBe(1);
    expect(await migratePg(first, pgMigrations)).toEqual([]);
  });

  it('refuse a database migrated by a newer build, naming both versions', async () => {
    const pool = await poolOn(await pgTestDatabase());
    await pool.query("INSERT INTO schema_migrations (id) VALUES ('900_from_the_future')");

    await expect(migratePg(pool, pgMigrations)).rejects.toThrow(
      new RegExp(
        `schema \\(version 900_from_the_future\\) is newer than this build .*schema version ${pgMigrations.at(-1)!.id}`,
      ),
    );
  });

  it('leave a failed migration unapplied and say which one failed', async () => {
    const pool = await poolOn(await pgTestDatabase());
    const broken = [
      ...pgMigrations,
      { id: '899_broken', sql: 'CREATE TABLE half (id int); SELECT no_such_function()' },
    ];

    await expect(migratePg(pool, broken)).rejects.toThrow(/migration 899_broken failed: .*no_such_function/);
    const half = await pool.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half'");
    expect(half.rowCount).toBe(0);
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM schema_migrations');
    expect(rows.map((row) => row.id)).toEqual(pgMigrations.map((migration) => migration.id));
  });
});
