import type { Chunk } from './chunk.js';
import type { KeywordCounts } from './keywords.js';

export interface DocumentRow {
  id: number;
  document_id: string;
  filename: string;
  file_type: string;
  file_size: number;
  project_id: string | null;
  /** JSON array of strings. */
  tags: string;
  chunk_count: number;
  entity_count: number;
  page_count: number | null;
  embedding_space: string;
  created_at: string;
}

export interface ChunkRow {
  id: number;
  chunk_index: number;
  text: string;
  page_number: number | null;
  sheet: string | null;
  heading: string | null;
  document_id: string;
  filename: string;
  embedding_space: string;
}

/** The columns a new document's row is written with, in the order of `newDocumentValues`. */
export const NEW_DOCUMENT_COLUMNS =
  'tenant_id, document_id, filename, file_type, file_size, project_id, tags, page_count, chunking_strategy, chunk_size, embedding_space, created_at';

export const newDocumentValues = (doc: NewDocument) => [
  doc.tenantId,
  doc.documentId,
  doc.filename,
  doc.fileType,
  doc.fileSize,
  doc.projectId ?? null,
  JSON.stringify(doc.tags),
  doc.pageCount ?? null,
  doc.chunkingStrategy,
  doc.chunkSize,
  doc.space,
  doc.createdAt,
];

/** A document's own row, written pending (never listed or queried) before its chunks. */
export interface NewDocument {
  tenantId: string;
  documentId: string;
  filename: string;
  fileType: string;
  fileSize: number;
  projectId?: string;
  tags: string[];
  pageCount?: number;
  chunkingStrategy: string;
  chunkSize: number;
  space: string;
  createdAt: string;
}

/** Chunks of a pending document with their keyword postings, vectors and entity links, and the term counts they add. */
export interface ChunkBatch {
  chunks: Array<Chunk & { keywords: KeywordCounts; vector: Float32Array; entities: number[] }>;
  /** How many of the batch's chunks hold each counted term (`countedTermsOf`). */
  terms: Map<string, number>;
}

/**
 * Who a write is for: the tenant, and the generation its caller was authorised under when known. Every
 * write method checks both inside its own transaction, so a tenant deleted (or deleted and re-created)
 * meanwhile gets nothing written.
 */
export interface TenantWrite {
  tenantId: string;
  epoch?: string;
}

export type Scored = Array<{ id: number; score: number }>;
/** Nearest first, by cosine distance. */
export type Distances = Array<{ id: number; distance: number }>;

/** The tenant's visible documents: how many, their chunks, and their keyword terms (every chunk's length summed). */
export interface TenantTotals {
  documents: number;
  chunks: number;
  terms: number;
}

/** The tenant's keyword statistics for some terms: its totals and how many of its visible chunks hold each term. */
export interface TermStatistics {
  totals: TenantTotals;
  documentFrequency: Map<string, number>;
}

/**
 * Documents, their chunks, keywords, vectors (one space per embedding provider and dimension) and entity
 * links, per tenant (SQLite: `storage-sqlite.ts`, PostgreSQL: `storage-pg.ts`). Every method filters by
 * tenant; reads skip pending documents. A document is written pending, its chunks in batches, then made
 * visible in one step; each of those writes is one transaction behind the tenant gate.
 */
export interface DocumentStorage {
  /**
   * Writes a document's row as pending, in one transaction with the tenant gate and the quota check:
   * `admit` is given the bytes the tenant's documents take (pending ones included) and throws to refuse,
   * so uploads finishing together cannot pass the quota between them. Returns the document's rowid.
   */
  beginDocument(write: TenantWrite, doc: NewDocument, admit: (usedBytes: number) => void): Promise<number>;
  /** Adds a batch of chunks (keywords, vectors in `space`, entity links) and their term counts to a pending document. */
  addChunks(write: TenantWrite, documentRowid: number, space: string, batch: ChunkBatch): Promise<void>;
  /** Makes a pending document visible with its final counts. */
  publish(write: TenantWrite, documentRowid: number): Promise<void>;
  /** Removes a pending document and what was written for it (`terms`: the term counts its batches added). */
  discard(tenantId: string, documentRowid: number, terms: ReadonlyMap<string, number>): Promise<void>;
  /** Removes documents left pending by a process that stopped mid-upload or mid-removal. */
  discardAbandoned(): Promise<void>;
  /** Bytes the tenant's documents take against its quota. */
  usedBytes(tenantId: string): Promise<number>;

