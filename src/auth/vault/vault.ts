import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import type { TenantGate } from '../../store/tenant-gate.js';
import { AppError } from '../../toolkit/errors.js';
import { open, seal, type SealedSecret } from './cipher.js';
import { LocalGrantGenerations, type GrantGenerations } from './generations.js';
import type { Keyring } from './keyring.js';

/** A provider's credentials for one user: access and refresh tokens, expiry, scopes, account email. */
export type VaultSecret = Record<string, unknown>;

/** Who a vault row belongs to. Emails are compared case-insensitively. */
export interface VaultOwner {
  tenantId: string;
  userEmail: string;
  /** The tenant generation the caller was authorised under (writes are refused for a later one). */
  tenantEpoch?: string;
}

interface Row {
  key_id: string;
  nonce: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

const normalEmail = (email: string): string => email.trim().toLowerCase();

/** The additional data a row is sealed with: moving its bytes to another owner breaks the seal. */
const contextOf = (tenantId: string, userEmail: string, provider: string): string =>
  JSON.stringify([tenantId, normalEmail(userEmail), provider]);

/**
 * Per-user provider credentials, sealed with AES-256-GCM (see cipher.ts) under the keyring's current
 * key. Nothing here returns a secret to a surface: callers are credential sources and OAuth flows.
 */
export class CredentialVault {
  private readonly select: Statement;
  private readonly upsert: Statement;
  private readonly remove: Statement;
  private readonly providers: Statement;
  /** Rows written when a tenant's credentials for a provider are first touched (see `fillOnFirstUse`). */
  private readonly pendingFills = new Map<string, { tenantId: string; provider: string; fill: () => void }>();

  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
    private readonly gate: TenantGate,
    private readonly now: () => number = Date.now,
    /** Advanced by every grant stored anew or removed: what caches key per-user answers by. */
    readonly generations: GrantGenerations = new LocalGrantGenerations(),
  ) {
    this.select = db.prepare(
      'SELECT key_id, nonce, ciphertext, tag FROM vault_credentials WHERE tenant_id = ? AND user_email = ? AND provider = ?',
    );
    this.upsert = db.prepare(`
      INSERT INTO vault_credentials (tenant_id, user_email, provider, key_id, nonce, ciphertext, tag, created_at, updated_at)
      VALUES (@tenantId, @userEmail, @provider, @keyId, @nonce, @ciphertext, @tag, @at, @at)
      ON CONFLICT (tenant_id, user_email, provider) DO UPDATE SET
        key_id = excluded.key_id, nonce = excluded.nonce, ciphertext = excluded.ciphertext, tag = excluded.tag, updated_at = excluded.updated_at`);
    this.remove = db.prepare('DELETE FROM vault_credentials WHERE tenant_id = ? AND user_email = ? AND provider = ?');
    this.providers = db
      .prepare('SELECT provider FROM vault_credentials WHERE tenant_id = ? AND user_email = ? ORDER BY provider')
      .pluck();
  }

  /** Whether keys were derived locally instead of configured (the start-up message says so). */
  get usesDerivedKey(): boolean {
    return this.keyring.derived;
  }

  /**
   * Defers writing a tenant's rows for a provider until they are first touched (demo mode's consent
   * given ahead: seeding the fakes that issue those tokens would otherwise delay start-up).
   */
  fillOnFirstUse(tenantId: string, provider: string, fill: () => void): void {
    this.pendingFills.set(JSON.stringify([tenantId, provider]), { tenantId, provider, fill });
  }

  /** Runs the pending fills of a tenant's provider (every provider when none is named). */
  private filled(tenantId: string, provider?: string): void {
    for (const [key, pending] of this.pendingFills) {
      if (pending.tenantId !== tenantId || (provider !== undefined && pending.provider !== provider)) continue;
      this.pendingFills.delete(key);
      pending.fill();
    }
  }

  /**
   * Stores (or replaces) a user's credentials for a provider; refused when the tenant is gone. A new
   * grant starts a new generation; `sameGrant` says these are the current grant's tokens renewed.
   */
  put(owner: VaultOwner, provider: string, secret: VaultSecret, options: { sameGrant?: boolean } = {}): void {
    this.filled(owner.tenantId, provider);
    const userEmail = normalEmail(owner.userEmail);
    const sealed = seal(
      this.keyring.current,
      Buffer.from(JSON.stringify(secret), 'utf8'),
      contextOf(owner.tenantId, userEmail, provider),
    );
    this.db.transaction(() => {
      if (!this.gate(owner.tenantId, owner.tenantEpoch))
        throw new AppError('NOT_FOUND', `Tenant ${owner.tenantId} does not exist`);
      this.upsert.run({ tenantId: owner.tenantId, userEmail, provider, ...sealed, at: this.now() });
    })();
    if (!options.sameGrant) this.generations.advance({ tenantId: owner.tenantId, userEmail, provider });
  }

  /** The user's credentials for a provider, or undefined when none are stored. */
  get(owner: VaultOwner, provider: string): VaultSecret | undefined {
    this.filled(owner.tenantId, provider);
    const userEmail = normalEmail(owner.userEmail);
    const row = this.select.get(owner.tenantId, userEmail, provider) as Row | undefined;
    if (!row) return undefined;
    const plaintext = open(this.keyring, sealedOf(row), contextOf(owner.tenantId, userEmail, provider));
    return JSON.parse(plaintext.toString('utf8')) as VaultSecret;
  }

  /** Forgets a user's credentials for a provider; true when there were any. */
  delete(owner: VaultOwner, provider: string): boolean {
    this.filled(owner.tenantId, provider);
    const userEmail = normalEmail(owner.userEmail);
    const removed = this.remove.run(owner.tenantId, userEmail, provider).changes > 0;
    this.generations.advance({ tenantId: owner.tenantId, userEmail, provider });
    return removed;
  }

  /** The providers a user has stored credentials for. */
  providersOf(owner: VaultOwner): string[] {
    this.filled(owner.tenantId);
    return this.providers.all(owner.tenantId, normalEmail(owner.userEmail)) as string[];
  }

  /**
   * Re-seals every row sealed under an older key with the current one, in one transaction (after a
   * rotation puts a new key first). Returns how many rows moved.
   */
  reseal(): number {
    for (const { tenantId } of [...this.pendingFills.values()]) this.filled(tenantId);
    const stale = this.db
      .prepare(
        'SELECT tenant_id, user_email, provider, key_id, nonce, ciphertext, tag FROM vault_credentials WHERE key_id != ?',
      )
      .all(this.keyring.current.id) as Array<Row & { tenant_id: string; user_email: string; provider: string }>;
    if (stale.length === 0) return 0;
    const update = this.db.prepare(
      'UPDATE vault_credentials SET key_id = @keyId, nonce = @nonce, ciphertext = @ciphertext, tag = @tag WHERE tenant_id = @tenantId AND user_email = @userEmail AND provider = @provider',
    );
    this.db.transaction(() => {
      for (const row of stale) {
        const context = contextOf(row.tenant_id, row.user_email, row.provider);
        const resealed = seal(this.keyring.current, open(this.keyring, sealedOf(row), context), context);
        update.run({ tenantId: row.tenant_id, userEmail: row.user_email, provider: row.provider, ...resealed });
      }
    })();
    return stale.length;
  }
}

const sealedOf = (row: Row): SealedSecret => ({
  keyId: row.key_id,
  nonce: row.nonce,
  ciphertext: row.ciphertext,
  tag: row.tag,
});
