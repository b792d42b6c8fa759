import { randomUUID } from 'node:crypto';
import { setImmediate as turn } from 'node:timers/promises';
import type { MentionPattern } from '../graph/ingest/mentions.js';
import type { ProgressUpdate } from '../toolkit/progress.js';
import { AppError } from '../toolkit/errors.js';
import { CHUNKING_STRATEGIES, type ChunkingStrategy } from './chunk.js';
import { LocalHashEmbedder } from './embed/local.js';
import { spaceOf, type CorpusStats, type EmbeddingProvider } from './embed/provider.js';
import { EntityLinker } from './entities.js';
import {
  DEFAULT_DOCUMENT_LIMITS,
  DEFAULT_JOB_LIMITS,
  DEFAULT_MAX_UPLOAD_BYTES,
  type DocumentSettings,
} from '../config/documents.js';
import { MAX_CHUNK_SIZE, MIN_CHUNK_SIZE } from './limits.js';
import { cancelled, DocumentJobs } from './jobs.js';
import { fileTypeOf } from './parse/file-types.js';
import { UnreadableDocument } from './parse/types.js';
import { WRITE_BATCH, writePending } from './pending-write.js';
import { chunkOf, type PreparedDocument } from './prepared.js';
import { countedTermsOf } from './keywords.js';
import type { DocumentRow, DocumentStorage, TenantTotals } from './storage.js';
import type { DocumentStores } from './stores.js';
import { retrieve, type QueryRequest, type QueryResponse } from './retrieve.js';
import { UploadPolicy } from './upload-policy.js';

export { UnreadableDocument };

export interface UploadRequest {
  filename: string;
  bytes: Uint8Array;
  projectId?: string;
  tags?: string[];
  extractEntities?: boolean;
  chunkingStrategy?: string;
  chunkSize?: number;
  /** The tenant generation the caller's token was issued for: an upload outliving its tenant stores nothing. */
  tenantEpoch?: string;
  /** Hears each stage (read, chunked, embedded, stored) of a long upload. */
  onProgress?: (update: ProgressUpdate) => void;
  /** Stops the upload (its worker, or its writes between batches); nothing is stored. */
  signal?: AbortSignal;
  /**
   * Awaited after each batch of chunks is written, before the next: the upload is pending meanwhile. Lets a
   * caller look at (or act on) a pending upload at a known point, on PostgreSQL too, whose reads are not
   * synchronous as SQLite's are.
   */
  afterBatch?: (written: number) => Promise<void>;
}

const UPLOAD_STAGES = 4;
/** Chunks removed per transaction when a document is deleted (removal costs more per chunk than writing). */
const DELETE_BATCH = 200;

export { MAX_CHUNK_SIZE, MIN_CHUNK_SIZE };

/** Documents of each tenant: upload (parse, chunk, embed, link), query, list, detail, delete, re-embed. */
export class DocumentService {
  readonly store: DocumentStorage;
  /** What retrieval reads of the graph (neighbours of linked entities). */
  readonly graph: DocumentStores['graph'];
  private readonly linker: EntityLinker;
  private readonly mentions: readonly MentionPattern[];
  /** Upload bounds (in flight, quota, chunks, PDF decoding), from the environment. */
  readonly policy: UploadPolicy;
  /** Most bytes one upload may carry. */
  readonly maxUploadBytes: number;

  constructor(
    stores: DocumentStores,
    readonly embedder: EmbeddingProvider = new LocalHashEmbedder(),
    private readonly now: () => Date = () => new Date(),
    settings: DocumentServiceSettings = DEFAULT_SERVICE_SETTINGS,
    /** The worker pool that parses, chunks and embeds uploads (stopped by `close`). */
    private readonly jobs: DocumentJobs = new DocumentJobs(settings.jobs),
  ) {
    this.store = stores.documents;
    this.graph = stores.graph;
    this.mentions = settings.mentions ?? [];
    this.linker = new EntityLinker(stores.graph, this.mentions, settings.labelledTypes);
    this.policy = new UploadPolicy(this.store, settings.limits);
    this.maxUploadBytes = settings.maxUploadBytes;
  }

  /** Stops the upload workers (running jobs fail as cancelled). */
  close(): Promise<void> {
    return this.jobs.close();
  }

  /** The current vector space and its index (created on first use: the spec's "indexes created on first upload"). */
  async space(): Promise<{ space: string; index: string; created: boolean }> {
    const dimension = await this.embedder.dimension();
    const space = spaceOf(this.embedder, dimension);
    return { space, ...(await this.store.ensureSpace(space, dimension)) };
  }

