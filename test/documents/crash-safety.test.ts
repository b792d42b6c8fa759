import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/config/logger.js';
import { WRITE_BATCH } from '../../src/documents/pending-write.js';
import { documentStoresOn } from '../../src/documents/stores.js';
import { DocumentService } from '../../src/documents/service.js';
import { openDatabase } from '../../src/database.js';
import { TEST_API_KEY, TEST_JWT_SECRET } from '../helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'documents-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How many chunks a table holds rows for (a chunk has one posting per term). */
const chunksIn = (table: string) =>
  table === 'document_postings' ? `SELECT count(DISTINCT chunk_id) FROM ${table}` : `SELECT count(*) FROM ${table}`;

const crashUpload = (file: string, atChunk?: number) => {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('./fixtures/crash-mid-upload.ts', import.meta.url).pathname,
      file,
      ...(atChunk === undefined ? [] : [String(atChunk)]),
    ],
    {
      encoding: 'utf8',
    },
  );
  expect(child.signal).toBe('SIGKILL');
  expect(child.stdout).not.toContain('not killed');
};

describe('a process killed in the middle of an upload', () => {
  it('leaves the earlier document whole and nothing of the interrupted one', async () => {
    const file = join(dir, 'store.db');
    crashUpload(file);

    const db = openDatabase(file);
    const service = new DocumentService(documentStoresOn({ kind: 'sqlite', db }));
    expect((await service.list('t1', 10, 0)).documents.map((d) => [d.filename, d.chunk_count])).toEqual([
      ['kept.txt', 1],
    ]);
    for (const table of ['document_chunks', 'document_postings', 'document_vectors_1'])
      expect(db.prepare(chunksIn(table)).pluck().get(), table).toBe(1);
    db.close();
  });

  it('removes, when the server starts again, the pending document whose earlier batches were committed', async () => {
    const file = join(dir, 'batches.db');
    crashUpload(file, WRITE_BATCH + 5);
    const before = openDatabase(file);
    expect(before.prepare('SELECT count(*) FROM documents WHERE pending = 1').pluck().get()).toBe(1);
    expect(before.prepare('SELECT count(*) FROM document_chunks').pluck().get()).toBe(1 + WRITE_BATCH);
    before.close();

    const app = await createApp(
      loadConfig(
        { CONSTELLATION_ENV: 'test', CONSTELLATION_API_KEY: TEST_API_KEY, CONSTELLATION_JWT_SECRET: TEST_JWT_SECRET },
        { databaseFile: file, demo: false, logLevel: 'error' },
      ),
      { log: silentLogger },
    );
    expect((await app.services.documents.list('t1', 10, 0)).documents.map((d) => [d.filename, d.chunk_count])).toEqual([
      ['kept.txt', 1],
    ]);
    for (const table of ['documents', 'document_chunks', 'document_postings', 'document_vectors_1'])
      expect(app.db.prepare(chunksIn(table)).pluck().get(), table).toBe(1);
    const kept = new Set(app.services.documents.embedder.terms('A document written before the crash.'));
    expect(new Set(app.db.prepare('SELECT term FROM document_terms WHERE df > 0').pluck().all())).toEqual(kept);
    await app.close();
  });
});
