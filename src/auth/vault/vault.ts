import { AppError } from '../../toolkit/errors.js';
import { open, seal } from './cipher.js';
import type { CredentialKey, CredentialStore, LockedCredential } from './credential-store.js';
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

/** A user's credentials for a provider, read and written while `withGrantLock` holds them. */
export interface LockedGrant {
  get(): Promise<VaultSecret | undefined>;
  /** As `CredentialVault.put`. */
  put(secret: VaultSecret, options?: { sameGrant?: boolean }): Promise<void>;
  delete(): Promise<boolean>;
}

/** Rows a tenant's provider gets when first touched (see `fillOnFirstUse`). */
type Fill = () => Promise<void> | void;

const normalEmail = (email: string): string => email.trim().toLowerCase();

const keyOf = (owner: VaultOwner, provider: string): CredentialKey => ({
  tenantId: owner.tenantId,
  userEmail: normalEmail(owner.userEmail),
  provider,
});

/** The additional data a row is sealed with: moving its bytes to another owner breaks the seal. */
const contextOf = (key: CredentialKey): string => JSON.stringify([key.tenantId, key.userEmail, key.provider]);

const fillKey = (tenantId: string, provider: string): string => JSON.stringify([tenantId, provider]);

/**
 * Per-user provider credentials, sealed with AES-256-GCM (see cipher.ts) under the keyring's current
 * key, kept by a CredentialStore (either backend: it sees sealed bytes only). Nothing here returns a
 * secret to a surface: callers are credential sources and OAuth flows.
 */
export class CredentialVault {
  /** Rows written when a tenant's credentials for a provider are first touched (see `fillOnFirstUse`). */
  private readonly pendingFills = new Map<string, { tenantId: string; provider: string; fill: Fill }>();
  /** Fills under way: whoever reads meanwhile waits for them. */
  private readonly runningFills = new Map<string, { tenantId: string; provider: string; done: Promise<void> }>();

  constructor(
    private readonly store: CredentialStore,
    private readonly keyring: Keyring,
    private readonly now: () => number = Date.now,
    /** Advanced by every grant stored anew or removed: what caches key per-user answers by. */
    readonly generations: GrantGenerations = new LocalGrantGenerations(),
  ) {}

  /** Whether keys were derived locally instead of configured (the start-up message says so). */
  get usesDerivedKey(): boolean {
    return this.keyring.derived;
  }

  /**
   * Defers writing a tenant's rows for a provider until they are first touched (demo mode's consent
   * given ahead: seeding the fakes that issue those tokens would otherwise delay start-up).
   */
  fillOnFirstUse(tenantId: string, provider: string, fill: Fill): void {
    this.pendingFills.set(fillKey(tenantId, provider), { tenantId, provider, fill });
  }

  /**
   * Runs the pending fills of a tenant's provider (every provider when none is named) and, unless
   * `waitForRunning` is false, waits for those already under way. A fill's own writes pass false: they
   * must not wait for the fill that makes them.
   */
  private async filled(tenantId: string, provider?: string, waitForRunning = true): Promise<void> {
    const concerns = (entry: { tenantId: string; provider: string }) =>
      entry.tenantId === tenantId && (provider === undefined || entry.provider === provider);
    const waits: Array<Promise<void>> = [];
    for (const [key, pending] of this.pendingFills) {
      if (!concerns(pending)) continue;
      this.pendingFills.delete(key);
      const done = Promise.resolve()
        .then(pending.fill)
        .finally(() => this.runningFills.delete(key));
      this.runningFills.set(key, { ...pending, done });
      waits.push(done);
    }
    if (waitForRunning)
      for (const running of this.runningFills.values()) if (concerns(running)) waits.push(running.done);
    await Promise.all(waits);
  }

  /**
   * Stores (or replaces) a user's credentials for a provider; refused when the tenant is gone. A new
   * grant starts a new generation; `sameGrant` says these are the current grant's tokens renewed.
   */
  async put(
    owner: VaultOwner,
    provider: string,
    secret: VaultSecret,
    options: { sameGrant?: boolean } = {},
  ): Promise<void> {
    await this.filled(owner.tenantId, provider, false);
    const key = keyOf(owner, provider);
    await this.write(key, this.rowOf(key), owner.tenantEpoch, secret, options);
  }

