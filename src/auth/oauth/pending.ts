import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import type { TenantGate } from '../../store/tenant-gate.js';
import { AppError } from '../../toolkit/errors.js';

/** An authorization a user started and has not finished: what the callback needs besides the state. */
export interface PendingAuthorization {
  nonce: string;
  tenantId: string;
  userEmail: string;
  provider: string;
  codeVerifier?: string;
  redirectUri: string;
  returnUrl?: string;
  expiresAt: number;
}

interface Row {
  nonce: string;
  tenant_id: string;
  user_email: string;
  provider: string;
  code_verifier: string | null;
  redirect_uri: string;
  return_url: string | null;
  expires_at: number;
}

/**
 * Started authorizations, one row per state nonce. Taking a row deletes it, so a state is good for
 * one callback: a replayed state finds nothing. The PKCE verifier stays here, never in the browser.
 */
export class PendingAuthorizations {
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

  add(pending: PendingAuthorization, now: number, tenantEpoch?: string): void {
    this.db.transaction(() => {
      if (!this.gate(pending.tenantId, tenantEpoch))
        throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${pending.tenantId}`);
      this.prune.run(now);
      this.insert.run({ ...pending, codeVerifier: pending.codeVerifier ?? null, returnUrl: pending.returnUrl ?? null });
    })();
  }

  /** Removes and returns the authorization of a nonce; undefined when unknown, used or expired. */
  consume(nonce: string, now: number): PendingAuthorization | undefined {
    const row = this.take.get(nonce) as Row | undefined;
    if (!row || row.expires_at <= now) return undefined;
    return {
      nonce: row.nonce,
      tenantId: row.tenant_id,
      userEmail: row.user_email,
      provider: row.provider,
      codeVerifier: row.code_verifier ?? undefined,
      redirectUri: row.redirect_uri,
      returnUrl: row.return_url ?? undefined,
      expiresAt: row.expires_at,
    };
  }
}
