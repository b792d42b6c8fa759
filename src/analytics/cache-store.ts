/** A stored analytics result: its JSON, and when it was computed (epoch ms). */
export interface StoredResult {
  value: string;
  computedAt: number;
}

/**
 * The analytics cache rows, per tenant (SQLite: `cache-store-sqlite.ts`, PostgreSQL: `cache-store-pg.ts`).
 * Every method filters by tenant.
 */
export interface AnalyticsCacheStore {
  get(tenantId: string, key: string): Promise<StoredResult | undefined>;
  /**
   * Stores a result unless a newer one is already there (a slow refresh never overwrites a later one)
   * or the tenant no longer exists (a refresh still running when its tenant is deleted stores nothing).
   */
  put(tenantId: string, key: string, tool: string, args: string, value: string, computedAt: number): Promise<void>;
  /** Drops rows computed before `cutoff` (they can only be expired); how many. */
  prune(cutoff: number): Promise<number>;
  deleteTenant(tenantId: string): Promise<number>;
  count(tenantId: string): Promise<number>;
}
