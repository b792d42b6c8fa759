import type { Db } from '../../store/db.js';
import type { TenantGate } from '../../store/tenant-gate.js';
import type { SealedSecret } from './cipher.js';
import {
  sealedOf,
  type CredentialKey,
  type CredentialRow,
  type CredentialStore,
  type LockedCredential,
  type StoredCredential,
} from './credential-store.js';

/** Vault rows in the installation's SQLite file (table `vault_credentials` of schema.ts). */
export class SqliteCredentialStore implements CredentialStore {
  private readonly statements;

  constructor(
    private readonly db: Db,
    private readonly gate: TenantGate,
  ) {
    this.statements = {
      select: db.prepare(
        'SELECT key_id, nonce, ciphertext, tag FROM vault_credentials WHERE tenant_id = ? AND user_email = ? AND provider = ?',
      ),
      upsert: db.prepare(`
        INSERT INTO vault_credentials (tenant_id, user_email, provider, key_id, nonce, ciphertext, tag, created_at, updated_at)
        VALUES (@tenantId, @userEmail, @provider, @keyId, @nonce, @ciphertext, @tag, @at, @at)
        ON CONFLICT (tenant_id, user_email, provider) DO UPDATE SET
          key_id = excluded.key_id, nonce = excluded.nonce, ciphertext = excluded.ciphertext, tag = excluded.tag, updated_at = excluded.updated_at`),
      remove: db.prepare('DELETE FROM vault_credentials WHERE tenant_id = ? AND user_email = ? AND provider = ?'),
      providers: db
        .prepare('SELECT provider FROM vault_credentials WHERE tenant_id = ? AND user_email = ? ORDER BY provider')
        .pluck(),
      holders: db
        .prepare('SELECT user_email FROM vault_credentials WHERE tenant_id = ? AND provider = ? ORDER BY user_email')
        .pluck(),
      stale: db.prepare(
        'SELECT tenant_id, user_email, provider, key_id, nonce, ciphertext, tag FROM vault_credentials WHERE key_id != ?',
      ),
      update: db.prepare(
        'UPDATE vault_credentials SET key_id = @keyId, nonce = @nonce, ciphertext = @ciphertext, tag = @tag WHERE tenant_id = @tenantId AND user_email = @userEmail AND provider = @provider',
      ),
      deleteTenant: db.prepare('DELETE FROM vault_credentials WHERE tenant_id = ?'),
    };
  }

  async put(key: CredentialKey, sealed: SealedSecret, at: number, tenantEpoch?: string): Promise<boolean> {
    return this.db.transaction(() => {
      if (!this.gate(key.tenantId, tenantEpoch)) return false;
      this.statements.upsert.run({ ...key, ...sealed, at });
      return true;
    })();
  }

  async get(key: CredentialKey): Promise<SealedSecret | undefined> {
    const row = this.statements.select.get(key.tenantId, key.userEmail, key.provider) as CredentialRow | undefined;
    return row && sealedOf(row);
  }

  async delete(key: CredentialKey): Promise<boolean> {
    return this.statements.remove.run(key.tenantId, key.userEmail, key.provider).changes > 0;
  }

  async providers(tenantId: string, userEmail: string): Promise<string[]> {
    return this.statements.providers.all(tenantId, userEmail) as string[];
  }

  async holders(tenantId: string, provider: string): Promise<string[]> {
    return this.statements.holders.all(tenantId, provider) as string[];
  }

  async resealAll(currentKeyId: string, reseal: (row: StoredCredential) => SealedSecret): Promise<number> {
    return this.db.transaction(() => {
      const stale = this.statements.stale.all(currentKeyId) as CredentialRow[];
      for (const row of stale) {
        const key = { tenantId: row.tenant_id, userEmail: row.user_email, provider: row.provider };
        this.statements.update.run({ ...key, ...reseal({ ...key, sealed: sealedOf(row) }) });
      }
      return stale.length;
    })();
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return this.statements.deleteTenant.run(tenantId).changes;
  }

  /** One server uses the file, and the OAuth flow already refreshes one grant at a time in it: no lock to take. */
  withRowLock<T>(key: CredentialKey, work: (row: LockedCredential) => Promise<T>): Promise<T> {
    return work({
      get: () => this.get(key),
      put: (sealed, at, tenantEpoch) => this.put(key, sealed, at, tenantEpoch),
      delete: () => this.delete(key),
    });
  }
}
