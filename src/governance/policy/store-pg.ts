import type pg from 'pg';
import { inPgTransaction, tenantAdmitsPg } from '../../store/pg/transaction.js';
import type { TenantPolicy } from './rules.js';
import type { PolicyStore } from './store.js';

/** The policies in PostgreSQL (`schema/tenant-policy.ts`). */
export class PgPolicyStore implements PolicyStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(tenantId: string): Promise<TenantPolicy | undefined> {
    const { rows } = await this.pool.query<{ body: TenantPolicy }>(
      'SELECT body FROM tenant_policies WHERE tenant_id = $1',
      [tenantId],
    );
    return rows[0]?.body;
  }

  async put(tenantId: string, policy: TenantPolicy, at: number): Promise<boolean> {
    return inPgTransaction(this.pool, async (client) => {
      if (!(await tenantAdmitsPg(client, tenantId))) return false;
      await client.query(
        `INSERT INTO tenant_policies (tenant_id, body, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
        [tenantId, JSON.stringify(policy), at],
      );
      return true;
    });
  }

  async reset(tenantId: string): Promise<boolean> {
    return (await this.deleteTenant(tenantId)) > 0;
  }

  async deleteTenant(tenantId: string): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM tenant_policies WHERE tenant_id = $1', [tenantId]);
    return rowCount ?? 0;
  }
}
