import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentService } from '../../src/documents/service.js';
import { openDatabase } from '../../src/store/db.js';

const dir = mkdtempSync(join(tmpdir(), 'documents-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a process killed in the middle of an upload', () => {
  it('leaves the earlier document whole and nothing of the interrupted one', () => {
    const file = join(dir, 'store.db');
    const child = spawnSync(process.execPath, ['--import', 'tsx', new URL('./fixtures/crash-mid-upload.ts', import.meta.url).pathname, file], { encoding: 'utf8' });
    expect(child.signal).toBe('SIGKILL');
    expect(child.stdout).not.toContain('not killed');

    const db = openDatabase(file);
    const service = new DocumentService(db);
    expect(service.list('t1', 10, 0).documents.map((d) => [d.filename, d.chunk_count])).toEqual([['kept.txt', 1]]);
    for (const table of ['document_chunks', 'document_chunk_text', 'document_vectors_1']) expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(1);
    db.close();
  });
});
