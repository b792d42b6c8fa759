import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../src/database.js';
import { documentMigrations, loadVectorExtension } from '../../src/documents/schema.js';
import { SqliteDocumentStorage } from '../../src/documents/storage-sqlite.js';
import { registerKeywordFunction } from '../../src/graph/keyword-function.js';
import { graphMigrations } from '../../src/graph/schema.js';
import { coreMigrations } from '../../src/store/core-schema.js';
import { openStore } from '../../src/store/db.js';
import { newTextDocument } from '../helpers/new-document.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Documents rows of two tenants, one of them pending (an upload under way), as stores before 406 hold them. */
const ROWS: Array<[tenant: string, documentId: string, bytes: number, pending: number]> = [
  ['acme', 'a1', 1200, 0],
  ['acme', 'a2', 800, 0],
  ['acme', 'a3', 500, 1],
  ['globex', 'g1', 4096, 0],
];

function storeAt405(file: string): void {
  const db = openStore(file, {
    extensions: [loadVectorExtension, registerKeywordFunction],
    migrations: [...coreMigrations, ...graphMigrations, ...documentMigrations.filter((m) => m.id < '406')],
  });
  const insert = db.prepare(
    `INSERT INTO documents (tenant_id, document_id, filename, file_type, file_size, tags, chunk_count, entity_count,
       chunking_strategy, chunk_size, embedding_space, created_at, pending)
     VALUES (?, ?, 'f.txt', 'txt', ?, '[]', 0, 0, 'recursive', 1000, 'local:384', '2026-01-01T00:00:00Z', ?)`,
  );
  for (const row of ROWS) insert.run(...row);
  db.close();
}

it("upgrades a store to each tenant's running total of its documents' bytes, which later writes keep", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'constellation-document-usage-'));
  dirs.push(dir);
  const file = join(dir, 'store.sqlite');
  storeAt405(file);

  const db = openDatabase(file);
  try {
    const store = new SqliteDocumentStorage(db);
    expect(await store.usedBytes('acme')).toBe(2500);
    expect(await store.usedBytes('globex')).toBe(4096);
    expect(await store.usedBytes('initech')).toBe(0);

    const admitted: number[] = [];
    const rowid = await store.beginDocument({ tenantId: 'acme' }, newTextDocument('acme', 'a4', 300), (used) =>
      admitted.push(used),
    );
    expect(admitted).toEqual([2500]);
    expect(await store.usedBytes('acme')).toBe(2800);
    await store.discardAbandoned();
    expect(await store.usedBytes('acme')).toBe(2000);
    expect(rowid).toBeGreaterThan(0);
  } finally {
    db.close();
  }
});
