import type pg from 'pg';
import { newEpoch, type TenantRow, type TenantState, type TenantStore } from './tenant-store.js';

const COLUMNS =
  'id, consumer_id AS "consumerId", name, description, created_at AS "createdAt", updated_at AS "updatedAt"';

/** Tenants in PostgreSQL (table `tenants` of `pg/schema/core.ts`); deleting one cascades over its rows. */
export class PgTenantStore implements TenantStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(id: string): Promise<TenantRow | undefined> {
    const { rows } = await this.pool.query<TenantRow>(`SELECT ${COLUMNS} FROM tenants WHERE id = $1`, [id]);
    return rows[0];
  }

  async list(): Promise<TenantRow[]> {
    // COLLATE "C": the byte order SQLite sorts text in, whatever the database's collation.
    const { rows } = await this.pool.query<TenantRow>(`SELECT ${COLUMNS} FROM tenants ORDER BY id COLLATE "C"`);
    return rows;
  }

  async epochOf(id: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ epoch: string }>('SELECT epoch FROM tenants WHERE id = $1', [id]);
    return rows[0]?.epoch;
  }

  async stateOf(id: string): Promise<TenantState | undefined> {
    // bigint arrives as a string, which is what callers key on.
    const { rows } = await this.pool.query<TenantState>(
      'SELECT epoch, cache_generation AS "cacheGeneration" FROM tenants WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async bumpCacheGeneration(id: string): Promise<void> {
    await this.pool.query('UPDATE tenants SET cache_generation = cache_generation + 1 WHERE id = $1', [id]);
  }

  async insert(row: TenantRow): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO tenants (id, consumer_id, name, description, created_at, updated_at, epoch)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [row.id, row.consumerId, row.name, row.description, row.createdAt, row.updatedAt, newEpoch()],
    );
    return rowCount === 1;
  }

  async update(row: TenantRow): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE tenants SET consumer_id = $2, name = $3, description = $4, updated_at = $5 WHERE id = $1',
      [row.id, row.consumerId, row.name, row.description, row.updatedAt],
    );
    return rowCount === 1;
  }

  /**
   * First a new epoch, which no token carries: the update is not held up by the writes in flight (their
   * gates lock the row `FOR KEY SHARE`), and once it commits every node refuses the tenant's callers and
   * every gate naming the old epoch refuses. The delete then waits only for the writes already past their
   * gate, however busy the tenant was; in one statement it waited until no writer held the row, which a
   * steady stream of callers on several nodes could put off for as long as they kept calling. Should the
   * delete fail after the update, the tenant is left with no valid token, and deleting it again finishes.
   */
  async remove(id: string): Promise<boolean> {
    const retired = await this.pool.query('UPDATE tenants SET epoch = $2 WHERE id = $1', [id, newEpoch()]);
    if (retired.rowCount !== 1) return false;
    const { rowCount } = await this.pool.query('DELETE FROM tenants WHERE id = $1', [id]);
    return rowCount === 1;
  }
}
