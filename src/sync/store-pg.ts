import type pg from 'pg';
import { inPgTransaction, tenantAdmitsPg } from '../store/pg/transaction.js';
import type { SyncSettings, SyncStore, SystemSyncStatus } from './store.js';

/** The sync's rows in PostgreSQL (`schema/graph-sync.ts`). */
export class PgSyncStore implements SyncStore {
  constructor(private readonly pool: pg.Pool) {}

  async settings(tenantId: string): Promise<SyncSettings | undefined> {
    const { rows } = await this.pool.query<{ body: SyncSettings }>(
      'SELECT body FROM graph_sync_settings WHERE tenant_id = $1',
      [tenantId],
    );
    return rows[0]?.body;
  }

  async putSettings(tenantId: string, settings: SyncSettings, at: number): Promise<boolean> {
    return this.gated(tenantId, (client) =>
      client.query(
        `INSERT INTO graph_sync_settings (tenant_id, body, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
        [tenantId, JSON.stringify(settings), at],
      ),
    );
  }

  async enabledTenants(): Promise<Array<{ tenantId: string; settings: SyncSettings }>> {
    const { rows } = await this.pool.query<{ tenant_id: string; body: SyncSettings }>(
      `SELECT tenant_id, body FROM graph_sync_settings WHERE (body->>'enabled')::boolean ORDER BY tenant_id`,
    );
    return rows.map((row) => ({ tenantId: row.tenant_id, settings: row.body }));
  }

  async statuses(tenantId: string): Promise<SystemSyncStatus[]> {
    const { rows } = await this.pool.query<{ body: SystemSyncStatus }>(
      'SELECT body FROM graph_sync_status WHERE tenant_id = $1 ORDER BY system',
      [tenantId],
    );
    return rows.map((row) => row.body);
  }

  async putStatus(tenantId: string, status: SystemSyncStatus): Promise<boolean> {
    return this.gated(tenantId, (client) =>
      client.query(
        `INSERT INTO graph_sync_status (tenant_id, system, body) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id, system) DO UPDATE SET body = excluded.body`,
        [tenantId, status.system, JSON.stringify(status)],
      ),
    );
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return inPgTransaction(this.pool, async (client) => {
      const settings = await client.query('DELETE FROM graph_sync_settings WHERE tenant_id = $1', [tenantId]);
      const statuses = await client.query('DELETE FROM graph_sync_status WHERE tenant_id = $1', [tenantId]);
      return (settings.rowCount ?? 0) + (statuses.rowCount ?? 0);
    });
  }

  private gated(tenantId: string, write: (client: pg.PoolClient) => Promise<unknown>): Promise<boolean> {
    return inPgTransaction(this.pool, async (client) => {
      if (!(await tenantAdmitsPg(client, tenantId))) return false;
      await write(client);
      return true;
    });
  }
}
