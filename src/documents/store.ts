import type { Db } from '../store/db.js';
import type { Chunk } from './chunk.js';
import type { CorpusStats } from './embed/provider.js';

export interface DocumentRow {
  id: number;
  document_id: string;
  filename: string;
  file_type: string;
  file_size: number;
  project_id: string | null;
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

/** Chunks of a pending document with their vectors and entity links, and the term counts they add. */
export interface ChunkBatch {
  chunks: Array<Chunk & { vector: Float32Array; entities: number[] }>;
  terms: Map<string, number>;
}

const CHUNK_COLUMNS = `c.id, c.chunk_index, c.text, c.page_number, c.sheet, c.heading, d.document_id, d.filename, d.embedding_space`;
/** Chunks of documents still being written, which no read may return. */
const PENDING_CHUNKS =
  'SELECT c.id FROM document_chunks c JOIN documents d ON d.id = c.document_rowid WHERE d.pending = 1 AND d.tenant_id = ?';

/** All SQL of the document tables. Every statement filters by tenant; reads skip pending documents. */
export class DocumentStore {
  constructor(readonly db: Db) {}

  /**
   * Writes a document's row as pending: its chunks follow in batches (insertChunks), and it becomes
   * visible in one step (publish) or goes with everything written for it (discard).
   */
  insertPending(doc: NewDocument): number {
    return Number(
      this.db
        .prepare(
          `INSERT INTO documents (tenant_id, document_id, filename, file_type, file_size, project_id, tags, chunk_count, entity_count, page_count, chunking_strategy, chunk_size, embedding_space, created_at, pending)
           VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, 1)`,
        )
        .run(
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
        ).lastInsertRowid,
    );
  }

