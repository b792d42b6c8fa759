import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';

/** Rows one statement inserts at most (8 columns: 2,048 parameters, far below SQLite's limit). */
const MAX_ROWS = 256;

/**
 * Inserts many rows in few statements: `head` (`INSERT INTO t (a, b)`) then a `VALUES` list of a power of two
 * rows, then `tail` (an upsert clause, which applies row by row), each size prepared once, so a batch of any size
 * takes a handful of executions (binary digits of its size) instead of one per row.
 */
export class MultiRowInsert {
  private readonly statements = new Map<number, Statement>();

  constructor(
    private readonly db: Db,
    private readonly head: string,
    /** How many values a row takes, or each column's SQL (`?`, or an expression of it such as `json(?)`). */
    columns: number | readonly string[],
    private readonly tail = '',
  ) {
    const placeholders = typeof columns === 'number' ? Array<string>(columns).fill('?') : columns;
    this.columns = placeholders.length;
    this.row = `(${placeholders.join(', ')})`;
  }

  private readonly columns: number;
  /** One row's `VALUES` entry. */
  private readonly row: string;

  /** Inserts the rows whose values `values` holds one after the other (`columns` a row). */
  run(values: readonly unknown[]): void {
    this.inStatements(values, (statement, rowValues) => void statement.run(rowValues));
  }

  /** As `run`, answering the rows the `RETURNING` clause of `tail` gives (as arrays of its columns). */
  returning(values: readonly unknown[]): unknown[][] {
    const returned: unknown[][] = [];
    this.inStatements(values, (statement, rowValues) => {
      for (const row of statement.raw(true).all(rowValues) as unknown[][]) returned.push(row);
    });
    return returned;
  }

  private inStatements(
    values: readonly unknown[],
    execute: (statement: Statement, values: readonly unknown[]) => void,
  ) {
    const rows = values.length / this.columns;
    for (let done = 0; done < rows;) {
      const size = Math.min(MAX_ROWS, 2 ** Math.floor(Math.log2(rows - done)));
      execute(
        this.statement(size),
        size === rows ? values : values.slice(done * this.columns, (done + size) * this.columns),
      );
      done += size;
    }
  }

  private statement(rows: number): Statement {
    let statement = this.statements.get(rows);
    if (!statement) {
      statement = this.db.prepare(`${this.head} VALUES ${Array(rows).fill(this.row).join(', ')} ${this.tail}`);
      this.statements.set(rows, statement);
    }
    return statement;
  }
}
