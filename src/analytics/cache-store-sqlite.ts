import type { Db } from '../store/db.js';
import type { AnalyticsCacheStore, StoredResult } from './cache-store.js';

/** The analytics cache table in the installation's SQLite file; each method is one statement. */
export class SqliteAnalyticsCacheStore implements AnalyticsCacheStore {
  private readonly selectOne;
  private readonly upsert;
  private readonly deleteOld;
  private readonly deleteTenantRows;
  private readonly countTenant;

  constructor(db: Db) {
    this.selectOne = db.prepare(
      'SELECT value, computed_at AS computedAt FROM analytics_cache WHERE tenant_id = ? AND cache_key = ?',
    );
    // The tenant row is checked in the statement that writes, so a delete cannot slip in between.
    this.upsert = db.prepare(`
      INSERT INTO analytics_cache (tenant_id, cache_key, tool, args, value, computed_at)
      SELECT @tenantId, @key, @tool, @args, @value, @computedAt WHERE EXISTS (SELECT 1 FROM tenants WHERE id = @tenantId)
      ON CONFLICT (tenant_id, cache_key) DO UPDATE SET value = excluded.value, computed_at = excluded.computed_at
      WHERE excluded.computed_at >= analytics_cache.computed_at`);
    this.deleteOld = db.prepare('DELETE FROM analytics_cache WHERE computed_at < ?');
    this.deleteTenantRows = db.prepare('DELETE FROM analytics_cache WHERE tenant_id = ?');
    this.countTenant = db.prepare('SELECT COUNT(*) FROM analytics_cache WHERE tenant_id = ?').pluck();
  }

  async get(tenantId: string, key: string): Promise<StoredResult | undefined> {
    return this.selectOne.get(tenantId, key) as StoredResult | undefined;
  }

  async put(tenantId: string, key: string, tool: string, args: string, value: string, computedAt: number) {
    this.upsert.run({ tenantId, key, tool, args, value, computedAt });
  }

  async prune(cutoff: number): Promise<number> {
    return this.deleteOld.run(cutoff).changes;
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return this.deleteTenantRows.run(tenantId).changes;
  }

  async count(tenantId: string): Promise<number> {
    return this.countTenant.get(tenantId) as number;
  }
}
