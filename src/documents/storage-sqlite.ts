import type { Db } from '../store/db.js';
import { AppError } from '../toolkit/errors.js';
import type { TenantGate } from '../store/tenant-gate.js';
import { countedTermsOf } from './keywords.js';
import {
  SQLITE_DOCUMENT_KEYWORDS_INSERT_SQL,
  SQLITE_KEYWORD_COUNTS_ADJUST_SQL,
  KEYWORD_COUNTS_PRUNE_SQL,
} from './keyword-sql.js';
import { SqliteKeywordStorage } from './keyword-storage-sqlite.js';
import { PENDING_CHUNKS, preparedReads, type PreparedRead } from './prepared-reads-sqlite.js';
import {
  countTerms,
  newDocumentValues,
  NEW_DOCUMENT_COLUMNS,
  type ChunkBatch,
  type ChunkRow,
  type DocumentRow,
  type DocumentStorage,
  type NewDocument,
  type TenantWrite,
} from './storage.js';
import { SqliteDocumentVectors } from './vectors-sqlite.js';
import { StorageParts } from './storage-parts.js';

const CHUNK_COLUMNS = `c.id, c.chunk_index, c.text, c.page_number, c.sheet, c.heading, d.document_id, d.filename, d.embedding_space`;

/**
 * The documents' storage in SQLite: keyword postings in a table, one sqlite-vec table per embedding space (its
 * partition key the tenant). Writes are synchronous better-sqlite3 transactions that check the tenant
 * gate inside, so the promise a method returns is already settled when nothing else ran in between.
 * Keyword reads and term counts are `SqliteKeywordStorage`'s, vectors `SqliteDocumentVectors`'.
 */
export class SqliteDocumentStorage extends StorageParts implements DocumentStorage {
  private readonly read: PreparedRead;
  protected readonly keywords: SqliteKeywordStorage;
  protected readonly vectors: SqliteDocumentVectors;

  constructor(
    private readonly db: Db,
    /** Whether a tenant (of a generation) may be written for; every tenant may when none is given. */
    private readonly gate: TenantGate = () => true,
  ) {
    super();
    this.read = preparedReads(db);
    this.keywords = new SqliteKeywordStorage(db, this.read);
    this.vectors = new SqliteDocumentVectors(db, this.read);
  }

