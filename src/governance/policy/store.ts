import type { TenantPolicy } from './rules.js';

/**
 * Each tenant's governance policy (SQLite: `store-sqlite.ts`, PostgreSQL: `store-pg.ts`), one row per tenant
 * that has one: tenants without a row run on the defaults.
 */
export interface PolicyStore {
  get(tenantId: string): Promise<TenantPolicy | undefined>;
  /** Replaces the tenant's policy; false when the tenant does not exist. */
  put(tenantId: string, policy: TenantPolicy, at: number): Promise<boolean>;
  /** Back to the defaults; whether there was a policy. */
  reset(tenantId: string): Promise<boolean>;
  /** Forgets the tenant's policy (the tenant purge). */
  deleteTenant(tenantId: string): Promise<number>;
}
