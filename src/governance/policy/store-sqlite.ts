import type { Db, Migration } from '../../store/db.js';
import type { TenantGate } from '../../store/tenant-gate.js';
import type { TenantPolicy } from './rules.js';
import type { PolicyStore } from './store.js';

export const policyMigrations: Migration[] = [
  {
    // Each tenant's governance policy as the JSON the admin gave (validated); tenants without a row run on the defaults.
    id: '480_tenant_policy',
    up: (db) =>
      db.exec(`
        CREATE TABLE tenant_policies (
          tenant_id TEXT PRIMARY KEY,
          body TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        );
      `),
  },
];

/** The policies in the installation's SQLite file: one primary-key read per load. */
export class SqlitePolicyStore implements PolicyStore {
  private readonly statements;

  constructor(
    private readonly db: Db,
    private readonly gate: TenantGate,
  ) {
    this.statements = {
      get: db.prepare('SELECT body FROM tenant_policies WHERE tenant_id = ?').pluck(),
      put: db.prepare(
        `INSERT INTO tenant_policies (tenant_id, body, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (tenant_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
      ),
      remove: db.prepare('DELETE FROM tenant_policies WHERE tenant_id = ?'),
    };
  }

  async get(tenantId: string): Promise<TenantPolicy | undefined> {
    const body = this.statements.get.get(tenantId) as string | undefined;
    return body === undefined ? undefined : (JSON.parse(body) as TenantPolicy);
  }

  async put(tenantId: string, policy: TenantPolicy, at: number): Promise<boolean> {
    return this.db.transaction(() => {
      if (!this.gate(tenantId)) return false;
      this.statements.put.run(tenantId, JSON.stringify(policy), at);
      return true;
    })();
  }

  async reset(tenantId: string): Promise<boolean> {
    return this.statements.remove.run(tenantId).changes > 0;
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return this.statements.remove.run(tenantId).changes;
  }
}
