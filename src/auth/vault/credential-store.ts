import type { SealedSecret } from './cipher.js';

/** Whose credentials a stored row holds: one user of one tenant, for one provider (emails already normalised). */
export interface CredentialKey {
  tenantId: string;
  userEmail: string;
  provider: string;
}

/** A stored row: its key and its sealed bytes. */
export interface StoredCredential extends CredentialKey {
  sealed: SealedSecret;
}

/**
 * Where the credential vault keeps its rows, on either backend. It holds sealed bytes only: sealing and
 * opening stay in the vault above it (vault.ts), the same for every backend.
 */
export interface CredentialStore {
  /**
   * Stores (or replaces) a row, in one transaction with the tenant gate: false, and nothing stored, when
   * the tenant is gone or (when `tenantEpoch` is given) is no longer that generation.
   */
  put(key: CredentialKey, sealed: SealedSecret, at: number, tenantEpoch?: string): Promise<boolean>;
  get(key: CredentialKey): Promise<SealedSecret | undefined>;
  /** True when there was a row. */
  delete(key: CredentialKey): Promise<boolean>;
  /** The providers a user has rows for, by name. */
  providers(tenantId: string, userEmail: string): Promise<string[]>;
  /** The users of a tenant holding a row for a provider (who consented to it), by email. */
  holders(tenantId: string, provider: string): Promise<string[]>;
  /**
   * Replaces every row not sealed under `currentKeyId` by what `reseal` makes of it, in one transaction
   * that servers starting together take in turn (the later ones find nothing left to do). Returns how
   * many rows moved; when `reseal` throws, none did.
   */
  resealAll(currentKeyId: string, reseal: (row: StoredCredential) => SealedSecret): Promise<number>;
  /** Deletes every row of a tenant; returns how many. */
  deleteTenant(tenantId: string): Promise<number>;
  /**
   * Runs `work` holding the lock of one row across every server sharing the store, `work` reading and
   * writing that row through `row`: whoever comes meanwhile waits, then reads what `work` stored.
   */
  withRowLock<T>(key: CredentialKey, work: (row: LockedCredential) => Promise<T>): Promise<T>;
}

/** The row a `withRowLock` holds, read and written within the lock. */
export interface LockedCredential {
  get(): Promise<SealedSecret | undefined>;
  /** As `CredentialStore.put`. */
  put(sealed: SealedSecret, at: number, tenantEpoch?: string): Promise<boolean>;
  delete(): Promise<boolean>;
}

/** A `vault_credentials` row as both backends read it (bytea and BLOB columns come back as Buffers). */
export interface CredentialRow {
  tenant_id: string;
  user_email: string;
  provider: string;
  key_id: string;
  nonce: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

export const sealedOf = (row: Pick<CredentialRow, 'key_id' | 'nonce' | 'ciphertext' | 'tag'>): SealedSecret => ({
  keyId: row.key_id,
  nonce: row.nonce,
  ciphertext: row.ciphertext,
  tag: row.tag,
});
