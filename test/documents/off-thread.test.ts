import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installationDocumentStores } from '../../src/documents/stores.js';
import { DocumentJobs } from '../../src/documents/jobs.js';
import { WRITE_BATCH } from '../../src/documents/pending-write.js';
import { DocumentService, type UploadRequest } from '../../src/documents/service.js';
import type { ProgressUpdate } from '../../src/toolkit/define-tool.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { storeCount, storeRows } from '../helpers/store-sql.js';

/**
 * Uploads run their parsing, chunking and embedding in a worker and write in batches while pending:
 * the event loop keeps turning, nothing of an unfinished upload is ever visible, and an upload that is
 * cancelled or outlives its tenant leaves nothing behind.
 */
let server: TestServer;
let jobs: DocumentJobs;
let service: DocumentService;

beforeAll(async () => {
  server = await startTestServer({ config: { rateLimitPerMinute: 0 } });
  jobs = new DocumentJobs({ workers: 1, timeoutMs: 60_000, maxHeapMb: 512 });
  const { store, config } = server.app;
  service = new DocumentService(installationDocumentStores(store), undefined, () => new Date(), config.documents, jobs);
});
afterAll(async () => {
  await jobs.close();
  await server.close();
});

const encode = (text: string) => new TextEncoder().encode(text);
/** A text of `chunks` chunks of 100 characters at chunk_size 100 (fixed strategy), naming a word of its own. */
const bigText = (word: string, chunks: number) =>
  encode(
    Array.from({ length: chunks }, (_, i) => `${word} line ${String(i).padStart(6, '0')} `.padEnd(100, 'x')).join(''),
  );
const bigUpload = (word: string, chunks = 4 * WRITE_BATCH): UploadRequest => ({
  filename: `${word}.txt`,
  bytes: bigText(word, chunks),
  chunkingStrategy: 'fixed',
  chunkSize: 100,
});

const rowsOf = async (tenantId: string) => {
  const tables = ['documents', 'document_chunks', 'document_postings', 'document_terms', 'document_entities'];
  const counts = await Promise.all(
    tables.map((table) => storeCount(server.app.store, table, 'tenant_id = ?', [tenantId])),
  );
  return Object.fromEntries(tables.map((table, i) => [table, counts[i]]));
};
const nothingStored = {
  documents: 0,
  document_chunks: 0,
  document_postings: 0,
  document_terms: 0,
  document_entities: 0,
};

/** Calls `then` once, at the upload's first written batch (the document is pending then). */
const atFirstBatch = (then: () => void) => {
  let fired = false;
  return (update: ProgressUpdate) => {
    if (fired || !update.message?.startsWith('Stored')) return;
    fired = true;
    then();
  };
};
/** Runs `then` after the upload's first written batch, the upload waiting for it before its next one. */
const pausedAtFirstBatch =
  (then: () => Promise<unknown>) =>
  async (written: number): Promise<void> => {
    if (written === WRITE_BATCH) await then();
  };

