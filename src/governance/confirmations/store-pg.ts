import type pg from 'pg';
import { CONFIRMATION_SQL, confirmationOf, insertValues } from './store.js';
import type { Confirmation, ConfirmationBinding, ConfirmationRow, ConfirmationStore } from './store.js';

/** The shared statements use `?`; PostgreSQL numbers its parameters. */
const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const SQL = {
  insert: `INSERT INTO confirmations (${CONFIRMATION_SQL.insertColumns})
    SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 FROM tenants
    WHERE id = $2 AND ($12::text IS NULL OR epoch = $12) FOR SHARE`,
  decide: numbered(CONFIRMATION_SQL.decide),
  byToken: numbered(CONFIRMATION_SQL.consumeByToken),
  confirmed: numbered(CONFIRMATION_SQL.consumeConfirmed),
};

/** Confirmations in PostgreSQL (table `confirmations`, migration `007_confirmations`). */
export class PgConfirmationStore implements ConfirmationStore {
  constructor(private readonly pool: pg.Pool) {}

  async create(confirmation: Confirmation, epoch?: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(SQL.insert, [...insertValues(confirmation), epoch ?? null]);
    return rowCount === 1;
  }

  async get(id: string): Promise<Confirmation | undefined> {
    const { rows } = await this.pool.query<ConfirmationRow>('SELECT * FROM confirmations WHERE id = $1', [id]);
    return rows[0] && confirmationOf(rows[0]);
  }

  async decide(id: string, userId: string, decision: 'confirmed' | 'declined', now: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(SQL.decide, [decision, now, id, userId, now]);
    return rowCount === 1;
  }

  async consume(binding: ConfirmationBinding, now: number, token?: string): Promise<string | undefined> {
    const { tenantId, userId, tool, argsDigest } = binding;
    const { rows } = token
      ? await this.pool.query<{ id: string }>(SQL.byToken, [now, token, tenantId, userId, tool, argsDigest, now])
      : await this.pool.query<{ id: string }>(SQL.confirmed, [now, tenantId, userId, tool, argsDigest, now]);
    return rows[0]?.id;
  }

  async deleteExpired(before: number): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM confirmations WHERE expires_at < $1', [before]);
    return rowCount ?? 0;
  }

  async deleteTenant(tenantId: string): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM confirmations WHERE tenant_id = $1', [tenantId]);
    return rowCount ?? 0;
  }
}
