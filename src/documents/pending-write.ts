import { setImmediate as turn } from 'node:timers/promises';
import type { EntityLinker } from './entities.js';
import { cancelled } from './jobs.js';
import { keywordCountsOf } from './keywords.js';
import type { TextMentions } from './mentions.js';
import { chunkOf, type PreparedDocument } from './prepared.js';
import type { ChunkBatch, DocumentStorage, NewDocument } from './storage.js';

/** Chunks written per transaction; the event loop turns between two. */
export const WRITE_BATCH = 500;

interface PendingWrite {
  doc: NewDocument;
  prepared: PreparedDocument;
  vectorOf: (chunk: number) => Float32Array;
  linkEntities: boolean;
  /** Refuses the upload (throws) when the tenant's documents, `usedBytes`, leave no room for it. */
  admit: (usedBytes: number) => void;
  tenantEpoch?: string;
  signal?: AbortSignal;
  /** Hears each batch written (chunks so far); the next batch waits for it. */
  onBatch?: (written: number) => Promise<void>;
}

/**
 * Writes a prepared document without holding the event loop: its row first, pending (never listed or
 * queried), then its chunks and terms in batches, then visible in one step. Each of those writes is one
 * storage transaction that checks the tenant (and its generation) itself, so a tenant deleted or
 * re-created while the upload runs gets nothing kept. On cancel, on a failure or when the tenant is
 * gone, everything written for it is removed. Returns the document's rowid.
 */
export async function writePending(store: DocumentStorage, linker: EntityLinker, write: PendingWrite): Promise<number> {
  const { doc, prepared, signal } = write;
  const tenant = { tenantId: doc.tenantId, epoch: write.tenantEpoch };
  const rowid = await store.beginDocument(tenant, doc, write.admit);
  const termsAdded = new Map<string, number>();
  try {
    for await (const batch of batchesOf(prepared, write, linker, doc.tenantId)) {
      await turn();
      if (signal?.aborted) throw cancelled();
      await store.addChunks(tenant, rowid, doc.space, batch);
      for (const [term, n] of batch.terms) termsAdded.set(term, (termsAdded.get(term) ?? 0) + n);
      await write.onBatch?.(batch.chunks.at(-1)!.index + 1);
    }
    await turn();
    if (signal?.aborted) throw cancelled();
    await store.publish(tenant, rowid);
    return rowid;
  } catch (error) {
    await store.discard(doc.tenantId, rowid, termsAdded);
    throw error;
  }
}

/** The chunk batches, with their vectors, confirmed entities and terms. */
async function* batchesOf(
  prepared: PreparedDocument,
  write: PendingWrite,
  linker: EntityLinker,
  tenantId: string,
): AsyncGenerator<ChunkBatch> {
  const mentions = write.linkEntities ? mentionsByChunk(prepared) : new Map<number, TextMentions>();
  for (let start = 0; start < prepared.count; start += WRITE_BATCH) {
    const end = Math.min(prepared.count, start + WRITE_BATCH);
    const inBatch = new Map<number, TextMentions>();
    for (let i = start; i < end; i++) if (mentions.has(i)) inBatch.set(i, mentions.get(i)!);
    const entities = inBatch.size ? await linker.resolveAll(tenantId, inBatch) : new Map<number, number[]>();
    const chunks = [];
    for (let i = start; i < end; i++) {
      const chunk = chunkOf(prepared, i);
      chunks.push({
        ...chunk,
        keywords: keywordCountsOf(chunk.text),
        vector: write.vectorOf(i),
        entities: entities.get(i) ?? [],
      });
    }
    yield { chunks, terms: prepared.terms[start / WRITE_BATCH] };
  }
}

function mentionsByChunk(prepared: PreparedDocument): Map<number, TextMentions> {
  const byChunk = new Map<number, TextMentions>();
  const of = (chunk: number) => byChunk.get(chunk) ?? byChunk.set(chunk, { named: [], lookups: [] }).get(chunk)!;
  for (let i = 0; i < prepared.named.length; i += 2) of(prepared.named[i]).named.push(prepared.named[i + 1]);
  for (const [chunk, mention] of prepared.lookups) of(chunk).lookups.push(mention);
  return byChunk;
}