  /** The user's credentials for a provider, or undefined when none are stored. */
  async get(owner: VaultOwner, provider: string): Promise<VaultSecret | undefined> {
    await this.filled(owner.tenantId, provider);
    const key = keyOf(owner, provider);
    return this.read(key, this.rowOf(key));
  }

  /** Forgets a user's credentials for a provider; true when there were any. */
  async delete(owner: VaultOwner, provider: string): Promise<boolean> {
    await this.filled(owner.tenantId, provider);
    const key = keyOf(owner, provider);
    return this.remove(key, this.rowOf(key));
  }

  /**
   * Runs `work` holding a user's credentials for a provider across every server sharing the store (an
   * OAuth refresh): whoever comes meanwhile waits, then reads what `work` stored.
   */
  async withGrantLock<T>(owner: VaultOwner, provider: string, work: (grant: LockedGrant) => Promise<T>): Promise<T> {
    await this.filled(owner.tenantId, provider);
    const key = keyOf(owner, provider);
    return this.store.withRowLock(key, (row) =>
      work({
        get: () => this.read(key, row),
        put: (secret, options = {}) => this.write(key, row, owner.tenantEpoch, secret, options),
        delete: () => this.remove(key, row),
      }),
    );
  }

  private rowOf(key: CredentialKey): LockedCredential {
    return {
      get: () => this.store.get(key),
      put: (sealed, at, tenantEpoch) => this.store.put(key, sealed, at, tenantEpoch),
      delete: () => this.store.delete(key),
    };
  }

  private async read(key: CredentialKey, row: LockedCredential): Promise<VaultSecret | undefined> {
    const sealed = await row.get();
    if (!sealed) return undefined;
    return JSON.parse(open(this.keyring, sealed, contextOf(key)).toString('utf8')) as VaultSecret;
  }

  /** A new grant starts a new generation; `sameGrant` says these are the current grant's tokens renewed. */
  private async write(
    key: CredentialKey,
    row: LockedCredential,
    tenantEpoch: string | undefined,
    secret: VaultSecret,
    options: { sameGrant?: boolean },
  ): Promise<void> {
    const sealed = seal(this.keyring.current, Buffer.from(JSON.stringify(secret), 'utf8'), contextOf(key));
    if (!(await row.put(sealed, this.now(), tenantEpoch)))
      throw new AppError('NOT_FOUND', `Tenant ${key.tenantId} does not exist`);
    if (!options.sameGrant) await this.generations.advance(key);
  }

  private async remove(key: CredentialKey, row: LockedCredential): Promise<boolean> {
    const removed = await row.delete();
    await this.generations.advance(key);
    return removed;
  }

  /** The providers a user has stored credentials for. */
  async providersOf(owner: VaultOwner): Promise<string[]> {
    await this.filled(owner.tenantId);
    return this.store.providers(owner.tenantId, normalEmail(owner.userEmail));
  }

  /** The users of a tenant who stored credentials for a provider (who consented to it). */
  async holdersOf(tenantId: string, provider: string): Promise<string[]> {
    await this.filled(tenantId);
    return this.store.holders(tenantId, provider);
  }

  /**
   * The users whose credentials for a provider are stored already, without running pending fills: for reads
   * that only classify (whose addresses are the tenant's own), which must not write grants as a side effect (on a
   * fleet, a fill on one node replaced the grants another node had just filled and was using).
   */
  storedHoldersOf(tenantId: string, provider: string): Promise<string[]> {
    return this.store.holders(tenantId, provider);
  }

  /**
   * Re-seals every row sealed under an older key with the current one, in one transaction (after a
   * rotation puts a new key first). Returns how many rows moved.
   */
  async reseal(): Promise<number> {
    const tenants = new Set([...this.pendingFills.values()].map((pending) => pending.tenantId));
    for (const tenantId of tenants) await this.filled(tenantId);
    return this.store.resealAll(this.keyring.current.id, (row) => {
      const context = contextOf(row);
      return seal(this.keyring.current, open(this.keyring, row.sealed, context), context);
    });
  }

  /** Deletes a tenant's rows (the tenant purge; on PostgreSQL they go with the tenant's row anyway). */
  deleteTenant(tenantId: string): Promise<number> {
    return this.store.deleteTenant(tenantId);
  }
}
