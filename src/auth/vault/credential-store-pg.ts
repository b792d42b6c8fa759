import type pg from 'pg';
import { LOCK_SPACE, withPgTransactionLock } from '../../store/pg/advisory.js';
import { gateTenantPg, inPgTransaction } from '../../store/pg/transaction.js';
import { AppError } from '../../toolkit/errors.js';
import type { SealedSecret } from './cipher.js';
import {
  sealedOf,
  type CredentialKey,
  type CredentialRow as Row,
  type CredentialStore,
  type LockedCredential,
  type StoredCredential,
} from './credential-store.js';

/**
 * Key of the transaction advisory lock that serialises re-sealing (an arbitrary constant: "vaultkey" in
 * ASCII): servers starting together after a key rotation re-seal in turn, the later ones finding no row left.
 */
const RESEAL_LOCK = 0x7661756c746b6579n;

/** Vault rows in PostgreSQL (table `vault_credentials` of `store/pg/schema/services.ts`). */
export class PgCredentialStore implements CredentialStore {
  constructor(private readonly pool: pg.Pool) {}

  async put(key: CredentialKey, sealed: SealedSecret, at: number, tenantEpoch?: string): Promise<boolean> {
    return inPgTransaction(this.pool, (client) => upsert(client, key, sealed, at, tenantEpoch));
  }

  get(key: CredentialKey): Promise<SealedSecret | undefined> {
    return select(this.pool, key);
  }

  delete(key: CredentialKey): Promise<boolean> {
    return remove(this.pool, key);
  }

  async providers(tenantId: string, userEmail: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ provider: string }>(
      'SELECT provider FROM vault_credentials WHERE tenant_id = $1 AND user_email = $2 ORDER BY provider COLLATE "C"',
      [tenantId, userEmail],
    );
    return rows.map((row) => row.provider);
  }

  async holders(tenantId: string, provider: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ user_email: string }>(
      'SELECT user_email FROM vault_credentials WHERE tenant_id = $1 AND provider = $2 ORDER BY user_email COLLATE "C"',
      [tenantId, provider],
    );
    return rows.map((row) => row.user_email);
  }

  async resealAll(currentKeyId: string, reseal: (row: StoredCredential) => SealedSecret): Promise<number> {
    return inPgTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [RESEAL_LOCK]);
      const { rows } = await client.query<Row>(
        'SELECT tenant_id, user_email, provider, key_id, nonce, ciphertext, tag FROM vault_credentials WHERE key_id <> $1 FOR UPDATE',
        [currentKeyId],
      );
      if (rows.length === 0) return 0;
      const resealed = rows.map((row) =>
        reseal({ tenantId: row.tenant_id, userEmail: row.user_email, provider: row.provider, sealed: sealedOf(row) }),
      );
      await client.query(
        `UPDATE vault_credentials AS v SET key_id = u.key_id, nonce = u.nonce, ciphertext = u.ciphertext, tag = u.tag
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bytea[], $6::bytea[], $7::bytea[])
           AS u (tenant_id, user_email, provider, key_id, nonce, ciphertext, tag)
         WHERE v.tenant_id = u.tenant_id AND v.user_email = u.user_email AND v.provider = u.provider`,
        [
          rows.map((row) => row.tenant_id),
          rows.map((row) => row.user_email),
          rows.map((row) => row.provider),
          resealed.map((sealed) => sealed.keyId),
          resealed.map((sealed) => sealed.nonce),
          resealed.map((sealed) => sealed.ciphertext),
          resealed.map((sealed) => sealed.tag),
        ],
      );
      return rows.length;
    });
  }

  async deleteTenant(tenantId: string): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM vault_credentials WHERE tenant_id = $1', [tenantId]);
    return rowCount ?? 0;
  }

  /** A transaction holding an advisory lock on the row's key; the row is read and written on its connection. */
  withRowLock<T>(key: CredentialKey, work: (row: LockedCredential) => Promise<T>): Promise<T> {
    const name = `vault:${JSON.stringify([key.tenantId, key.userEmail, key.provider])}`;
    return withPgTransactionLock(this.pool, LOCK_SPACE.exclusive, name, (client) =>
      work({
        get: () => select(client, key),
        put: (sealed, at, tenantEpoch) => upsert(client, key, sealed, at, tenantEpoch),
        delete: () => remove(client, key),
      }),
    );
  }
}

type Queryable = pg.Pool | pg.PoolClient;

async function select(db: Queryable, key: CredentialKey): Promise<SealedSecret | undefined> {
  const { rows } = await db.query<Row>(
    'SELECT key_id, nonce, ciphertext, tag FROM vault_credentials WHERE tenant_id = $1 AND user_email = $2 AND provider = $3',
    [key.tenantId, key.userEmail, key.provider],
  );
  return rows[0] && sealedOf(rows[0]);
}

async function remove(db: Queryable, key: CredentialKey): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM vault_credentials WHERE tenant_id = $1 AND user_email = $2 AND provider = $3',
    [key.tenantId, key.userEmail, key.provider],
  );
  return rowCount === 1;
}

/** Stores the row behind the tenant gate, on a connection inside a transaction; false when the tenant is gone. */
async function upsert(
  client: pg.PoolClient,
  key: CredentialKey,
  sealed: SealedSecret,
  at: number,
  tenantEpoch?: string,
): Promise<boolean> {
  try {
    await gateTenantPg(client, key.tenantId, tenantEpoch);
  } catch (error) {
    if (error instanceof AppError && error.code === 'TENANT_NOT_FOUND') return false;
    throw error;
  }
  await client.query(
    `INSERT INTO vault_credentials (tenant_id, user_email, provider, key_id, nonce, ciphertext, tag, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     ON CONFLICT (tenant_id, user_email, provider) DO UPDATE SET
       key_id = excluded.key_id, nonce = excluded.nonce, ciphertext = excluded.ciphertext, tag = excluded.tag,
       updated_at = excluded.updated_at`,
    [key.tenantId, key.userEmail, key.provider, sealed.keyId, sealed.nonce, sealed.ciphertext, sealed.tag, at],
  );
  return true;
}
