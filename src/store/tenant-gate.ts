import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';

/**
 * Whether a tenant may still be written for: its row exists and, when the writer knows the generation
 * it was authorised under, that generation is still the tenant's epoch. Writers call it inside the
 * transaction that writes, so a delete can never slip between the check and the write.
 */
export type TenantGate = (tenantId: string, epoch?: string) => boolean;

/** The gate over the installation's tenants table (one primary-key lookup). */
export function tenantGate(db: Db): TenantGate {
  const epochOf: Statement = db.prepare('SELECT epoch FROM tenants WHERE id = ?').pluck();
  return (tenantId, epoch) => {
    const current = epochOf.get(tenantId) as string | undefined;
    return current !== undefined && (epoch === undefined || current === epoch);
  };
}
