import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase } from '../../src/database.js';
import { storeOn, type StoreBackend, type StoreFactories } from '../../src/store/backend.js';
import { openPgPool } from '../../src/store/pg/pool.js';
import { SqliteTenantStore } from '../../src/store/tenant-store-sqlite.js';
import type { TenantOwnedRows } from '../../src/store/tenant-purge.js';
import { pgTestDatabase } from './pg-lane.js';

type BackendName = StoreBackend['kind'];

/** A backend for the storage contract suite, with the tenant rows the stores' gates look at. */
export interface ContractBackend {
  readonly backend: StoreBackend;
  /** A tenant that exists, under a fresh id (tests on one database stay out of each other's way). */
  addTenant(epoch?: string): Promise<string>;
  /** Deletes a tenant as the installation does: with every row it owns. */
  deleteTenant(tenantId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The backends the contract suite runs on in this project: SQLite in the default projects, PostgreSQL in
 * the PostgreSQL lane (its global setup provides the cluster), so the default suite needs no server.
 */
export function contractBackendNames(): BackendName[] {
  const pgAdminUrl: string | undefined = inject('pgAdminUrl');
  return pgAdminUrl === undefined ? ['sqlite'] : ['postgres'];
}

const freshId = () => `t-${randomBytes(6).toString('hex')}`;

const ownsTenantRows = (store: unknown): store is TenantOwnedRows =>
  typeof (store as Partial<TenantOwnedRows> | undefined)?.deleteTenant === 'function';

/**
 * A backend of the contract suite. On SQLite a tenant's deletion purges the rows of `areas()` (the store
 * under test), as the installation's purge does; on PostgreSQL the tenant row's cascade alone must do it.
 */
export async function openContractBackend(
  name: BackendName,
  areas: () => readonly TenantOwnedRows[] = () => [],
): Promise<ContractBackend> {
  if (name === 'sqlite') {
    const db = openDatabase(':memory:');
    const insert = db.prepare(
      "INSERT INTO tenants (id, consumer_id, created_at, updated_at, epoch) VALUES (?, ?, '', '', ?)",
    );
    const tenants = new SqliteTenantStore(db);
    return {
      backend: { kind: 'sqlite', db },
      async addTenant(epoch = 'e1') {
        const id = freshId();
        insert.run(id, id, epoch);
        return id;
      },
      async deleteTenant(tenantId) {
        await tenants.remove(tenantId);
        for (const area of areas()) await area.deleteTenant(tenantId);
      },
      async close() {
        db.close();
      },
    };
  }
  const pool = await openPgPool(await pgTestDatabase());
  return {
    backend: { kind: 'postgres', pool },
    async addTenant(epoch = 'e1') {
      const id = freshId();
      await pool.query(
        "INSERT INTO tenants (id, consumer_id, created_at, updated_at, epoch) VALUES ($1, $1, '', '', $2)",
        [id, epoch],
      );
      return id;
    },
    async deleteTenant(tenantId) {
      // Every tenant-owned table references tenants ON DELETE CASCADE.
      await pool.query('DELETE FROM tenants WHERE id = $1', [tenantId]);
    },
    close: () => pool.end(),
  };
}

/** What a contract test reaches: the store under test, its backend, and the backend's name. */
export interface ContractSubject<Store> {
  readonly name: BackendName;
  store: Store;
  backend: ContractBackend;
}

/**
 * One area's contract suite, once per backend of this project: `define` declares the tests, which read
 * `subject.store` (built with `factories` on a database of the suite's own) once the suite has started.
 */
export function describeStoreContract<Store>(
  title: string,
  factories: StoreFactories<Store>,
  define: (subject: ContractSubject<Store>) => void,
): void {
  describe.each(contractBackendNames())(`${title} on %s`, (name) => {
    const subject = { name } as ContractSubject<Store>;
    beforeAll(async () => {
      subject.backend = await openContractBackend(name, () => (ownsTenantRows(subject.store) ? [subject.store] : []));
      subject.store = storeOn(subject.backend.backend, factories);
    });
    afterAll(() => subject.backend.close());
    define(subject);
  });
}
