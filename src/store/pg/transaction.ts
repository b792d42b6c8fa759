import type pg from 'pg';
import { AppError } from '../../toolkit/errors.js';

/** Runs `work` in one transaction on one pooled connection: committed when it resolves, rolled back when it throws. */
export async function inPgTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}

/**
 * The tenant gate of a PostgreSQL write, inside its transaction: the tenant row must exist and, when the
 * writer knows the generation it was authorised under, still carry that epoch. The lock holds the row
 * until commit, so a concurrent delete of the tenant waits for this write (and then cascades over it)
 * instead of slipping between the check and the write. It is `FOR KEY SHARE`, the lock a foreign key
 * check takes: it does not hold up the update that retires the tenant's epoch when it is deleted
 * (TenantStore.remove), which is what stops new writes; `FOR SHARE` did, and since share locks let new
 * holders in while an update or delete waits, a steady stream of writers could hold either off for as
 * long as they kept coming. A gate refused for its epoch locks nothing. Throws TENANT_NOT_FOUND otherwise.
 */
export async function gateTenantPg(client: pg.PoolClient, tenantId: string, epoch?: string): Promise<void> {
  const { rows } = await client.query(
    'SELECT 1 FROM tenants WHERE id = $1 AND ($2::text IS NULL OR epoch = $2) FOR KEY SHARE',
    [tenantId, epoch ?? null],
  );
  if (rows.length === 0) throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${tenantId}`);
}

/** `gateTenantPg` for a write that answers false, writing nothing, when its tenant is gone. */
export async function tenantAdmitsPg(client: pg.PoolClient, tenantId: string, epoch?: string): Promise<boolean> {
  try {
    await gateTenantPg(client, tenantId, epoch);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}
