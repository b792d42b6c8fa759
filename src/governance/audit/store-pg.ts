import type pg from 'pg';
import { AppError } from '../../toolkit/errors.js';
import { gateTenantPg, inPgTransaction } from '../../store/pg/transaction.js';
import { GENESIS, type AuditRow, type ChainLink, type ChainState, type SignedLink } from './record.js';
import { chainStateOf } from './store-sqlite.js';
import type { AuditPageQuery, AuditStore } from './store.js';

type Numeric<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };

/** pg hands bigints back as strings: seqs and epoch milliseconds, well inside a double. */
const rowOf = (row: Numeric<AuditRow, 'seq' | 'at'>): AuditRow => ({
  ...row,
  seq: Number(row.seq),
  at: Number(row.at),
});

type PgHeadRow = Numeric<Parameters<typeof chainStateOf>[0] & object, 'seq'> & { checkpoint_seq: string | null };

const stateOf = (row: PgHeadRow | undefined): ChainState | undefined =>
  chainStateOf(
    row && {
      ...row,
      seq: Number(row.seq),
      checkpoint_seq: row.checkpoint_seq === null ? null : Number(row.checkpoint_seq),
    },
  );

/** The audit log in PostgreSQL (`schema/audit.ts`). */
export class PgAuditStore implements AuditStore {
  constructor(private readonly pool: pg.Pool) {}

  async append(
    tenantId: string,
    epoch: string | undefined,
    seal: (head: ChainLink) => { rows: AuditRow[]; head: SignedLink },
  ): Promise<boolean> {
    return inPgTransaction(this.pool, async (client) => {
      try {
        await gateTenantPg(client, tenantId, epoch);
      } catch (error) {
        if (error instanceof AppError) return false;
        throw error;
      }
      // The head row is the tenant's chain lock: every node's append waits here for the one before it.
      await client.query(
        "INSERT INTO audit_heads (tenant_id, seq, hash, signature) VALUES ($1, 0, '', '') ON CONFLICT DO NOTHING",
        [tenantId],
      );
      const { rows } = await client.query<{ seq: string; hash: string }>(
        'SELECT seq, hash FROM audit_heads WHERE tenant_id = $1 FOR UPDATE',
        [tenantId],
      );
      const current = rows[0] ? { seq: Number(rows[0].seq), hash: rows[0].hash } : GENESIS;
      const sealed = seal(current);
      const columns = (pick: (row: AuditRow) => unknown) => sealed.rows.map(pick);
      await client.query(
        `INSERT INTO audit_records (tenant_id, seq, at, body, prev_hash, hash)
         SELECT $1::text, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[])`,
        [
          tenantId,
          columns((r) => r.seq),
          columns((r) => r.at),
          columns((r) => r.body),
          columns((r) => r.prev_hash),
          columns((r) => r.hash),
        ],
      );
      await client.query('UPDATE audit_heads SET seq = $2, hash = $3, signature = $4 WHERE tenant_id = $1', [
        tenantId,
        sealed.head.seq,
        sealed.head.hash,
        sealed.head.signature,
      ]);
      return true;
    });
  }

  async page(tenantId: string, query: AuditPageQuery): Promise<AuditRow[]> {
    const { rows } = await this.pool.query<Numeric<AuditRow, 'seq' | 'at'>>(
      `SELECT tenant_id, seq, at, body, prev_hash, hash FROM audit_records
       WHERE tenant_id = $1 AND seq > $2 AND ($3::bigint IS NULL OR at >= $3) AND ($4::bigint IS NULL OR at < $4)
       ORDER BY seq LIMIT $5`,
      [tenantId, query.afterSeq, query.since ?? null, query.until ?? null, query.limit],
    );
    return rows.map(rowOf);
  }

  async state(tenantId: string): Promise<ChainState | undefined> {
    const { rows } = await this.pool.query<PgHeadRow>('SELECT * FROM audit_heads WHERE tenant_id = $1', [tenantId]);
    return stateOf(rows[0]);
  }

  async cut(tenantId: string, before: number, sign: (link: ChainLink) => SignedLink): Promise<number> {
    return inPgTransaction(this.pool, async (client) => {
      await client.query('SELECT 1 FROM audit_heads WHERE tenant_id = $1 FOR UPDATE', [tenantId]);
      const { rows } = await client.query<{ seq: string; hash: string }>(
        'SELECT seq, hash FROM audit_records WHERE tenant_id = $1 AND at < $2 ORDER BY seq DESC LIMIT 1',
        [tenantId, before],
      );
      if (!rows[0]) return 0;
      const checkpoint = sign({ seq: Number(rows[0].seq), hash: rows[0].hash });
      await client.query(
        'UPDATE audit_heads SET checkpoint_seq = $2, checkpoint_hash = $3, checkpoint_signature = $4 WHERE tenant_id = $1',
        [tenantId, checkpoint.seq, checkpoint.hash, checkpoint.signature],
      );
      const { rowCount } = await client.query('DELETE FROM audit_records WHERE tenant_id = $1 AND seq <= $2', [
        tenantId,
        checkpoint.seq,
      ]);
      return rowCount ?? 0;
    });
  }

  async tenantsWithRecordsBefore(before: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ tenant_id: string }>(
      'SELECT DISTINCT tenant_id FROM audit_records WHERE at < $1',
      [before],
    );
    return rows.map((row) => row.tenant_id);
  }

  async deleteTenant(tenantId: string): Promise<number> {
    await this.pool.query('DELETE FROM audit_heads WHERE tenant_id = $1', [tenantId]);
    const { rowCount } = await this.pool.query('DELETE FROM audit_records WHERE tenant_id = $1', [tenantId]);
    return rowCount ?? 0;
  }
}
