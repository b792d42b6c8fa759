import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import type { TenantGate } from '../../store/tenant-gate.js';
import { AppError } from '../../toolkit/errors.js';
import { pendingOf, type PendingAuthorization, type PendingAuthorizations, type PendingRow } from './pending.js';

/** Started authorizations in the installation's SQLite file (`DELETE … RETURNING` takes a row once). */
export class SqlitePendingAuthorizations implements PendingAuthorizations {
  private readonly insert: Statement;
  private readonly take: Statement;
  private readonly prune: Statement;

  constructor(
    private readonly db: Db,
    private readonly gate: TenantGate,
  ) {
    this.insert =
      db.prepare(`INSERT INTO oauth_pending (nonce, tenant_id, user_email, provider, code_verifier, redirect_uri, return_url, expires_at)
      VALUES (@nonce, @tenantId, @userEmail, @provider, @codeVerifier, @redirectUri, @returnUrl, @expiresAt)`);
    this.take = db.prepare('DELETE FROM oauth_pending WHERE nonce = ? RETURNING *');
    this.prune = db.prepare('DELETE FROM oauth_pending WHERE expires_at <= ?');
  }

  async add(pending: PendingAuthorization, now: number, tenantEpoch?: string): Promise<void> {
    this.db.transaction(() => {
      if (!this.gate(pending.tenantId, tenantEpoch))
        throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${pending.tenantId}`);
      this.prune.run(now);
      this.insert.run({ ...pending, codeVerifier: pending.codeVerifier ?? null, returnUrl: pending.returnUrl ?? null });
    })();
  }

  async consume(nonce: string, now: number): Promise<PendingAuthorization | undefined> {
    return pendingOf(this.take.get(nonce) as PendingRow | undefined, now);
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return this.db.prepare('DELETE FROM oauth_pending WHERE tenant_id = ?').run(tenantId).changes;
  }
}
