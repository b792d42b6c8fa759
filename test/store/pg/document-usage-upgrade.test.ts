import { afterEach, expect, it } from 'vitest';
import { PgDocumentStorage } from '../../../src/documents/storage-pg.js';
import { migratePg } from '../../../src/store/pg/migrate.js';
import { pgMigrations } from '../../../src/store/pg/migrations.js';
import { openPgPool } from '../../../src/store/pg/pool.js';
import { pgTestDatabase } from '../../helpers/pg-lane.js';
import { newTextDocument } from '../../helpers/new-document.js';

const ends: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(ends.splice(0).map((end) => end()));
});

/** Documents rows of two tenants, one of them pending (an upload under way), as databases before 016 hold them. */
const ROWS: Array<[tenant: string, documentId: string, bytes: number, pending: boolean]> = [
  ['acme', 'a1', 1200, false],
  ['acme', 'a2', 800, false],
  ['acme', 'a3', 500, true],
  ['globex', 'g1', 4096, false],
];

it("upgrades a database to each tenant's running total of its documents' bytes, which later writes keep", async () => {
  const pool = await openPgPool(await pgTestDatabase({ migrated: false }));
  ends.push(() => pool.end());
  await migratePg(
    pool,
    pgMigrations.filter((m) => m.id < '016'),
  );
  for (const tenant of ['acme', 'globex'])
    await pool.query("INSERT INTO tenants (id, consumer_id, created_at, updated_at) VALUES ($1, $1, '', '')", [tenant]);
  for (const [tenant, documentId, bytes, pending] of ROWS)
    await pool.query(
      `INSERT INTO documents (tenant_id, document_id, filename, file_type, file_size, chunk_count, entity_count,
         chunking_strategy, chunk_size, embedding_space, created_at, pending)
       VALUES ($1, $2, 'f.txt', 'txt', $3, 0, 0, 'recursive', 1000, 'local:384', '2026-01-01T00:00:00Z', $4)`,
      [tenant, documentId, bytes, pending],
    );

  expect(
    await migratePg(
      pool,
      pgMigrations.filter((m) => m.id < '017'),
    ),
  ).toEqual(['016_document_usage']);
  const store = new PgDocumentStorage(pool);
  expect(await store.usedBytes('acme')).toBe(2500);
  expect(await store.usedBytes('globex')).toBe(4096);
  const admitted: number[] = [];
  await store.beginDocument({ tenantId: 'acme' }, newTextDocument('acme', 'a4', 300), (used) => admitted.push(used));
  expect(admitted).toEqual([2500]);
  await store.discardAbandoned();
  expect(await store.usedBytes('acme')).toBe(2000);
});
