import { storeCount, storeRows } from '../helpers/store-sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentService } from '../../src/documents/service.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Deleting a large document: it is gone from every read at once, its rows go in batches while the
 * event loop turns, and the counts the keyword search relies on end as if it had never been uploaded.
 */
let server: TestServer;
let documents: DocumentService;

beforeAll(async () => {
  server = await startTestServer({ config: { rateLimitPerMinute: 0 } });
  documents = server.app.services.documents;
});
afterAll(() => server.close());

const TABLES = ['documents', 'document_chunks', 'document_postings', 'document_terms', 'document_entities'];
const rowsOf = async (tenantId: string) =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (table) => [table, await storeCount(server.app.store, table, 'tenant_id = ?', [tenantId])]),
    ),
  );
const termCounts = (tenantId: string) =>
  storeRows(server.app.store, 'SELECT term, df FROM document_terms WHERE tenant_id = ? ORDER BY term', [tenantId]);

/** A text of `chunks` chunks of 1,000 characters (fixed strategy), each naming its own number. */
const largeText = (word: string, chunks: number) =>
  new TextEncoder().encode(
    Array.from({ length: chunks }, (_, i) =>
      `${word} section ${i} of the platform handbook, PAY-${i % 40}. `.padEnd(1000, 'z'),
    ).join(''),
  );

describe('deleting a large document', () => {
  it('keeps the event loop turning: work scheduled after the delete starts runs before it ends', async () => {
    const kept = await documents.upload('acme', {
      filename: 'kept.txt',
      bytes: largeText('kept', 3),
      chunkingStrategy: 'fixed',
    });
    const before = { rows: await rowsOf('acme'), terms: await termCounts('acme') };
    const big = await documents.upload('acme', {
      filename: 'big.txt',
      bytes: largeText('handbook', 1_000),
      chunkingStrategy: 'fixed',
    });
    expect(big.chunk_count).toBe(1_000);

    const order: string[] = [];
    // A listing once the document is hidden and before its first batch of rows goes: on PostgreSQL a read
    // that starts before the hide commits may still see it, so the read waits for the hide, not for a tick.
    const store = documents.store;
    const removeBatch = store.removeHiddenBatch.bind(store);
    let listing: Promise<void> | undefined;
    store.removeHiddenBatch = (...args) => {
      listing ??= documents
        .list('acme', 10, 0)
        .then((listed) => void order.push(`listed: ${listed.documents.map((d) => d.filename).join(',')}`));
      return listing.then(() => removeBatch(...args));
    };
    try {
      const deleting = Promise.resolve(documents.delete('acme', big.document_id)).then((answer) => {
        order.push('deleted');
        return answer;
      });
      setImmediate(() => order.push('other work'));
      expect(await deleting).toMatchObject({ document_id: big.document_id, deleted: true, chunks_deleted: 1_000 });
    } finally {
      store.removeHiddenBatch = removeBatch;
    }
    // Hidden from the listing while its rows were still there, and other work ran before the delete ended.
    expect(order.at(-1)).toBe('deleted');
    expect(order.slice(0, -1).sort()).toEqual(['listed: kept.txt', 'other work']);

    expect({ rows: await rowsOf('acme'), terms: await termCounts('acme') }).toEqual(before);
    expect((await documents.list('acme', 10, 0)).documents.map((d) => d.document_id)).toEqual([kept.document_id]);
    await documents.delete('acme', kept.document_id);
  });

  it('answers 404 to one of two deletes of the same document made at once', async () => {
    const big = await documents.upload('acme', {
      filename: 'twice.txt',
      bytes: largeText('twice', 600),
      chunkingStrategy: 'fixed',
    });
    // Two deletes at once: one removes the document, the other answers 404 (which one wins is the backend's).
    const outcomes = await Promise.allSettled([
      documents.delete('acme', big.document_id),
      documents.delete('acme', big.document_id),
    ]);
    const done = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as Error] : []));
    expect(done.map((result) => result.chunks_deleted)).toEqual([600]);
    expect(refused.map((error) => error.message)).toEqual([`Document not found: ${big.document_id}`]);
  });

  it('leaves a document whose removal a stopped process left half done to be removed at the next start, counts included', async () => {
    const empty = await rowsOf('globex');
    const big = await documents.upload('globex', {
      filename: 'half.txt',
      bytes: largeText('half', 600),
      chunkingStrategy: 'fixed',
    });
    const hidden = (await documents.store.hide('globex', big.document_id))!;
    await documents.store.removeHiddenBatch('globex', hidden.id, 300);
    expect((await documents.list('globex', 10, 0)).total).toBe(0);
    // What the next start does with documents left pending.
    await documents.store.discardAbandoned();
    expect(await rowsOf('globex')).toEqual(empty);
  });
});