  /** The tenant's corpus statistics for the terms of a query (what the embedder and keyword search weigh). */
  async corpusStatsFor(tenantId: string, query: string): Promise<CorpusStats & { totals: TenantTotals }> {
    const terms = [...new Set([...this.embedder.terms(query), ...countedTermsOf(query)])];
    const { totals, documentFrequency } = await this.store.termStatistics(tenantId, terms);
    return {
      totals,
      chunkCount: totals.chunks,
      documentFrequency: (asked) =>
        new Map(asked.flatMap((term) => (documentFrequency.has(term) ? [[term, documentFrequency.get(term)!]] : []))),
    };
  }

  async upload(tenantId: string, request: UploadRequest) {
    const { type, extension } = fileTypeOf(request.filename);
    if (!type) throw new AppError('VALIDATION_ERROR', `Unsupported file type: ${extension}`);
    const strategy = (request.chunkingStrategy ?? 'recursive') as ChunkingStrategy;
    if (!CHUNKING_STRATEGIES.includes(strategy))
      throw new AppError(
        'VALIDATION_ERROR',
        `Unknown chunking_strategy: ${request.chunkingStrategy}; valid: ${CHUNKING_STRATEGIES.join(', ')}`,
      );
    const chunkSize = request.chunkSize ?? 1000;
    if (!Number.isInteger(chunkSize) || chunkSize < MIN_CHUNK_SIZE || chunkSize > MAX_CHUNK_SIZE)
      throw new AppError(
        'VALIDATION_ERROR',
        `chunk_size must be an integer from ${MIN_CHUNK_SIZE} to ${MAX_CHUNK_SIZE}`,
      );

    const stage = (progress: number, message: string) => {
      if (request.signal?.aborted) throw cancelled();
      request.onProgress?.({ progress, total: UPLOAD_STAGES, message });
    };
    const linkEntities = request.extractEntities !== false;
    await this.policy.checkQuota(tenantId, request.bytes.length);
    const prepared = await this.jobs.prepare(
      {
        bytes: request.bytes,
        type,
        strategy,
        chunkSize: request.chunkSize,
        maxChunks: this.policy.limits.maxChunks,
        pdfLimits: this.policy.limits.pdf,
        batchSize: WRITE_BATCH,
        embedder: this.embedder.workerRecipe,
        labels: linkEntities ? await this.linker.labels(tenantId) : undefined,
        mentions: this.mentions,
      },
      request.signal,
    );
    if (prepared.count === 0) throw new UnreadableDocument('the file holds no text');
    stage(1, `Read ${request.filename} into ${prepared.count} chunks`);
    const vectorOf = await this.vectorsOf(prepared);
    stage(2, `Embedded ${prepared.count} chunks`);
    const { space } = await this.space();
    stage(3, 'Found the graph entities it names');
    const documentId = randomUUID();
    await writePending(this.store, this.linker, {
      doc: {
        tenantId,
        documentId,
        filename: request.filename,
        fileType: type,
        fileSize: request.bytes.length,
        projectId: request.projectId,
        tags: request.tags ?? [],
        pageCount: prepared.pageCount,
        chunkingStrategy: strategy,
        chunkSize: prepared.chunkSize,
        space,
        createdAt: this.now().toISOString(),
      },
      prepared,
      vectorOf,
      linkEntities,
      // Checked again in the transaction that writes the pending row, which counts against the quota
      // from then on: uploads finishing together cannot pass it between them.
      admit: (usedBytes) => this.policy.admit(usedBytes, request.bytes.length),
      tenantEpoch: request.tenantEpoch,
      signal: request.signal,
      onBatch: async (written) => {
        request.onProgress?.({
          progress: 3 + written / (prepared.count + 1),
          total: UPLOAD_STAGES,
          message: `Stored ${written} of ${prepared.count} chunks`,
        });
        await request.afterBatch?.(written);
      },
    });
    const stored = (await this.store.get(tenantId, documentId))!;
    request.onProgress?.({
      progress: UPLOAD_STAGES,
      total: UPLOAD_STAGES,
      message: `Stored ${stored.chunk_count} chunks`,
    });
    return {
      document_id: documentId,
      filename: stored.filename,
      file_type: stored.file_type,
      file_size: stored.file_size,
      chunk_count: stored.chunk_count,
      entity_count: stored.entity_count,
      message: `Document processed into ${stored.chunk_count} chunks`,
    };
  }

  async query(tenantId: string, request: QueryRequest): Promise<QueryResponse> {
    return retrieve(this, tenantId, request);
  }

