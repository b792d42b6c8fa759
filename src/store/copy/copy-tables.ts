import type pg from 'pg';
import type { Db } from '../db.js';
import { targetTables, type TargetColumn, type TargetTable } from './plan.js';

/** How one table came across. */
export interface TableCopy {
  table: string;
  /** Rows in the source. */
  source: number;
  /** Rows of the source's tenants in the target after the copy (all its rows for tables without tenant). */
  target: number;
}

export interface CopyOptions {
  /** Rows sent in one statement. */
  batchRows?: number;
  /** Told each table as it is done. */
  progress?: (copy: TableCopy) => void;
}

type SqliteValue = string | number | bigint | Buffer | null;

/** A SQLite value as JSON for `json_populate_recordset`, which casts it to the column's type. */
function jsonValue(value: SqliteValue, column: TargetColumn): unknown {
  if (value === null) return null;
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if ((column.type === 'jsonb' || column.type === 'json') && typeof value === 'string') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  if (column.type === 'boolean' && typeof value === 'number') return value !== 0;
  return value;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

function sourceColumns(source: Db, table: string): Set<string> | undefined {
  const exists = source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
  if (!exists) return undefined;
  const columns = source.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
  return new Set(columns);
}

/**
 * Copies every row of `source` (an installation's SQLite file) into the PostgreSQL tables of the same
 * name, column by column, keeping ids so that references stay right, then moves identity sequences past
 * them. Rows already there are left as they are (`ON CONFLICT DO NOTHING`), so an interrupted copy can be
 * run again. Tables the target lacks, or whose shape differs by backend (vector indexes), are not this
 * function's: see the caller. Returns the counts per table, checked by the caller.
 */
export async function copyTables(source: Db, target: pg.Pool, options: CopyOptions = {}): Promise<TableCopy[]> {
  const batchRows = options.batchRows ?? 1_000;
  const tenants = source.prepare('SELECT id FROM tenants').pluck().all() as string[];
  const copies: TableCopy[] = [];
  for (const table of await targetTables(target)) {
    const available = sourceColumns(source, table.name);
    if (!available) continue;
    const columns = table.columns.filter((column) => available.has(column.name));
    if (columns.length === 0) continue;
    await copyRows(source, target, table, columns, batchRows);
    if (table.identity) await advanceIdentity(target, table.name, table.identity);
    const copy = await counted(source, target, table, tenants);
    copies.push(copy);
    options.progress?.(copy);
  }
  return copies;
}

async function copyRows(
  source: Db,
  target: pg.Pool,
  table: TargetTable,
  columns: readonly TargetColumn[],
  batchRows: number,
): Promise<void> {
  const names = columns.map((column) => quoted(column.name)).join(', ');
  const insert =
    `INSERT INTO ${quoted(table.name)} (${names}) ${table.identity ? 'OVERRIDING SYSTEM VALUE ' : ''}` +
    `SELECT ${names} FROM json_populate_recordset(NULL::${quoted(table.name)}, $1::json) ON CONFLICT DO NOTHING`;
  const rows = source
    .prepare(`SELECT ${names} FROM ${quoted(table.name)}`)
    .raw()
    .safeIntegers(false);
  let batch: Array<Record<string, unknown>> = [];
  for (const row of rows.iterate() as IterableIterator<SqliteValue[]>) {
    batch.push(Object.fromEntries(columns.map((column, index) => [column.name, jsonValue(row[index], column)])));
    if (batch.length === batchRows) {
      await target.query(insert, [JSON.stringify(batch)]);
      batch = [];
    }
  }
  if (batch.length) await target.query(insert, [JSON.stringify(batch)]);
}

async function advanceIdentity(target: pg.Pool, table: string, column: string): Promise<void> {
  await target.query(
    `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT max(${quoted(column)}) FROM ${quoted(table)}), 1))`,
    [table, column],
  );
}

async function counted(
  source: Db,
  target: pg.Pool,
  table: TargetTable,
  tenants: readonly string[],
): Promise<TableCopy> {
  const sourceCount = source
    .prepare(`SELECT count(*) FROM ${quoted(table.name)}`)
    .pluck()
    .get() as number;
  const { rows } = table.perTenant
    ? await target.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${quoted(table.name)} WHERE tenant_id = ANY($1::text[])`,
        [tenants],
      )
    : await target.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoted(table.name)}`);
  return { table: table.name, source: sourceCount, target: Number(rows[0].n) };
}
