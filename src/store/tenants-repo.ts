import { randomBytes } from 'node:crypto';
import type { Db } from './db.js';
import { purgeTenantData } from './tenant-purge.js';

export interface TenantRow {
  id: string;
  consumerId: string;
  name: string | null;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = 'id, consumer_id AS consumerId, name, description, created_at AS createdAt, updated_at AS updatedAt';

/** All SQL of the tenants table. */
export class TenantsRepo {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      get: db.prepare(`SELECT ${COLUMNS} FROM tenants WHERE id = ?`),
      list: db.prepare(`SELECT ${COLUMNS} FROM tenants ORDER BY id`),
      epoch: db.prepare('SELECT epoch FROM tenants WHERE id = ?').pluck(),
      insert: db.prepare(
        'INSERT INTO tenants (id, consumer_id, name, description, created_at, updated_at, epoch) VALUES (@id, @consumerId, @name, @description, @createdAt, @updatedAt, @epoch)',
      ),
      update: db.prepare(
        'UPDATE tenants SET consumer_id = @consumerId, name = @name, description = @description, updated_at = @updatedAt WHERE id = @id',
      ),
      remove: db.prepare('DELETE FROM tenants WHERE id = ?'),
    };
  }

  get(id: string): TenantRow | undefined {
    return this.statements.get.get(id) as TenantRow | undefined;
  }

  list(): TenantRow[] {
    return this.statements.list.all() as TenantRow[];
  }

  /** The tenant's current generation (tokens carry it); undefined when there is no such tenant. */
  epochOf(id: string): string | undefined {
    return this.statements.epoch.get(id) as string | undefined;
  }

  /** Inserts a tenant with a new random epoch; false when the id exists already. */
  insert(row: TenantRow): boolean {
    try {
      this.statements.insert.run({ ...row, epoch: randomBytes(16).toString('hex') });
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
      throw error;
    }
  }

  update(row: TenantRow): void {
    this.statements.update.run(row);
  }

  /** Deletes the tenant row and every row it owns, in one transaction; false when there was none. */
  remove(id: string): boolean {
    return this.db.transaction(() => {
      purgeTenantData(this.db, id);
      return this.statements.remove.run(id).changes > 0;
    })();
  }
}
