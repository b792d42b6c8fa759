import type { StoreBackend } from './backend.js';
import type { Db } from './db.js';

/**
 * Runs `work` in one SQLite transaction: the transactions it opens become savepoints of it, so they cost
 * one commit between them. `work` must write only through synchronous statements (awaiting settled
 * promises), else other callers' writes would join the open transaction. When a transaction is already
 * open, each write keeps its own.
 */
function inOneSqliteTransaction(db: Db): (work: () => Promise<void>) => Promise<void> {
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  return async (work) => {
    if (db.inTransaction || !db.open) return work();
    begin.run();
    try {
      await work();
    } catch (error) {
      if (db.inTransaction) rollback.run();
      throw error;
    }
    commit.run();
  };
}

/**
 * How deferred writes of several stores are written together on `backend`: one SQLite transaction; on
 * PostgreSQL (a pool of connections, each store its own transactions) one after the other.
 */
export function writeTogetherOn(backend: StoreBackend): (work: () => Promise<void>) => Promise<void> {
  return backend.kind === 'sqlite' ? inOneSqliteTransaction(backend.db) : (work) => work();
}
