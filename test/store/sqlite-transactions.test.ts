import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Db } from '../../src/store/db.js';

/**
 * Two connections to one SQLite file, as two processes on one store (a stdio server beside `serve`). A deferred
 * transaction that read, then wrote after the other connection committed, was refused at once with
 * SQLITE_BUSY_SNAPSHOT (waiting cannot help it), and its caller saw a 500. Transactions now take the write lock
 * when they begin, so the other connection waits its turn instead.
 */
const schema = {
  extensions: [],
  migrations: [{ id: '001_t', up: (db: Db) => db.exec('CREATE TABLE t (v INTEGER)') }],
};
const open: Db[] = [];
afterEach(() => open.splice(0).forEach((db) => db.close()));
const connect = (file: string) => {
  const db = openStore(file, schema);
  open.push(db);
  return db;
};

describe('a store transaction beside another connection to the same file', () => {
  it('that reads, then writes, is not refused because the other connection wrote meanwhile', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'constellation-tx-')), 'store.db');
    const mine = connect(file);
    const other = connect(file);
    // The other connection does not wait here: it shows at once whether it could write in between.
    other.pragma('busy_timeout = 0');
    const between = mine.transaction(() => {
      mine.prepare('SELECT count(*) FROM t').get();
      let outcome: string;
      try {
        other.prepare('INSERT INTO t (v) VALUES (2)').run();
        outcome = 'written';
      } catch (error) {
        outcome = (error as { code?: string }).code ?? 'failed';
      }
      mine.prepare('INSERT INTO t (v) VALUES (1)').run();
      return outcome;
    })();
    expect(between).toBe('SQLITE_BUSY');
    expect(other.prepare('SELECT v FROM t').pluck().all()).toEqual([1]);
    other.prepare('INSERT INTO t (v) VALUES (2)').run();
    expect(mine.prepare('SELECT v FROM t ORDER BY v').pluck().all()).toEqual([1, 2]);
  });
});

describe('a store file opened for the first time', () => {
  it('is migrated, and then writes as every store does (WAL, synchronous NORMAL), also once reopened', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'constellation-new-')), 'store.db');
    const created = connect(file);
    expect(created.prepare('SELECT id FROM schema_migrations').pluck().all()).toEqual(['001_t']);
    expect(created.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(created.pragma('synchronous', { simple: true })).toBe(1);
    created.prepare('INSERT INTO t (v) VALUES (1)').run();
    created.close();
    open.splice(open.indexOf(created), 1);

    const reopened = connect(file);
    expect(reopened.pragma('synchronous', { simple: true })).toBe(1);
    expect(reopened.prepare('SELECT v FROM t').pluck().all()).toEqual([1]);
  });
});