  async list(tenantId: string, limit: number, offset: number, projectId?: string) {
    const { rows, total } = await this.store.list(tenantId, limit, offset, projectId);
    return { documents: rows.map(summaryOf), total, limit, offset };
  }

  async get(tenantId: string, documentId: string) {
    const row = await this.found(tenantId, documentId);
    const chunks = await this.store.chunksOf(tenantId, row.id);
    return {
      ...summaryOf(row),
      entity_count: row.entity_count,
      embedding_space: row.embedding_space,
      metadata: { page_count: row.page_count, project_id: row.project_id, tags: JSON.parse(row.tags) as string[] },
      chunks: chunks.map((c) => ({
        chunk_id: String(c.id),
        chunk_index: c.chunk_index,
        text: c.text,
        page_number: c.page_number,
        ...(c.sheet ? { sheet: c.sheet } : {}),
        ...(c.heading ? { heading: c.heading } : {}),
      })),
    };
  }

  /**
   * Deletes a document with its chunks, vectors, keywords and entity links. It disappears from every
   * read at once; its rows then go in batches with the event loop turning between them, so a large
   * document does not hold the server while it is removed.
   */
  async delete(tenantId: string, documentId: string) {
    const hidden = await this.store.hide(tenantId, documentId);
    if (!hidden) throw notFound(documentId);
    let removed = 0;
    for (;;) {
      const batch = await this.store.removeHiddenBatch(tenantId, hidden.id, DELETE_BATCH);
      removed += batch;
      if (batch < DELETE_BATCH) break;
      await turn();
    }
    return {
      document_id: documentId,
      deleted: true,
      chunks_deleted: removed,
      message: `Document ${documentId} deleted`,
    };
  }

  /** Creates the current space's index and re-embeds the tenant's documents embedded in another space. */
  async initializeIndexes(tenantId: string) {
    const { space, index, created } = await this.space();
    let reembedded = 0;
    for (const doc of await this.store.staleDocuments(tenantId, space)) {
      const chunks = await this.store.chunksOf(tenantId, doc.id);
      const vectors = await this.embedder.embedDocuments(chunks.map((c) => c.text));
      await this.store.replaceVectors(tenantId, doc, space, new Map(chunks.map((c, i) => [c.id, vectors[i]])));
      reembedded++;
    }
    return {
      success: true,
      indexes_created: created ? [index, 'document_postings'] : [],
      embedding_space: space,
      documents_reembedded: reembedded,
      message: `${created ? 'Created' : 'Indexes exist for'} ${space}${reembedded ? `; re-embedded ${reembedded} documents` : ''}`,
    };
  }

  async found(tenantId: string, documentId: string): Promise<DocumentRow> {
    const row = await this.store.get(tenantId, documentId);
    if (!row) throw notFound(documentId);
    return row;
  }

  /** Each chunk's vector: from the worker (local provider), or asked of the remote provider here (network I/O awaits). */
  private async vectorsOf(prepared: PreparedDocument): Promise<(chunk: number) => Float32Array> {
    const { vectors, dimension } = prepared;
    if (vectors) return (i) => vectors.subarray(i * dimension, (i + 1) * dimension);
    const remote = await this.embedder.embedDocuments(
      Array.from({ length: prepared.count }, (_, i) => chunkOf(prepared, i).text),
    );
    return (i) => remote[i];
  }

  /** The graph entities of the tenant that a text names. */
  entitiesNamedIn(tenantId: string, text: string): Promise<number[]> {
    return this.linker.linkText(tenantId, text);
  }
}

/** What the service takes of the document settings. */
type DocumentServiceSettings = Pick<DocumentSettings, 'limits' | 'jobs' | 'maxUploadBytes'> & {
  /** How texts name the systems' nodes (the manifests' `mentions`); without them only people are linked. */
  mentions?: readonly MentionPattern[];
  /** Node types linked where a text names one by its name or title, besides people (the manifests' `namedByLabel`). */
  labelledTypes?: readonly string[];
};

const DEFAULT_SERVICE_SETTINGS: DocumentServiceSettings = {
  limits: DEFAULT_DOCUMENT_LIMITS,
  jobs: DEFAULT_JOB_LIMITS,
  maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES,
};

const notFound = (documentId: string) => new AppError('NOT_FOUND', `Document not found: ${documentId}`);

function summaryOf(row: DocumentRow) {
  return {
    document_id: row.document_id,
    filename: row.filename,
    file_type: row.file_type,
    file_size: row.file_size,
    chunk_count: row.chunk_count,
    created_at: row.created_at,
    project_id: row.project_id,
    tags: JSON.parse(row.tags) as string[],
  };
}