  private checkTenant({ tenantId, epoch }: TenantWrite): void {
    if (!this.gate(tenantId, epoch)) throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${tenantId}`);
  }

  async beginDocument(write: TenantWrite, doc: NewDocument, admit: (usedBytes: number) => void): Promise<number> {
    return this.db.transaction(() => {
      this.checkTenant(write);
      admit(this.usedBytesNow(write.tenantId));
      return Number(
        this.db
          .prepare(
            `INSERT INTO documents (${NEW_DOCUMENT_COLUMNS}, chunk_count, entity_count, pending)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 1)`,
          )
          .run(...newDocumentValues(doc)).lastInsertRowid,
      );
    })();
  }

  async addChunks(write: TenantWrite, documentRowid: number, space: string, batch: ChunkBatch): Promise<void> {
    const { tenantId } = write;
    const vectorTable = this.vectors.tableOf(space);
    if (!vectorTable) throw new Error(`No vector index for the space ${space}`);
    this.db.transaction(() => {
      this.checkTenant(write);
      const chunk = this.db.prepare(
        'INSERT INTO document_chunks (tenant_id, document_rowid, chunk_index, text, page_number, sheet, heading, term_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const posting = this.db.prepare(
        'INSERT INTO document_postings (tenant_id, term, chunk_id, tf, chunk_length) VALUES (?, ?, ?, ?, ?)',
      );
      const vector = this.db.prepare(`INSERT INTO ${vectorTable} (rowid, tenant_id, embedding) VALUES (?, ?, ?)`);
      const copy = this.db.prepare(
        'INSERT INTO document_chunk_vectors (chunk_id, tenant_id, space, embedding) VALUES (?, ?, ?, ?)',
      );
      const entity = this.db.prepare(
        'INSERT OR IGNORE INTO document_entities (tenant_id, chunk_id, node_rowid) VALUES (?, ?, ?)',
      );
      const postings: Array<[term: string, chunk: number | bigint, tf: number, length: number]> = [];
      for (const c of batch.chunks) {
        const id = chunk.run(
          tenantId,
          documentRowid,
          c.index,
          c.text,
          c.page ?? null,
          c.sheet ?? null,
          c.heading ?? null,
          c.keywords.length,
        ).lastInsertRowid;
        for (const [term, tf] of c.keywords.counts) postings.push([term, id, tf, c.keywords.length]);
        vector.run(BigInt(id), tenantId, c.vector);
        copy.run(id, tenantId, space, c.vector);
        for (const node of c.entities) entity.run(tenantId, id, node);
      }
      // In the order of the postings' indexes (term first): one insert lands beside the last instead of
      // anywhere in millions of rows, which made a batch's postings cost more the larger the store.
      postings.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [term, id, tf, length] of postings) posting.run(tenantId, term, id, tf, length);
      this.keywords.adjustTermCounts(tenantId, batch.terms, 1);
    })();
  }

  async publish(write: TenantWrite, documentRowid: number): Promise<void> {
    this.db.transaction(() => {
      this.checkTenant(write);
      const published = this.db
        .prepare(
          `UPDATE documents SET pending = 0,
             chunk_count = (SELECT count(*) FROM document_chunks WHERE document_rowid = documents.id),
             term_total = (SELECT coalesce(sum(term_count), 0) FROM document_chunks WHERE document_rowid = documents.id),
             entity_count = (SELECT count(DISTINCT e.node_rowid) FROM document_entities e JOIN document_chunks c ON c.id = e.chunk_id WHERE c.document_rowid = documents.id)
           WHERE id = ? AND tenant_id = ? AND pending = 1`,
        )
        .run(documentRowid, write.tenantId).changes;
      if (published === 0) return;
      const document = { tenant: write.tenantId, document: documentRowid };
      this.db.prepare(SQLITE_DOCUMENT_KEYWORDS_INSERT_SQL).run(document);
      this.db.prepare(SQLITE_KEYWORD_COUNTS_ADJUST_SQL).run({ ...document, sign: 1 });
    })();
  }

  async discard(tenantId: string, documentRowid: number, terms: ReadonlyMap<string, number>): Promise<void> {
    this.discardNow(tenantId, documentRowid, terms);
  }

  private discardNow(tenantId: string, documentRowid: number, terms: ReadonlyMap<string, number>): void {
    this.db.transaction(() => {
      const removed = this.db
        .prepare('DELETE FROM documents WHERE id = ? AND tenant_id = ? AND pending = 1')
        .run(documentRowid, tenantId).changes;
      if (removed > 0) this.keywords.adjustTermCounts(tenantId, terms, -1);
    })();
  }

  async discardAbandoned(): Promise<void> {
    const abandoned = this.db.prepare('SELECT id, tenant_id FROM documents WHERE pending = 1').all() as Array<{
      id: number;
      tenant_id: string;
    }>;
    for (const doc of abandoned) {
      const texts = this.db
        .prepare('SELECT text FROM document_chunks WHERE document_rowid = ?')
        .pluck()
        .all(doc.id) as string[];
      this.discardNow(doc.tenant_id, doc.id, countTerms(texts.map(countedTermsOf)));
    }
  }

  async usedBytes(tenantId: string): Promise<number> {
    return this.usedBytesNow(tenantId);
  }

  private usedBytesNow(tenantId: string): number {
    return this.db
      .prepare('SELECT coalesce(sum(bytes), 0) FROM document_usage WHERE tenant_id = ?')
      .pluck()
      .get(tenantId) as number;
  }

  async count(tenantId: string): Promise<number> {
    return this.db
      .prepare('SELECT count(*) FROM documents WHERE tenant_id = ? AND pending = 0')
      .pluck()
      .get(tenantId) as number;
  }

  async list(tenantId: string, limit: number, offset: number, projectId?: string) {
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

  async get(tenantId: string, documentId: string): Promise<DocumentRow | undefined> {
    return this.db
      .prepare('SELECT * FROM documents WHERE tenant_id = ? AND document_id = ? AND pending = 0')
      .get(tenantId, documentId) as DocumentRow | undefined;
  }

  async chunksOf(tenantId: string, documentRowid: number): Promise<ChunkRow[]> {
    return this.db
      .prepare(
        `SELECT ${CHUNK_COLUMNS} FROM document_chunks c JOIN documents d ON d.id = c.document_rowid WHERE c.tenant_id = ? AND c.document_rowid = ? AND d.pending = 0 ORDER BY c.chunk_index`,
      )
      .all(tenantId, documentRowid) as ChunkRow[];
  }

  async chunks(tenantId: string, ids: readonly number[]): Promise<Map<number, ChunkRow>> {
    if (ids.length === 0) return new Map();
    const rows = this.read(
      `SELECT ${CHUNK_COLUMNS} FROM document_chunks c JOIN documents d ON d.id = c.document_rowid WHERE c.id IN (SELECT value FROM json_each(?)) AND c.tenant_id = ? AND d.pending = 0`,
    ).all(JSON.stringify(ids), tenantId) as ChunkRow[];
    return new Map(rows.map((r) => [r.id, r]));
  }

  async hide(tenantId: string, documentId: string) {
    return this.db.transaction(() => {
      const row = this.db
        .prepare(
          'UPDATE documents SET pending = 1 WHERE tenant_id = ? AND document_id = ? AND pending = 0 RETURNING id, chunk_count',
        )
        .get(tenantId, documentId) as { id: number; chunk_count: number } | undefined;
      if (row) {
        this.db.prepare(SQLITE_KEYWORD_COUNTS_ADJUST_SQL).run({ tenant: tenantId, document: row.id, sign: -1 });
        this.db.prepare(KEYWORD_COUNTS_PRUNE_SQL('?')).run(tenantId);
        this.db.prepare('DELETE FROM document_keywords WHERE document_rowid = ?').run(row.id);
      }
      return row && { id: row.id, chunkCount: row.chunk_count };
    })();
  }

  async removeHiddenBatch(tenantId: string, documentRowid: number, limit: number): Promise<number> {
    return this.db.transaction(() => {
      const chunks = this.db
        .prepare('SELECT id, text FROM document_chunks WHERE tenant_id = ? AND document_rowid = ? ORDER BY id LIMIT ?')
        .all(tenantId, documentRowid, limit) as Array<{ id: number; text: string }>;
      if (chunks.length > 0) {
        this.db
          .prepare('DELETE FROM document_chunks WHERE tenant_id = ? AND id IN (SELECT value FROM json_each(?))')
          .run(tenantId, JSON.stringify(chunks.map((c) => c.id)));
        this.keywords.adjustTermCounts(tenantId, countTerms(chunks.map((c) => countedTermsOf(c.text))), -1);
      }
      if (chunks.length < limit)
        this.db
          .prepare('DELETE FROM documents WHERE id = ? AND tenant_id = ? AND pending = 1')
          .run(documentRowid, tenantId);
      return chunks.length;
    })();
  }

  async chunksOfNodes(tenantId: string, nodes: readonly number[], limit: number): Promise<number[]> {
    if (nodes.length === 0) return [];
    return this.read(
      `SELECT chunk_id FROM document_entities WHERE node_rowid IN (SELECT value FROM json_each(?)) AND tenant_id = ? AND chunk_id NOT IN (${PENDING_CHUNKS})
         GROUP BY chunk_id ORDER BY count(*) DESC, chunk_id LIMIT ?`,
      true,
    ).all(JSON.stringify(nodes), tenantId, tenantId, limit) as number[];
  }

  async entitiesOfChunks(tenantId: string, chunks: readonly number[]): Promise<number[]> {
    if (chunks.length === 0) return [];
    return this.db
      .prepare(
        'SELECT DISTINCT node_rowid FROM document_entities WHERE chunk_id IN (SELECT value FROM json_each(?)) AND tenant_id = ?',
      )
      .pluck()
      .all(JSON.stringify(chunks), tenantId) as number[];
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return this.db.transaction(() => {
      // Postings by their key, then chunks (their delete triggers take their vectors along).
      this.db.prepare('DELETE FROM document_postings WHERE tenant_id = ?').run(tenantId);
      this.db.prepare('DELETE FROM document_keywords WHERE tenant_id = ?').run(tenantId);
      this.db.prepare('DELETE FROM document_keyword_counts WHERE tenant_id = ?').run(tenantId);
      this.db.prepare('DELETE FROM document_chunks WHERE tenant_id = ?').run(tenantId);
      this.db.prepare('DELETE FROM document_terms WHERE tenant_id = ?').run(tenantId);
      const deleted = this.db.prepare('DELETE FROM documents WHERE tenant_id = ?').run(tenantId).changes;
      this.db.prepare('DELETE FROM document_usage WHERE tenant_id = ?').run(tenantId);
      return deleted;
    })();
  }
}
