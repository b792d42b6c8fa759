/** A storage area holding rows that belong to tenants: the tenant purge asks each to delete a tenant's. */
export interface TenantOwnedRows {
  /** Deletes every row the tenant owns in this area (idempotent: a second call finds nothing). */
  deleteTenant(tenantId: string): Promise<unknown>;
}

/**
 * The purge of a deleted tenant: every area deletes its rows, one after the other. It runs once the
 * tenant row is gone, when every tenant gate refuses writes for the tenant, so no row appears behind it
 * (see TenantService.remove). On PostgreSQL the rows went with the tenant row (`ON DELETE CASCADE`);
 * asking the areas again costs one indexed delete each and keeps one path for both backends.
 */
export function purgeAcross(areas: readonly TenantOwnedRows[]): (tenantId: string) => Promise<void> {
  return async (tenantId) => {
    for (const area of areas) await area.deleteTenant(tenantId);
  };
}
