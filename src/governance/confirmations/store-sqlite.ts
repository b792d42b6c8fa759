import type { Db, Migration } from '../../store/db.js';
import type { TenantGate } from '../../store/tenant-gate.js';
import { CONFIRMATION_SQL, confirmationOf, insertValues } from './store.js';
import type { Confirmation, ConfirmationBinding, ConfirmationRow, ConfirmationStore } from './store.js';

export const confirmationMigrations: Migration[] = [
  {
    // Confirmations a person gives out of band (or a caller by token): single-use, bound to tenant, user, tool
    // and the arguments' digest. Rows carry their tenant (purged with it).
    id: '470_confirmations',
    up: (db) =>
      db.exec(`
        CREATE TABLE confirmations (
          id TEXT PRIMARY KEY,
          tenant_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          tool TEXT NOT NULL,
          args_digest TEXT NOT NULL,
          action TEXT NOT NULL,
          args TEXT NOT NULL,
          token_allowed INTEGER NOT NULL,
          status TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          decided_at INTEGER,
          used_at INTEGER
        );
        CREATE INDEX confirmations_by_binding ON confirmations (tenant_id, user_id, tool, args_digest);
        CREATE INDEX confirmations_by_expiry ON confirmations (expires_at);
      `),
  },
];

/** Confirmations in the installation's SQLite file. */
export class SqliteConfirmationStore implements ConfirmationStore {
  private readonly statements;

  constructor(
    private readonly db: Db,
    private readonly gate: TenantGate,
  ) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO confirmations (${CONFIRMATION_SQL.insertColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      get: db.prepare('SELECT * FROM confirmations WHERE id = ?'),
      decide: db.prepare(CONFIRMATION_SQL.decide),
      byToken: db.prepare(CONFIRMATION_SQL.consumeByToken).pluck(),
      confirmed: db.prepare(CONFIRMATION_SQL.consumeConfirmed).pluck(),
      deleteTenant: db.prepare('DELETE FROM confirmations WHERE tenant_id = ?'),
      deleteExpired: db.prepare('DELETE FROM confirmations WHERE expires_at < ?'),
    };
  }

  async create(confirmation: Confirmation, epoch?: string): Promise<boolean> {
    return this.db.transaction(() => {
      if (!this.gate(confirmation.tenantId, epoch)) return false;
      const values = insertValues(confirmation);
      values[7] = confirmation.tokenAllowed ? 1 : 0;
      this.statements.insert.run(...values);
      return true;
    })();
  }

  async get(id: string): Promise<Confirmation | undefined> {
    const row = this.statements.get.get(id) as ConfirmationRow | undefined;
    return row && confirmationOf(row);
  }

  async decide(id: string, userId: string, decision: 'confirmed' | 'declined', now: number): Promise<boolean> {
    return this.statements.decide.run(decision, now, id, userId, now).changes === 1;
  }

  async consume(binding: ConfirmationBinding, now: number, token?: string): Promise<string | undefined> {
    const { tenantId, userId, tool, argsDigest } = binding;
    const id = token
      ? this.statements.byToken.get(now, token, tenantId, userId, tool, argsDigest, now)
      : this.statements.confirmed.get(now, tenantId, userId, tool, argsDigest, now);
    return id as string | undefined;
  }

  async deleteExpired(before: number): Promise<number> {
    return this.statements.deleteExpired.run(before).changes;
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return this.statements.deleteTenant.run(tenantId).changes;
  }
}
