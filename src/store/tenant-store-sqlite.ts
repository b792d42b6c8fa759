import type { Db } from './db.js';
import { newEpoch, type TenantRow, type TenantState, type TenantStore } from './tenant-store.js';

const COLUMNS = 'id, consumer_id AS consumerId, name, description, created_at AS createdAt, updated_at AS updatedAt';

/** Tenants in the installation's SQLite file: prepared statements, each call one synchronous statement. */
export class SqliteTenantStore implements TenantStore {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      get: db.prepare(`SELECT ${COLUMNS} FROM tenants WHERE id = ?`),
      list: db.prepare(`SELECT ${COLUMNS} FROM tenants ORDER BY id`),
      epoch: db.prepare('SELECT epoch FROM tenants WHERE id = ?').pluck(),
      state: db.prepare('SELECT epoch, cache_generation AS cacheGeneration FROM tenants WHERE id = ?'),
      bump: db.prepare('UPDATE tenants SET cache_generation = cache_generation + 1 WHERE id = ?'),
      insert: db.prepare(
        `INSERT INTO tenants (id, consumer_id, name, description, created_at, updated_at, epoch)
         VALUES (@id, @consumerId, @name, @description, @createdAt, @updatedAt, @epoch) ON CONFLICT (id) DO NOTHING`,
      ),
      update: db.prepare(
        'UPDATE tenants SET consumer_id = @consumerId, name = @name, description = @description, updated_at = @updatedAt WHERE id = @id',
      ),
      remove: db.prepare('DELETE FROM tenants WHERE id = ?'),
    };
  }

  async get(id: string): Promise<TenantRow | undefined> {
    return this.statements.get.get(id) as TenantRow | undefined;
  }

  async list(): Promise<TenantRow[]> {
    return this.statements.list.all() as TenantRow[];
  }

  async epochOf(id: string): Promise<string | undefined> {
    return this.statements.epoch.get(id) as string | undefined;
  }

  async stateOf(id: string): Promise<TenantState | undefined> {
    const row = this.statements.state.get(id) as { epoch: string; cacheGeneration: number } | undefined;
    return row && { epoch: row.epoch, cacheGeneration: String(row.cacheGeneration) };
  }

  async bumpCacheGeneration(id: string): Promise<void> {
    this.statements.bump.run(id);
  }

  async insert(row: TenantRow): Promise<boolean> {
    return this.statements.insert.run({ ...row, epoch: newEpoch() }).changes > 0;
  }

  async update(row: TenantRow): Promise<boolean> {
    return this.statements.update.run(row).changes > 0;
  }

  async remove(id: string): Promise<boolean> {
    return this.statements.remove.run(id).changes > 0;
  }
}