  count(tenantId: string): Promise<number>;
  list(
    tenantId: string,
    limit: number,
    offset: number,
    projectId?: string,
  ): Promise<{ rows: DocumentRow[]; total: number }>;
  get(tenantId: string, documentId: string): Promise<DocumentRow | undefined>;
  chunksOf(tenantId: string, documentRowid: number): Promise<ChunkRow[]>;
  chunks(tenantId: string, ids: readonly number[]): Promise<Map<number, ChunkRow>>;

  /**
   * Hides a document from every read in one statement, as the first step of its removal: it is pending
   * again, so a process stopped before `removeHiddenBatch` finishes has it removed at the next start.
   */
  hide(tenantId: string, documentId: string): Promise<{ id: number; chunkCount: number } | undefined>;
  /**
   * Removes up to `limit` chunks of a hidden document with their keywords, vectors, entity links and the
   * term counts they held, in one transaction; the document row goes with its last chunk. Returns how
   * many chunks went (fewer than `limit`: nothing is left).
   */
  removeHiddenBatch(tenantId: string, documentRowid: number, limit: number): Promise<number>;

  termStatistics(tenantId: string, terms: readonly string[]): Promise<TermStatistics>;
  /**
   * Chunks by BM25 over the tenant's own statistics, best first (`terms`: keyword terms; one given twice counts
   * twice). `totals` are the tenant's, as `termStatistics` read them for the same query.
   */
  keyword(tenantId: string, terms: readonly string[], k: number, totals: TenantTotals): Promise<Scored>;
  /** The given chunks whose documents hold a term, each with its whole document's BM25 score, best first. */
  documentKeyword(
    tenantId: string,
    terms: readonly string[],
    chunks: readonly number[],
    totals: TenantTotals,
  ): Promise<Scored>;

  /** The vector space's index, created on first use (the spec's "indexes created on first upload"). */
  ensureSpace(space: string, dimension: number): Promise<{ index: string; created: boolean }>;
  /** The stored vectors in `space` of chunks of the tenant. */
  vectorsOf(tenantId: string, space: string, ids: readonly number[]): Promise<Map<number, Float32Array>>;
  /** Nearest chunks of the tenant in `space` by cosine distance. */
  nearest(tenantId: string, space: string, vector: Float32Array, k: number): Promise<Distances>;
  /** Documents of the tenant embedded in another space than `space`. */
  staleDocuments(tenantId: string, space: string): Promise<DocumentRow[]>;
  /** Moves a document's vectors into `space`, in one transaction. */
  replaceVectors(
    tenantId: string,
    doc: DocumentRow,
    space: string,
    vectors: ReadonlyMap<number, Float32Array>,
  ): Promise<void>;

  /** Chunks linked to any of the graph nodes, the chunks naming more of them first. */
  chunksOfNodes(tenantId: string, nodes: readonly number[], limit: number): Promise<number[]>;
  entitiesOfChunks(tenantId: string, chunks: readonly number[]): Promise<number[]>;

  /** Every document row of the tenant, with its chunks, keywords, vectors and links; how many documents. */
  deleteTenant(tenantId: string): Promise<number>;
}

/** How many of the chunks hold each term (each chunk's terms distinct). */
export function countTerms(termsPerChunk: readonly string[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const terms of termsPerChunk) for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
