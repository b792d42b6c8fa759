import type { Db } from '../store/db.js';

interface StoredResult {
  value: string;
  computedAt: number;
}

/** All SQL of the analytics cache table. Every statement filters by tenant. */
export class AnalyticsCacheStore {
  private readonly selectOne;
  private readonly upsert;
  private readonly deleteOld;
  private readonly deleteTenantRows;
  private readonly countTenant;

  constructor(db: Db) {
    this.selectOne = db.prepare(
      'SELECT value, computed_at AS computedAt FROM analytics_cache WHERE tenant_id = ? AND cache_key = ?',
    );
    // A refresh still running when its tenant is deleted stores nothing: the tenant row is checked in
    // the statement that writes.
    this.upsert = db.prepare(`
      INSERT INTO analytics_cache (tenant_id, cache_key, tool, args, value, computed_at)
      SELECT @tenantId, @key, @tool, @args, @value, @computedAt WHERE EXISTS (SELECT 1 FROM tenants WHERE id = @tenantId)
      ON CONFLICT (tenant_id, cache_key) DO UPDATE SET value = excluded.value, computed_at = excluded.computed_at
      WHERE excluded.computed_at >= analytics_cache.computed_at`);
    this.deleteOld = db.prepare('DELETE FROM analytics_cache WHERE computed_at < ?');
    this.deleteTenantRows = db.prepare('DELETE FROM analytics_cache WHERE tenant_id = ?');
    this.countTenant = db.prepare('SELECT COUNT(*) FROM analytics_cache WHERE tenant_id = ?').pluck();
  }

  get(tenantId: string, key: string): StoredResult | undefined {
    return this.selectOne.get(tenantId, key) as StoredResult | undefined;
  }

  /**
   * Stores a result unless a newer one is already there (a slow refresh never overwrites a later one)
   * or the tenant no longer exists.
   */
  put(tenantId: string, key: string, tool: string, args: string, value: string, computedAt: number): void {
    this.upsert.run({ tenantId, key, tool, args, value, computedAt });
  }

  /** Drops rows computed before `cutoff` (they can only be expired). */
  prune(cutoff: number): number {
    return this.deleteOld.run(cutoff).changes;
  }

  deleteTenant(tenantId: string): number {
    return this.deleteTenantRows.run(tenantId).changes;
  }

  count(tenantId: string): number {
    return this.countTenant.get(tenantId) as number;
  }
}