describe('an upload off the event loop', () => {
  it('keeps answering /health while a large upload is written: the health answer comes first', async () => {
    const order: string[] = [];
    let health: Promise<void> | undefined;
    const upload = service
      .upload('acme', {
        ...bigUpload('responsive', 20 * WRITE_BATCH),
        onProgress: atFirstBatch(() => {
          health = fetch(`${server.url}/health`).then((res) => void order.push(`health ${res.status}`));
        }),
      })
      .then((result) => void order.push(`upload ${result.chunk_count} chunks`));
    await upload;
    await health;
    expect(order).toEqual(['health 200', `upload ${20 * WRITE_BATCH} chunks`]);
  });

  it('shows a document nowhere while it is pending, and everywhere once stored', async () => {
    const before = (await service.list('acme', 100, 0)).total;
    let seenWhilePending: unknown;
    let pendingId = '';
    const upload = service.upload('acme', {
      ...bigUpload('quokkapending'),
      afterBatch: pausedAtFirstBatch(async () => {
        const [pending] = await storeRows<{ document_id: string }>(
          server.app.store,
          "SELECT document_id FROM documents WHERE filename = 'quokkapending.txt'",
        );
        pendingId = pending.document_id;
        const written = await storeCount(
          server.app.store,
          'document_chunks c JOIN documents d ON d.id = c.document_rowid',
          'd.document_id = ?',
          [pendingId],
        );
        const answers = await Promise.all(
          (['hybrid', 'vector_only', 'graph_only', 'graph_expanded'] as const).map((mode) =>
            service.query('acme', { query: 'quokkapending line', top_k: 10, mode, include_context: true }),
          ),
        );
        seenWhilePending = {
          written,
          listed: (await service.list('acme', 100, 0)).total,
          detail: await service.get('acme', pendingId).catch((error: unknown) => (error as Error).message),
          hitsOfPending: answers.flatMap((a) => a.results).filter((r) => r.document_id === pendingId).length,
        };
      }),
    });
    const stored = await upload;
    expect(stored.document_id).toBe(pendingId);
    expect(seenWhilePending).toEqual({
      written: WRITE_BATCH,
      listed: before,
      detail: `Document not found: ${pendingId}`,
      hitsOfPending: 0,
    });
    expect((await service.list('acme', 100, 0)).total).toBe(before + 1);
    expect((await service.get('acme', stored.document_id)).chunks).toHaveLength(4 * WRITE_BATCH);
    const found = await service.query('acme', {
      query: 'quokkapending line',
      top_k: 10,
      mode: 'hybrid',
      include_context: false,
    });
    expect(found.results.map((r) => r.document_id)).toContain(stored.document_id);
  });

  it('stores nothing when cancelled while its worker runs, and frees the worker for the next upload', async () => {
    await server.app.tenants.ensure({ id: 'cancels', consumerId: 'cancels-consumer' });
    const controller = new AbortController();
    const upload = service.upload('cancels', {
      ...bigUpload('cancelled', 20 * WRITE_BATCH),
      signal: controller.signal,
    });
    // The upload reaches the worker pool once its quota and entity labels are read.
    await vi.waitFor(() => expect(jobs.load).toEqual({ queued: 0, running: 1 }));
    controller.abort();
    await expect(upload).rejects.toMatchObject({
      code: 'CANCELLED',
      message: 'The upload was cancelled; nothing was stored',
    });
    expect(jobs.load).toEqual({ queued: 0, running: 0 });
    expect(await rowsOf('cancels')).toEqual(nothingStored);
    const next = await service.upload('cancels', {
      filename: 'next.txt',
      bytes: encode('The next upload gets the worker.'),
    });
    expect(next.chunk_count).toBe(1);
  });

  it('stores nothing when cancelled while waiting for a worker, and the upload ahead of it is unaffected', async () => {
    await server.app.tenants.ensure({ id: 'queued', consumerId: 'queued-consumer' });
    // The upload ahead is large enough to hold the one worker while the second reaches the queue, on a busy machine too.
    const ahead = service.upload('queued', bigUpload('ahead', 20 * WRITE_BATCH));
    const controller = new AbortController();
    const waiting = service.upload('queued', { ...bigUpload('waiting'), signal: controller.signal });
    await vi.waitFor(() => expect(jobs.load).toEqual({ queued: 1, running: 1 }), { timeout: 10_000 });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(jobs.load).toEqual({ queued: 0, running: 1 });
    expect((await ahead).chunk_count).toBe(20 * WRITE_BATCH);
    expect((await service.list('queued', 10, 0)).documents.map((d) => d.filename)).toEqual(['ahead.txt']);
  });

  it('removes what it wrote when cancelled between its batches, term counts included', async () => {
    await server.app.tenants.ensure({ id: 'halfway', consumerId: 'halfway-consumer' });
    await service.upload('halfway', { filename: 'kept.txt', bytes: encode('A kept line about the launch plan.') });
    const kept = await rowsOf('halfway');
    const controller = new AbortController();
    const upload = service.upload('halfway', {
      ...bigUpload('halfway'),
      signal: controller.signal,
      onProgress: atFirstBatch(() => controller.abort()),
    });
    await expect(upload).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await rowsOf('halfway')).toEqual(kept);
  });

  it('stores nothing when its tenant is deleted between two of its batches', async () => {
    await server.app.tenants.ensure({ id: 'vanishing', consumerId: 'vanishing-consumer' });
    const epoch = await server.app.tenants.epochOf('vanishing');
    const upload = service.upload('vanishing', {
      ...bigUpload('vanishing'),
      tenantEpoch: epoch,
      afterBatch: pausedAtFirstBatch(() => server.app.tenants.remove('vanishing')),
    });
    await expect(upload).rejects.toMatchObject({ code: 'TENANT_NOT_FOUND', message: 'Tenant not found: vanishing' });
    expect(await rowsOf('vanishing')).toEqual(nothingStored);
  });

  it('stores nothing when its tenant is re-created under the same id between two of its batches', async () => {
    await server.app.tenants.ensure({ id: 'recreated', consumerId: 'recreated-consumer' });
    const epoch = await server.app.tenants.epochOf('recreated');
    const upload = service.upload('recreated', {
      ...bigUpload('recreated'),
      tenantEpoch: epoch,
      afterBatch: pausedAtFirstBatch(async () => {
        await server.app.tenants.remove('recreated');
        await server.app.tenants.ensure({ id: 'recreated', consumerId: 'recreated-consumer' });
      }),
    });
    await expect(upload).rejects.toMatchObject({ code: 'TENANT_NOT_FOUND' });
    expect(await rowsOf('recreated')).toEqual(nothingStored);
  });
});
