import type pg from 'pg';

/** A PostgreSQL table the copy fills, with what it needs to know of its columns. */
export interface TargetTable {
  name: string;
  /** Columns a row carries (generated ones are left to the database). */
  columns: readonly TargetColumn[];
  /** The identity column whose sequence must move past the copied ids, if any. */
  identity?: string;
  /** Whether rows belong to a tenant (a `tenant_id` column): counts are checked per tenant then. */
  perTenant: boolean;
}

export interface TargetColumn {
  name: string;
  /** PostgreSQL's name of the type (`jsonb`, `bytea`, `boolean`, `bigint`, `USER-DEFINED` for vector...). */
  type: string;
}

// The migrations' bookkeeping and the health probe are the target's own; the documents' usage totals are kept
// by the target's triggers as the documents arrive (copied too, every byte would count twice).
const NOT_COPIED = new Set(['schema_migrations', 'health_probe', 'document_usage']);

/**
 * The target's tables in an order that satisfies its foreign keys (a table after every table it
 * references), read from the catalog so that the copy follows the schema as migrations change it.
 */
export async function targetTables(pool: pg.Pool): Promise<TargetTable[]> {
  const { rows: columns } = await pool.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_generated: string;
    is_identity: string;
  }>(
    `SELECT table_name, column_name, data_type, is_generated, is_identity FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const { rows: references } = await pool.query<{ child: string; parent: string }>(
    `SELECT DISTINCT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE c.contype = 'f' AND n.nspname = current_schema()`,
  );
  const tables = new Map<string, TargetTable & { columns: TargetColumn[] }>();
  for (const column of columns) {
    if (NOT_COPIED.has(column.table_name)) continue;
    const table = tables.get(column.table_name) ?? { name: column.table_name, columns: [], perTenant: false };
    tables.set(column.table_name, table);
    if (column.is_generated === 'ALWAYS') continue;
    table.columns.push({ name: column.column_name, type: column.data_type });
    if (column.is_identity === 'YES') table.identity = column.column_name;
    if (column.column_name === 'tenant_id') table.perTenant = true;
  }
  return dependencyOrder([...tables.values()], references);
}

function dependencyOrder<T extends { name: string }>(
  tables: readonly T[],
  references: ReadonlyArray<{ child: string; parent: string }>,
): T[] {
  const ordered: T[] = [];
  const placed = new Set<string>();
  const place = (table: T, path: ReadonlySet<string>) => {
    if (placed.has(table.name) || path.has(table.name)) return;
    const inPath = new Set(path).add(table.name);
    for (const { child, parent } of references)
      if (child === table.name && parent !== child) {
        const referenced = tables.find((candidate) => candidate.name === parent);
        if (referenced) place(referenced, inPath);
      }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) place(table, new Set());
  return ordered;
}
