import { randomUUID } from 'node:crypto';
import type { Db } from '../store/db.js';
import type { ProgressUpdate } from '../toolkit/define-tool.js';
import { AppError } from '../toolkit/errors.js';
import type { TenantGate } from '../store/tenant-gate.js';
import { CHUNKING_STRATEGIES, chunkSections, type ChunkingStrategy } from './chunk.js';
import { checkChunkCount, chunkSizeFor } from './chunk-bounds.js';
import { LocalHashEmbedder } from './embed/local.js';
import { spaceOf, type EmbeddingProvider } from './embed/provider.js';
import { EntityLinker } from './entities.js';
import { documentLimits, MAX_CHUNK_SIZE, MIN_CHUNK_SIZE } from './limits.js';
import { fileTypeOf, parseDocument, UnreadableDocument } from './parse/index.js';
import { ensureSpaceTable } from './schema.js';
import { DocumentStore, type DocumentRow } from './store.js';
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
  /** Stops the upload between stages; nothing is stored. */
  signal?: AbortSignal;
}

const UPLOAD_STAGES = 4;

export { MAX_CHUNK_SIZE, MIN_CHUNK_SIZE };

/** Documents of each tenant: upload (parse, chunk, embed, link), query, list, detail, delete, re-embed. */
export class DocumentService {
  readonly store: DocumentStore;
  private readonly linker: EntityLinker;
  /** Upload bounds (in flight, quota, chunks, PDF decoding), from the environment. */
  readonly policy: UploadPolicy;

  constructor(
    db: Db,
    readonly embedder: EmbeddingProvider = new LocalHashEmbedder(),
    private readonly now: () => Date = () => new Date(),
    /** Whether a tenant (of a generation) still exists; checked in the same synchronous step as the write. */
    private readonly tenantExists: TenantGate = () => true,
  ) {
    this.store = new DocumentStore(db);
    this.linker = new EntityLinker(db);
    this.policy = new UploadPolicy(db, documentLimits());
  }

  /** The current vector space and its table (created on first use: the spec's "indexes created on first upload"). */
  async space(): Promise<{ space: string; table: string; created: boolean }> {
    const dimension = await this.embedder.dimension();
    const space = spaceOf(this.embedder, dimension);
    return { space, ...ensureSpaceTable(this.store.db, space, dimension) };
  }

  async upload(tenantId: string, request: UploadRequest) {
    const { type, extension } = fileTypeOf(request.filename);
    if (!type) throw new AppError('VALIDATION_ERROR', `Unsupported file type: ${extension}`);
    const strategy = (request.chunkingStrategy ?? 'recursive') as ChunkingStrategy;
    if (!CHUNKING_STRATEGIES.includes(strategy))
      throw new AppError('VALIDATION_ERROR', `Unknown chunking_strategy: ${request.chunkingStrategy}; valid: ${CHUNKING_STRATEGIES.join(', ')}`);
    let chunkSize = request.chunkSize ?? 1000;
    if (!Number.isInteger(chunkSize) || chunkSize < MIN_CHUNK_SIZE || chunkSize > MAX_CHUNK_SIZE)
      throw new AppError('VALIDATION_ERROR', `chunk_size must be an integer from ${MIN_CHUNK_SIZE} to ${MAX_CHUNK_SIZE}`);

    const stage = (progress: number, message: string) => {
      if (request.signal?.aborted) throw new AppError('CANCELLED', 'The upload was cancelled; nothing was stored');
      request.onProgress?.({ progress, total: UPLOAD_STAGES, message });
    };
    this.policy.checkQuota(tenantId, request.bytes.length);
    const sections = await parseDocument(request.bytes, type, this.policy.limits.pdf);
    // The floor that keeps a document within its chunk bound follows from its text, known only now.
    chunkSize = chunkSizeFor(request.chunkSize, sections, this.policy.limits.maxChunks);
    const chunks = chunkSections(sections, strategy, chunkSize);
    checkChunkCount(chunks.length, chunkSize, this.policy.limits.maxChunks);
    if (chunks.length === 0) throw new UnreadableDocument('the file holds no text');
    stage(1, `Read ${request.filename} into ${chunks.length} chunks`);
    const vectors = await this.embedder.embedDocuments(chunks.map((c) => c.text));
    stage(2, `Embedded ${chunks.length} chunks`);
    const link = request.extractEntities === false ? () => [] : this.linker.forTenant(tenantId);
    const { space, table } = await this.space();
    const linked = chunks.map((c) => link(c.text));
    stage(3, 'Linked graph entities');
    // From here to the write nothing awaits, so the tenant cannot be deleted in between.
    if (!this.tenantExists(tenantId, request.tenantEpoch)) throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${tenantId}`);
    this.policy.checkQuota(tenantId, request.bytes.length);
    const documentId = randomUUID();
    const pages = sections.map((s) => s.page).filter((p): p is number => p !== undefined);
    this.store.insert({
      tenantId,
      documentId,
      filename: request.filename,
      fileType: type,
      fileSize: request.bytes.length,
      projectId: request.projectId,
      tags: request.tags ?? [],
      pageCount: type === 'pdf' ? Math.max(0, ...pages) : undefined,
      chunkingStrategy: strategy,
      chunkSize,
      space,
      vectorTable: table,
      createdAt: this.now().toISOString(),
      chunks: chunks.map((c, i) => ({ ...c, vector: vectors[i], terms: this.embedder.terms(c.text), entities: linked[i] })),
    });
    const stored = this.store.get(tenantId, documentId)!;
    request.onProgress?.({ progress: UPLOAD_STAGES, total: UPLOAD_STAGES, message: `Stored ${stored.chunk_count} chunks` });
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

  list(tenantId: string, limit: number, offset: number, projectId?: string) {
    const { rows, total } = this.store.list(tenantId, limit, offset, projectId);
    return { documents: rows.map(summaryOf), total, limit, offset };
  }

  get(tenantId: string, documentId: string) {
    const row = this.found(tenantId, documentId);
    const chunks = this.store.chunksOf(tenantId, row.id);
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

  delete(tenantId: string, documentId: string) {
    const removed = this.store.delete(tenantId, documentId, (text) => this.embedder.terms(text));
    if (removed === undefined) throw notFound(documentId);
    return { document_id: documentId, deleted: true, chunks_deleted: removed, message: `Document ${documentId} deleted` };
  }

  /** Creates the current space's index and re-embeds the tenant's documents embedded in another space. */
  async initializeIndexes(tenantId: string) {
    const { space, table, created } = await this.space();
    const tables = this.store.spaceTables();
    let reembedded = 0;
    for (const doc of this.store.staleDocuments(tenantId, space)) {
      const chunks = this.store.chunksOf(tenantId, doc.id);
      const vectors = await this.embedder.embedDocuments(chunks.map((c) => c.text));
      this.store.replaceVectors(tenantId, doc, tables.get(doc.embedding_space), table, space, new Map(chunks.map((c, i) => [c.id, vectors[i]])));
      reembedded++;
    }
    return {
      success: true,
      indexes_created: created ? [table, 'document_chunk_text'] : [],
      embedding_space: space,
      documents_reembedded: reembedded,
      message: `${created ? 'Created' : 'Indexes exist for'} ${space}${reembedded ? `; re-embedded ${reembedded} documents` : ''}`,
    };
  }

  found(tenantId: string, documentId: string): DocumentRow {
    const row = this.store.get(tenantId, documentId);
    if (!row) throw notFound(documentId);
    return row;
  }

  linkerFor(tenantId: string): (text: string) => number[] {
    return this.linker.forTenant(tenantId);
  }
}

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
