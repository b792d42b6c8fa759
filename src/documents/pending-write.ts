import { setImmediate as turn } from 'node:timers/promises';
import type { TenantGate } from '../store/tenant-gate.js';
import { AppError } from '../toolkit/errors.js';
import type { EntityLinker } from './entities.js';
import { cancelled } from './jobs.js';
import type { TextMentions } from './mentions.js';
import { chunkOf, type PreparedDocument } from './prepare.js';
import type { ChunkBatch, DocumentStore, NewDocument } from './store.js';

/** Chunks written per transaction; the event loop turns between two. */
export const WRITE_BATCH = 500;

interface PendingWrite {
  doc: NewDocument;
  prepared: PreparedDocument;
  vectorOf: (chunk: number) => Float32Array;
  vectorTable: string;
  linkEntities: boolean;
  tenantEpoch?: string;
  signal?: AbortSignal;
  /** Hears each batch written (chunks so far). */
  onBatch?: (written: number) => void;
}

/**
 * Writes a prepared document without holding the event loop: its row first, pending (never listed or
 * queried), then its chunks and terms in batches, each behind the tenant check, then visible in one
 * synchronous step that checks the tenant again. On cancel, on a failure or when the tenant is gone
 * (or re-created: another epoch), everything written for it is removed. Returns the document's rowid.
 */
export async function writePending(
  store: DocumentStore,
  linker: EntityLinker,
  tenantExists: TenantGate,
  write: PendingWrite,
): Promise<number> {
  const { doc, prepared, tenantEpoch, signal } = write;
  const tenantId = doc.tenantId;
  const checkTenant = () => {
    if (!tenantExists(tenantId, tenantEpoch)) throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${tenantId}`);
  };
  checkTenant();
  const rowid = store.insertPending(doc);
  const termsAdded = new Map<string, number>();
  try {
    for (const batch of batchesOf(prepared, write, linker, tenantId)) {
      await turn();
      if (signal?.aborted) throw cancelled();
      checkTenant();
      store.insertChunks(tenantId, rowid, write.vectorTable, batch);
      for (const [term, n] of batch.terms) termsAdded.set(term, (termsAdded.get(term) ?? 0) + n);
      write.onBatch?.(batch.chunks.at(-1)!.index + 1);
    }
    await turn();
    if (signal?.aborted) throw cancelled();
    checkTenant();
    store.publish(tenantId, rowid);
    return rowid;
  } catch (error) {
    store.discard(tenantId, rowid, termsAdded);
    throw error;
  }
}

/** The chunk batches, with their vectors, confirmed entities and terms. */
function* batchesOf(
  prepared: PreparedDocument,
  write: PendingWrite,
  linker: EntityLinker,
  tenantId: string,
): Generator<ChunkBatch> {
  const mentions = write.linkEntities ? mentionsByChunk(prepared) : new Map<number, TextMentions>();
  for (let start = 0; start < prepared.count; start += WRITE_BATCH) {
    const chunks = [];
    for (let i = start; i < Math.min(prepared.count, start + WRITE_BATCH); i++) {
      const found = mentions.get(i);
      chunks.push({
        ...chunkOf(prepared, i),
        vector: write.vectorOf(i),
        entities: found ? linker.resolve(tenantId, found) : [],
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
