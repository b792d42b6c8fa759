import { chunkSections, type Chunk, type ChunkingStrategy } from './chunk.js';
import { checkChunkCount, chunkSizeFor } from './chunk-bounds.js';
import { LocalHashEmbedder } from './embed/local.js';
import type { WorkerRecipe } from './embed/provider.js';
import type { MentionPattern } from '../graph/ingest/mentions.js';
import { mentionsOf, type EntityLabel } from './mentions.js';
import type { PdfLimits } from '../config/documents.js';
import { parseDocument } from './parse/index.js';
import type { FileType } from './parse/file-types.js';
import { countedTermsOf } from './keywords.js';
import { countTerms } from './storage.js';
import type { PreparedDocument } from './prepared.js';

/** One upload's CPU work, done in a worker: parse, chunk, embed (local provider), count terms, find mentions. */
export interface PrepareJob {
  bytes: Uint8Array;
  type: FileType;
  strategy: ChunkingStrategy;
  /** The chunk_size asked for; without it the default, raised to what keeps the document within `maxChunks`. */
  chunkSize?: number;
  maxChunks: number;
  pdfLimits: PdfLimits;
  /** Chunks per write batch: terms are counted per batch, so each batch written carries its own. */
  batchSize: number;
  /** The embedder to rebuild in the worker; without it the caller embeds (a remote provider). */
  embedder?: WorkerRecipe;
  /** The tenant's entity labels; without them no entities are linked. */
  labels?: EntityLabel[];
  /** How texts name the systems' nodes (plain data: it crosses into the worker). */
  mentions?: readonly MentionPattern[];
}

export async function prepareDocument(job: PrepareJob): Promise<{ result: PreparedDocument; transfer: ArrayBuffer[] }> {
  const sections = await parseDocument(job.bytes, job.type, job.pdfLimits);
  // The floor that keeps a document within its chunk bound follows from its text, known only now.
  const chunkSize = chunkSizeFor(job.chunkSize, sections, job.maxChunks);
  const chunks = chunkSections(sections, job.strategy, chunkSize);
  checkChunkCount(chunks.length, chunkSize, job.maxChunks);
  const pages = sections.map((s) => s.page ?? 0);
  const layout = layoutOf(chunks);
  const embedder = job.embedder ? new LocalHashEmbedder(job.embedder.size) : undefined;
  const dimension = embedder ? await embedder.dimension() : 0;
  const vectors = embedder ? new Float32Array(chunks.length * dimension) : undefined;
  if (embedder && vectors)
    (await embedder.embedDocuments(chunks.map((c) => c.text))).forEach((v, i) => vectors.set(v, i * dimension));
  const terms: PreparedDocument['terms'] = [];
  for (let start = 0; start < chunks.length; start += job.batchSize)
    terms.push(countTerms(chunks.slice(start, start + job.batchSize).map((c) => countedTermsOf(c.text))));
  const named: number[] = [];
  const lookups: PreparedDocument['lookups'] = [];
  if (job.labels)
    chunks.forEach((c, i) => {
      const found = mentionsOf(c.text, job.labels!, job.mentions ?? []);
      for (const node of found.named) named.push(i, node);
      for (const mention of found.lookups) lookups.push([i, mention]);
    });
  const result: PreparedDocument = {
    count: chunks.length,
    chunkSize,
    pageCount: job.type === 'pdf' ? Math.max(0, ...pages) : undefined,
    ...layout,
    vectors,
    dimension,
    terms,
    named: Int32Array.from(named),
    lookups,
  };
  const transfer = [result.ends, result.pages, result.placeOf, result.named, ...(vectors ? [vectors] : [])].map(
    (a) => a.buffer as ArrayBuffer,
  );
  return { result, transfer };
}

function layoutOf(chunks: readonly Chunk[]) {
  const places: PreparedDocument['places'] = [];
  const known = new Map<string, number>();
  const placeOf = new Int32Array(chunks.length);
  const ends = new Int32Array(chunks.length);
  let end = 0;
  chunks.forEach((c, i) => {
    const key = JSON.stringify([c.sheet, c.heading]);
    if (!known.has(key)) known.set(key, places.push({ sheet: c.sheet, heading: c.heading }) - 1);
    placeOf[i] = known.get(key)!;
    end += c.text.length;
    ends[i] = end;
  });
  return {
    texts: chunks.map((c) => c.text).join(''),
    ends,
    pages: Int32Array.from(chunks, (c) => c.page ?? 0),
    placeOf,
    places,
  };
}
