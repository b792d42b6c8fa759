import type pg from 'pg';
import { AppError } from '../toolkit/errors.js';
import { gateTenantPg, inPgTransaction } from '../store/pg/transaction.js';
import type { AnalyticsCacheStore, StoredResult } from './cache-store.js';

/** The analytics cache in PostgreSQL (table `analytics_cache` of `schema/services.ts`). */
export class PgAnalyticsCacheStore implements AnalyticsCacheStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(tenantId: string, key: string): Promise<StoredResult | undefined> {
    const { rows } = await this.pool.query<{ value: string; computed_at: string }>(
      'SELECT value, computed_at FROM analytics_cache WHERE tenant_id = $1 AND cache_key = $2',
      [tenantId, key],
    );
    return rows[0] ? { value: rows[0].value, computedAt: Number(rows[0].computed_at) } : undefined;
  }

  async put(tenantId: string, key: string, tool: string, args: string, value: string, computedAt: number) {
    try {
      await inPgTransaction(this.pool, async (client) => {
        await gateTenantPg(client, tenantId);
        await client.query(
          `INSERT INTO analytics_cache (tenant_id, cache_key, tool, args, value, computed_at)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (tenant_id, cache_key) DO UPDATE SET value = excluded.value, computed_at = excluded.computed_at
           WHERE excluded.computed_at >= analytics_cache.computed_at`,
          [tenantId, key, tool, args, value, computedAt],
        );
      });
    } catch (error) {
      // As on SQLite, a result for a tenant that is gone is simply not stored.
      if (error instanceof AppError && error.code === 'TENANT_NOT_FOUND') return;
      throw error;
    }
  }

  async prune(cutoff: number): Promise<number> {
    return (await this.pool.query('DELETE FROM analytics_cache WHERE computed_at < $1', [cutoff])).rowCount ?? 0;
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return (await this.pool.query('DELETE FROM analytics_cache WHERE tenant_id = $1', [tenantId])).rowCount ?? 0;
  }

  async count(tenantId: string): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      'SELECT COUNT(*) AS count FROM analytics_cache WHERE tenant_id = $1',
      [tenantId],
    );
    return Number(rows[0].count);
  }
}
