import type { Db, Migration } from '../store/db.js';
import type { TenantGate } from '../store/tenant-gate.js';
import type { SyncSettings, SyncStore, SystemSyncStatus } from './store.js';

export const syncMigrations: Migration[] = [
  {
    // A tenant's sync settings, and per system what its last run did (the status as JSON, its cursor inside).
    id: '490_graph_sync',
    up: (db) =>
      db.exec(`
        CREATE TABLE graph_sync_settings (
          tenant_id TEXT PRIMARY KEY,
          body TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE TABLE graph_sync_status (
          tenant_id TEXT NOT NULL,
          system TEXT NOT NULL,
          body TEXT NOT NULL,
          PRIMARY KEY (tenant_id, system)
        );
      `),
  },
];

/** The sync's rows in the installation's SQLite file. */
export class SqliteSyncStore implements SyncStore {
  private readonly statements;

  constructor(
    private readonly db: Db,
    private readonly gate: TenantGate,
  ) {
    this.statements = {
      settings: db.prepare('SELECT body FROM graph_sync_settings WHERE tenant_id = ?').pluck(),
      putSettings: db.prepare(
        `INSERT INTO graph_sync_settings (tenant_id, body, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (tenant_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
      ),
      all: db.prepare('SELECT tenant_id, body FROM graph_sync_settings ORDER BY tenant_id'),
      statuses: db.prepare('SELECT body FROM graph_sync_status WHERE tenant_id = ? ORDER BY system').pluck(),
      putStatus: db.prepare(
        `INSERT INTO graph_sync_status (tenant_id, system, body) VALUES (?, ?, ?)
         ON CONFLICT (tenant_id, system) DO UPDATE SET body = excluded.body`,
      ),
      removeSettings: db.prepare('DELETE FROM graph_sync_settings WHERE tenant_id = ?'),
      removeStatus: db.prepare('DELETE FROM graph_sync_status WHERE tenant_id = ?'),
    };
  }

  async settings(tenantId: string): Promise<SyncSettings | undefined> {
    const body = this.statements.settings.get(tenantId) as string | undefined;
    return body === undefined ? undefined : (JSON.parse(body) as SyncSettings);
  }

  async putSettings(tenantId: string, settings: SyncSettings, at: number): Promise<boolean> {
    return this.gated(tenantId, () => this.statements.putSettings.run(tenantId, JSON.stringify(settings), at));
  }

  async enabledTenants(): Promise<Array<{ tenantId: string; settings: SyncSettings }>> {
    const rows = this.statements.all.all() as Array<{ tenant_id: string; body: string }>;
    return rows
      .map((row) => ({ tenantId: row.tenant_id, settings: JSON.parse(row.body) as SyncSettings }))
      .filter((row) => row.settings.enabled);
  }

  async statuses(tenantId: string): Promise<SystemSyncStatus[]> {
    return (this.statements.statuses.all(tenantId) as string[]).map((body) => JSON.parse(body) as SystemSyncStatus);
  }

  async putStatus(tenantId: string, status: SystemSyncStatus): Promise<boolean> {
    return this.gated(tenantId, () => this.statements.putStatus.run(tenantId, status.system, JSON.stringify(status)));
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return this.db.transaction(
      () => this.statements.removeSettings.run(tenantId).changes + this.statements.removeStatus.run(tenantId).changes,
    )();
  }

  private gated(tenantId: string, write: () => unknown): boolean {
    return this.db.transaction(() => {
      if (!this.gate(tenantId)) return false;
      write();
      return true;
    })();
  }
}
