import type { Statement } from 'better-sqlite3';
import type { Db } from '../store/db.js';

/** Chunks of documents still being written, which no read may return. */
export const PENDING_CHUNKS =
  'SELECT c.id FROM document_chunks c JOIN documents d ON d.id = c.document_rowid WHERE d.pending = 1 AND d.tenant_id = ?';

/** A read statement prepared once per text (`pluck`: the first column alone, as its own cache entry). */
export type PreparedRead = (sql: string, pluck?: boolean) => Statement;

/** The query path's statements, prepared once: preparing its larger statements cost a tenth of a query. */
export function preparedReads(db: Db): PreparedRead {
  const statements = new Map<string, Statement>();
  return (sql, pluck = false) => {
    const key = pluck ? `pluck:${sql}` : sql;
    let statement = statements.get(key);
    if (!statement) {
      statement = pluck ? db.prepare(sql).pluck() : db.prepare(sql);
      statements.set(key, statement);
    }
    return statement;
  };
}
