import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';

/** Rows one statement inserts at most (5 columns: 1,280 parameters, far below SQLite's limit). */
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
    private readonly columns: number,
    private readonly tail = '',
  ) {}

  /** Inserts the rows whose values `values` holds one after the other (`columns` a row). */
  run(values: readonly unknown[]): void {
    const rows = values.length / this.columns;
    for (let done = 0; done < rows;) {
      const size = Math.min(MAX_ROWS, 2 ** Math.floor(Math.log2(rows - done)));
      const rowValues = size === rows ? values : values.slice(done * this.columns, (done + size) * this.columns);
      this.statement(size).run(rowValues);
      done += size;
    }
  }

  private statement(rows: number): Statement {
    let statement = this.statements.get(rows);
    if (!statement) {
      const row = `(${Array(this.columns).fill('?').join(', ')})`;
      statement = this.db.prepare(`${this.head} VALUES ${Array(rows).fill(row).join(', ')} ${this.tail}`);
      this.statements.set(rows, statement);
    }
    return statement;
  }
}
