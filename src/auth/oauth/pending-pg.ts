import type pg from 'pg';
import { gateTenantPg, inPgTransaction } from '../../store/pg/transaction.js';
import { pendingOf, type PendingAuthorization, type PendingAuthorizations, type PendingRow } from './pending.js';

/**
 * Started authorizations in PostgreSQL (table `oauth_pending` of `schema/services.ts`). `DELETE …
 * RETURNING` is the single-use mark: of two callbacks racing with one state, only one gets the row.
 */
export class PgPendingAuthorizations implements PendingAuthorizations {
  constructor(private readonly pool: pg.Pool) {}

  async add(pending: PendingAuthorization, now: number, tenantEpoch?: string): Promise<void> {
    await inPgTransaction(this.pool, async (client) => {
      await gateTenantPg(client, pending.tenantId, tenantEpoch);
      await client.query('DELETE FROM oauth_pending WHERE expires_at <= $1', [now]);
      await client.query(
        `INSERT INTO oauth_pending (nonce, tenant_id, user_email, provider, code_verifier, redirect_uri, return_url, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          pending.nonce,
          pending.tenantId,
          pending.userEmail,
          pending.provider,
          pending.codeVerifier ?? null,
          pending.redirectUri,
          pending.returnUrl ?? null,
          pending.expiresAt,
        ],
      );
    });
  }

  async consume(nonce: string, now: number): Promise<PendingAuthorization | undefined> {
    const { rows } = await this.pool.query<PendingRow>('DELETE FROM oauth_pending WHERE nonce = $1 RETURNING *', [
      nonce,
    ]);
    return pendingOf(rows[0], now);
  }

  async deleteTenant(tenantId: string): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM oauth_pending WHERE tenant_id = $1', [tenantId]);
    return rowCount ?? 0;
  }
}
