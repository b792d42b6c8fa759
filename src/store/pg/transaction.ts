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
 * writer knows the generation it was authorised under, still carry that epoch. `FOR SHARE` holds the row
 * until commit, so a concurrent delete of the tenant waits for this write (and then cascades over it)
 * instead of slipping between the check and the write. Throws TENANT_NOT_FOUND otherwise.
 */
export async function gateTenantPg(client: pg.PoolClient, tenantId: string, epoch?: string): Promise<void> {
  const { rows } = await client.query<{ epoch: string }>('SELECT epoch FROM tenants WHERE id = $1 FOR SHARE', [
    tenantId,
  ]);
  if (rows.length === 0 || (epoch !== undefined && rows[0].epoch !== epoch))
    throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${tenantId}`);
}
