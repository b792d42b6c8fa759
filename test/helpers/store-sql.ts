import type { StoreBackend } from '../../src/store/backend.js';

/**
 * Rows of one SQL statement on an app's store (none for a statement that returns none), whichever backend it is on: for tests that look at what
 * was stored. Written with SQLite's `?` placeholders and SQL both backends speak; numbers PostgreSQL
 * returns as text (counts, bigint columns) come back as numbers.
 */
export async function storeRows<Row extends Record<string, unknown>>(
  store: StoreBackend,
  sql: string,
  params: readonly unknown[] = [],
): Promise<Row[]> {
  if (store.kind === 'sqlite') {
    const statement = store.db.prepare(sql);
    if (statement.reader) return statement.all(...params) as Row[];
    statement.run(...params);
    return [];
  }
  let index = 0;
  const result = await store.pool.query<Record<string, unknown>>(
    sql.replace(/\?/g, () => `$${++index}`),
    [...params],
  );
  // bigint (20) and numeric (1700) arrive as text: counts and ids are numbers in the tests, as on SQLite.
  const numeric = new Set(
    result.fields.filter((field) => field.dataTypeID === 20 || field.dataTypeID === 1700).map((field) => field.name),
  );
  return result.rows.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, numeric.has(key) && value !== null ? Number(value) : value]),
      ) as Row,
  );
}

/** How many rows of `table` match `where` (all rows without one). */
export async function storeCount(
  store: StoreBackend,
  table: string,
  where = '',
  params: readonly unknown[] = [],
): Promise<number> {
  const [row] = await storeRows<{ n: number }>(
    store,
    `SELECT count(*) AS n FROM ${table}${where ? ` WHERE ${where}` : ''}`,
    params,
  );
  return Number(row.n);
}

/** The store's tables that have a `tenant_id` column, read from its catalog. */
async function tenantTables(store: StoreBackend): Promise<string[]> {
  const rows =
    store.kind === 'sqlite'
      ? await storeRows<{ name: string }>(
          store,
          "SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND c.name = 'tenant_id'",
        )
      : await storeRows<{ name: string }>(
          store,
          "SELECT table_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'tenant_id'",
        );
  return rows.map((row) => row.name).sort();
}

/** Rows carrying the tenant's id, per table, in every table of the store that has a `tenant_id` column. */
export async function tenantRowCounts(store: StoreBackend, tenantId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tenantTables(store))
    counts[table] = await storeCount(store, `"${table}"`, 'tenant_id = ?', [tenantId]);
  return counts;
}
