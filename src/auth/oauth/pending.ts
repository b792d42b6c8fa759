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

/**
 * Started authorizations, one per state nonce (SQLite: `pending-sqlite.ts`, PostgreSQL: `pending-pg.ts`).
 * Taking one deletes it, so a state is good for one callback: a replayed state finds nothing. The PKCE
 * verifier stays here, never in the browser.
 */
export interface PendingAuthorizations {
  /** Records a started authorization (pruning expired ones); TENANT_NOT_FOUND when its tenant is gone. */
  add(pending: PendingAuthorization, now: number, tenantEpoch?: string): Promise<void>;
  /** Removes and returns the authorization of a nonce; undefined when unknown, used or expired. */
  consume(nonce: string, now: number): Promise<PendingAuthorization | undefined>;
  /** Forgets every authorization a tenant's users started (the tenant purge); how many. */
  deleteTenant(tenantId: string): Promise<number>;
}

/** A stored pending row, as both backends read it. */
export interface PendingRow {
  nonce: string;
  tenant_id: string;
  user_email: string;
  provider: string;
  code_verifier: string | null;
  redirect_uri: string;
  return_url: string | null;
  expires_at: number | string;
}

/** The authorization of a row just taken, unless it had expired. */
export function pendingOf(row: PendingRow | undefined, now: number): PendingAuthorization | undefined {
  const expiresAt = Number(row?.expires_at);
  if (!row || expiresAt <= now) return undefined;
  return {
    nonce: row.nonce,
    tenantId: row.tenant_id,
    userEmail: row.user_email,
    provider: row.provider,
    codeVerifier: row.code_verifier ?? undefined,
    redirectUri: row.redirect_uri,
    returnUrl: row.return_url ?? undefined,
    expiresAt,
  };
}