  /** Adds a batch of chunks (keywords, vectors, entity links) and their terms to a pending document, in one transaction. */
  insertChunks(tenantId: string, documentRowid: number, vectorTable: string, batch: ChunkBatch): void {
    this.db.transaction(() => {
      const chunk = this.db.prepare(
        'INSERT INTO document_chunks (tenant_id, document_rowid, chunk_index, text, page_number, sheet, heading) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      const text = this.db.prepare('INSERT INTO document_chunk_text (rowid, text, tenant_id) VALUES (?, ?, ?)');
      const vector = this.db.prepare(`INSERT INTO ${vectorTable} (rowid, tenant_id, embedding) VALUES (?, ?, ?)`);
      const entity = this.db.prepare(
        'INSERT OR IGNORE INTO document_entities (tenant_id, chunk_id, node_rowid) VALUES (?, ?, ?)',
      );
      for (const c of batch.chunks) {
        const id = chunk.run(
          tenantId,
          documentRowid,
          c.index,
          c.text,
          c.page ?? null,
          c.sheet ?? null,
          c.heading ?? null,
        ).lastInsertRowid;
        text.run(id, c.text, tenantId);
        vector.run(BigInt(id), tenantId, c.vector);
        for (const node of c.entities) entity.run(tenantId, id, node);
      }
      this.adjustTermCounts(tenantId, batch.terms, 1);
    })();
  }

  /** Makes a pending document visible with its final counts. */
  publish(tenantId: string, documentRowid: number): void {
    this.db
      .prepare(
        `UPDATE documents SET pending = 0,
           chunk_count = (SELECT count(*) FROM document_chunks WHERE document_rowid = documents.id),
           entity_count = (SELECT count(DISTINCT e.node_rowid) FROM document_entities e JOIN document_chunks c ON c.id = e.chunk_id WHERE c.document_rowid = documents.id)
         WHERE id = ? AND tenant_id = ? AND pending = 1`,
      )
      .run(documentRowid, tenantId);
  }

  /** Removes a pending document and what was written for it (chunks by cascade, term counts given back). */
  discard(tenantId: string, documentRowid: number, terms: Map<string, number>): void {
    this.db.transaction(() => {
      const removed = this.db
        .prepare('DELETE FROM documents WHERE id = ? AND tenant_id = ? AND pending = 1')
        .run(documentRowid, tenantId).changes;
      if (removed > 0) this.adjustTermCounts(tenantId, terms, -1);
    })();
  }

  /** Documents left pending by a process that stopped mid-upload (their term counts are recounted from their chunks). */
  discardAbandoned(termsOf: (text: string) => string[]): void {
    const abandoned = this.db.prepare('SELECT id, tenant_id FROM documents WHERE pending = 1').all() as Array<{
      id: number;
      tenant_id: string;
    }>;
    for (const doc of abandoned) {
      const texts = this.db
        .prepare('SELECT text FROM document_chunks WHERE document_rowid = ?')
        .pluck()
        .all(doc.id) as string[];
      this.discard(doc.tenant_id, doc.id, countTerms(texts.map(termsOf)));
    }
  }

  private adjustTermCounts(tenantId: string, counts: ReadonlyMap<string, number>, sign: 1 | -1): void {
    const upsert = this.db.prepare(
      'INSERT INTO document_terms (tenant_id, term, df) VALUES (?, ?, ?) ON CONFLICT (tenant_id, term) DO UPDATE SET df = df + excluded.df',
    );
    for (const [term, n] of counts) upsert.run(tenantId, term, sign * n);
    if (sign < 0) this.db.prepare('DELETE FROM document_terms WHERE tenant_id = ? AND df <= 0').run(tenantId);
  }

  count(tenantId: string): number {
    return this.db
      .prepare('SELECT count(*) FROM documents WHERE tenant_id = ? AND pending = 0')
      .pluck()
      .get(tenantId) as number;
  }

  list(tenantId: string, limit: number, offset: number, projectId?: string): { rows: DocumentRow[]; total: number } {
    const where =
      projectId === undefined ? 'tenant_id = ? AND pending = 0' : 'tenant_id = ? AND pending = 0 AND project_id = ?';
    const params = projectId === undefined ? [tenantId] : [tenantId, projectId];
    const rows = this.db
      .prepare(`SELECT * FROM documents WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
      .all(...params, limit, offset) as DocumentRow[];
    const total = this.db
      .prepare(`SELECT count(*) FROM documents WHERE ${where}`)
      .pluck()
      .get(...params) as number;
    return { rows, total };
  }

  get(tenantId: string, documentId: string): DocumentRow | undefined {
    return this.db
      .prepare('SELECT * FROM documents WHERE tenant_id = ? AND document_id = ? AND pending = 0')
      .get(tenantId, documentId) as DocumentRow | undefined;
  }

  chunksOf(tenantId: string, documentRowid: number): ChunkRow[] {
    return this.db
      .prepare(
        `SELECT ${CHUNK_COLUMNS} FROM document_chunks c JOIN documents d ON d.id = c.document_rowid WHERE c.tenant_id = ? AND c.document_rowid = ? AND d.pending = 0 ORDER BY c.chunk_index`,
      )
      .all(tenantId, documentRowid) as ChunkRow[];
  }

  /**
   * Hides a document from every read in one statement, as the first step of its removal: it is pending
   * again, so a process stopped before `removeHidden` finishes has it removed at the next start.
   */
  hide(tenantId: string, documentId: string): { id: number; chunkCount: number } | undefined {
    const row = this.db
      .prepare(
        'UPDATE documents SET pending = 1 WHERE tenant_id = ? AND document_id = ? AND pending = 0 RETURNING id, chunk_count',
      )
      .get(tenantId, documentId) as { id: number; chunk_count: number } | undefined;
    return row && { id: row.id, chunkCount: row.chunk_count };
  }

  /**
   * Removes up to `limit` chunks of a hidden document with their keywords, vectors and entity links
   * (cascade and triggers) and the term counts they held, in one transaction; the document row goes
   * with its last chunk. Returns how many chunks went (0: nothing was left).
   */
  removeHiddenBatch(
    tenantId: string,
    documentRowid: number,
    limit: number,
    termsOf: (text: string) => string[],
  ): number {
    return this.db.transaction(() => {
      const chunks = this.db
        .prepare('SELECT id, text FROM document_chunks WHERE tenant_id = ? AND document_rowid = ? ORDER BY id LIMIT ?')
        .all(tenantId, documentRowid, limit) as Array<{ id: number; text: string }>;
      if (chunks.length > 0) {
        this.db
          .prepare('DELETE FROM document_chunks WHERE tenant_id = ? AND id IN (SELECT value FROM json_each(?))')
          .run(tenantId, JSON.stringify(chunks.map((c) => c.id)));
        this.adjustTermCounts(tenantId, countTerms(chunks.map((c) => termsOf(c.text))), -1);
      }
      if (chunks.length < limit)
        this.db
          .prepare('DELETE FROM documents WHERE id = ? AND tenant_id = ? AND pending = 1')
          .run(documentRowid, tenantId);
      return chunks.length;
    })();
  }

  chunks(tenantId: string, ids: readonly number[]): Map<number, ChunkRow> {
    if (ids.length === 0) return new Map();
    const rows = this.db
      .prepare(
        `SELECT ${CHUNK_COLUMNS} FROM document_chunks c JOIN documents d ON d.id = c.document_rowid WHERE c.id IN (SELECT value FROM json_each(?)) AND c.tenant_id = ? AND d.pending = 0`,
      )
      .all(JSON.stringify(ids), tenantId) as ChunkRow[];
    return new Map(rows.map((r) => [r.id, r]));
  }

  corpusStats(tenantId: string): CorpusStats {
    // From the documents' own counts: counting chunk rows costs tens of milliseconds at 100,000 chunks.
    const chunkCount = this.db
      .prepare('SELECT coalesce(sum(chunk_count), 0) FROM documents WHERE tenant_id = ? AND pending = 0')
      .pluck()
      .get(tenantId) as number;
    const lookup = this.db.prepare(
      'SELECT term, df FROM document_terms WHERE tenant_id = ? AND term IN (SELECT value FROM json_each(?))',
    );
    return {
      chunkCount,
      documentFrequency: (terms) =>
        new Map(
          (lookup.all(tenantId, JSON.stringify(terms)) as Array<{ term: string; df: number }>).map((r) => [
            r.term,
            r.df,
          ]),
        ),
    };
  }

  /** The stored vectors of chunks of the tenant (those in the table). */
  vectorsOf(tenantId: string, table: string, ids: readonly number[]): Map<number, Float32Array> {
    const one = this.db.prepare(`SELECT embedding FROM ${table} WHERE rowid = ? AND tenant_id = ?`).pluck();
    const out = new Map<number, Float32Array>();
    for (const id of ids) {
      const bytes = one.get(BigInt(id), tenantId) as Buffer | undefined;
      if (bytes)
        out.set(id, new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
    }
    return out;
  }

  /** Nearest chunks by cosine distance in one vector table (the tenant's partition only). */
  nearest(tenantId: string, table: string, vector: Float32Array, k: number): Array<{ id: number; distance: number }> {
    // The search cannot skip pending chunks itself: it looks further by as many, then drops them.
    const pending = this.db.prepare(`SELECT count(*) FROM (${PENDING_CHUNKS})`).pluck().get(tenantId) as number;
    const hits = this.db
      .prepare(`SELECT rowid AS id, distance FROM ${table} WHERE embedding MATCH ? AND k = ? AND tenant_id = ?`)
      .all(vector, Math.min(k + pending, 4096), tenantId) as Array<{
      id: number;
      distance: number;
    }>;
    if (pending === 0) return hits;
    const hidden = new Set(this.db.prepare(PENDING_CHUNKS).pluck().all(tenantId) as number[]);
    return hits.filter((h) => !hidden.has(h.id)).slice(0, k);
  }

  /** Chunks by bm25 (lower is better), the FTS query built by the caller. */
  keyword(tenantId: string, ftsQuery: string, k: number): Array<{ id: number; rank: number }> {
    return this.db
      .prepare(
        `SELECT rowid AS id, bm25(document_chunk_text) AS rank FROM document_chunk_text WHERE document_chunk_text MATCH ? AND tenant_id = ? AND rowid NOT IN (${PENDING_CHUNKS}) ORDER BY rank LIMIT ?`,
      )
      .all(ftsQuery, tenantId, tenantId, k) as Array<{ id: number; rank: number }>;
  }

  /** Chunks linked to any of the graph nodes, the chunks naming more of them first. */
  chunksOfNodes(tenantId: string, nodes: readonly number[], limit: number): number[] {
    if (nodes.length === 0) return [];
    return this.db
      .prepare(
        `SELECT chunk_id FROM document_entities WHERE node_rowid IN (SELECT value FROM json_each(?)) AND tenant_id = ? AND chunk_id NOT IN (${PENDING_CHUNKS})
         GROUP BY chunk_id ORDER BY count(*) DESC, chunk_id LIMIT ?`,
      )
      .pluck()
      .all(JSON.stringify(nodes), tenantId, tenantId, limit) as number[];
  }

  entitiesOfChunks(tenantId: string, chunks: readonly number[]): number[] {
    if (chunks.length === 0) return [];
    return this.db
      .prepare(
        'SELECT DISTINCT node_rowid FROM document_entities WHERE chunk_id IN (SELECT value FROM json_each(?)) AND tenant_id = ?',
      )
      .pluck()
      .all(JSON.stringify(chunks), tenantId) as number[];
  }

  spaceTables(): Map<string, string> {
    return new Map(
      (
        this.db.prepare('SELECT space, table_name FROM document_spaces').all() as Array<{
          space: string;
          table_name: string;
        }>
      ).map((r) => [r.space, r.table_name]),
    );
  }

  /** Documents of the tenant embedded in another space than the current one. */
  staleDocuments(tenantId: string, space: string): DocumentRow[] {
    return this.db
      .prepare('SELECT * FROM documents WHERE tenant_id = ? AND embedding_space != ? AND pending = 0')
      .all(tenantId, space) as DocumentRow[];
  }

  /** Moves a document's vectors into another space's table, in one transaction. */
  replaceVectors(
    tenantId: string,
    doc: DocumentRow,
    fromTable: string | undefined,
    toTable: string,
    space: string,
    vectors: Map<number, Float32Array>,
  ): void {
    this.db.transaction(() => {
      const insert = this.db.prepare(`INSERT INTO ${toTable} (rowid, tenant_id, embedding) VALUES (?, ?, ?)`);
      const remove = fromTable ? this.db.prepare(`DELETE FROM ${fromTable} WHERE rowid = ?`) : undefined;
      for (const [id, vector] of vectors) {
        remove?.run(BigInt(id));
        insert.run(BigInt(id), tenantId, vector);
      }
      this.db
        .prepare('UPDATE documents SET embedding_space = ? WHERE id = ? AND tenant_id = ?')
        .run(space, doc.id, tenantId);
    })();
  }

  /** Graph nodes one edge away from any of the nodes (both directions). */
  neighbours(tenantId: string, nodes: readonly number[]): number[] {
    if (nodes.length === 0) return [];
    const json = JSON.stringify(nodes);
    return this.db
      .prepare(
        `SELECT to_id FROM graph_edges WHERE from_id IN (SELECT value FROM json_each(?)) AND tenant_id = ?
         UNION SELECT from_id FROM graph_edges WHERE to_id IN (SELECT value FROM json_each(?)) AND tenant_id = ? LIMIT 500`,
      )
      .pluck()
      .all(json, tenantId, json, tenantId) as number[];
  }
}

/** How many of the chunks hold each term (each chunk's terms distinct). */
export function countTerms(termsPerChunk: readonly string[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const terms of termsPerChunk) for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
