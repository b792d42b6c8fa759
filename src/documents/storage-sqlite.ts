import type { Statement } from 'better-sqlite3';
import type { Db } from '../store/db.js';
import { AppError } from '../toolkit/errors.js';
import type { TenantGate } from '../store/tenant-gate.js';
import { countedTermsOf } from './keywords.js';
import {
  SQLITE_DOCUMENT_KEYWORD_SQL,
  SQLITE_DOCUMENT_KEYWORDS_INSERT_SQL,
  SQLITE_KEYWORD_COUNTS_ADJUST_SQL,
  KEYWORD_COUNTS_PRUNE_SQL,
  SQLITE_HEAVIEST_POSTINGS_SQL,
  SQLITE_POSTINGS_AMONG_SQL,
  SQLITE_KEYWORD_SQL,
  SQLITE_TERM_WEIGHTS_SQL,
} from './keyword-sql.js';
import { keywordSearch, type KeywordIndex, type Posting, type TermWeight } from './keyword-search.js';
import { ensureSpaceTable } from './schema.js';
import {
  countTerms,
  newDocumentValues,
  NEW_DOCUMENT_COLUMNS,
  type ChunkBatch,
  type ChunkRow,
  type DocumentRow,
  type DocumentStorage,
  type NewDocument,
  type Scored,
  type TenantTotals,
  type TenantWrite,
  type TermStatistics,
} from './storage.js';

const CHUNK_COLUMNS = `c.id, c.chunk_index, c.text, c.page_number, c.sheet, c.heading, d.document_id, d.filename, d.embedding_space`;
/** Chunks of documents still being written, which no read may return. */
const PENDING_CHUNKS =
  'SELECT c.id FROM document_chunks c JOIN documents d ON d.id = c.document_rowid WHERE d.pending = 1 AND d.tenant_id = ?';

/**
 * The documents' storage in SQLite: keyword postings in a table, one sqlite-vec table per embedding space (its
 * partition key the tenant). Writes are synchronous better-sqlite3 transactions that check the tenant
 * gate inside, so the promise a method returns is already settled when nothing else ran in between.
 */
export class SqliteDocumentStorage implements DocumentStorage {
  private readonly spaceTables = new Map<string, string>();
  /** The query path's statements, prepared once: preparing its larger statements cost a tenth of a query. */
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Db,
    /** Whether a tenant (of a generation) may be written for; every tenant may when none is given. */
    private readonly gate: TenantGate = () => true,
  ) {}

  /** A read statement prepared once per text (`pluck`: the first column alone, as its own cache entry). */
  private read(sql: string, pluck = false): Statement {
    const key = pluck ? `pluck:${sql}` : sql;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = pluck ? this.db.prepare(sql).pluck() : this.db.prepare(sql);
      this.statements.set(key, statement);
    }
    return statement;
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
    const vectorTable = this.tableOf(space);
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
        for (const [term, tf] of c.keywords.counts) posting.run(tenantId, term, id, tf, c.keywords.length);
        vector.run(BigInt(id), tenantId, c.vector);
        copy.run(id, tenantId, space, c.vector);
        for (const node of c.entities) entity.run(tenantId, id, node);
      }
      this.adjustTermCounts(tenantId, batch.terms, 1);
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
      if (removed > 0) this.adjustTermCounts(tenantId, terms, -1);
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

  private adjustTermCounts(tenantId: string, counts: ReadonlyMap<string, number>, sign: 1 | -1): void {
    const upsert = this.db.prepare(
      'INSERT INTO document_terms (tenant_id, term, df) VALUES (?, ?, ?) ON CONFLICT (tenant_id, term) DO UPDATE SET df = df + excluded.df',
    );
    for (const [term, n] of counts) upsert.run(tenantId, term, sign * n);
    if (sign < 0) this.db.prepare('DELETE FROM document_terms WHERE tenant_id = ? AND df <= 0').run(tenantId);
  }

  async usedBytes(tenantId: string): Promise<number> {
    return this.usedBytesNow(tenantId);
  }

  private usedBytesNow(tenantId: string): number {
    return this.db
      .prepare('SELECT coalesce(sum(file_size), 0) FROM documents WHERE tenant_id = ?')
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
        this.adjustTermCounts(tenantId, countTerms(chunks.map((c) => countedTermsOf(c.text))), -1);
      }
      if (chunks.length < limit)
        this.db
          .prepare('DELETE FROM documents WHERE id = ? AND tenant_id = ? AND pending = 1')
          .run(documentRowid, tenantId);
      return chunks.length;
    })();
  }

  async termStatistics(tenantId: string, terms: readonly string[]): Promise<TermStatistics> {
    // From the documents' own counts: counting chunk rows costs tens of milliseconds at 100,000 chunks.
    const totals = this.read(
      'SELECT count(*) AS documents, coalesce(sum(chunk_count), 0) AS chunks, coalesce(sum(term_total), 0) AS terms FROM documents WHERE tenant_id = ? AND pending = 0',
    ).get(tenantId) as TenantTotals;
    const rows = this.read(
      'SELECT term, df FROM document_terms WHERE tenant_id = ? AND term IN (SELECT value FROM json_each(?))',
    ).all(tenantId, JSON.stringify(terms)) as Array<{ term: string; df: number }>;
    return { totals, documentFrequency: new Map(rows.map((r) => [r.term, r.df])) };
  }

  async keyword(tenantId: string, terms: readonly string[], k: number, totals: TenantTotals): Promise<Scored> {
    return keywordSearch(this.keywordIndex, tenantId, terms, k, totals);
  }

  private readonly keywordIndex: KeywordIndex = {
    termWeights: async (tenantId, terms, totals) =>
      this.read(SQLITE_TERM_WEIGHTS_SQL).all({
        tenant: tenantId,
        terms: JSON.stringify(terms),
        count: totals.chunks,
        total: totals.terms,
      }) as TermWeight[],
    heaviestPostings: async (tenantId, term, limit) =>
      this.read(SQLITE_HEAVIEST_POSTINGS_SQL).all({ tenant: tenantId, term, limit }) as Posting[],
    postingsAmong: async (tenantId, term, chunks) =>
      this.read(SQLITE_POSTINGS_AMONG_SQL).all({ tenant: tenantId, term, chunks: JSON.stringify(chunks) }) as Posting[],
    score: async (tenantId, terms, k, totals) =>
      this.read(SQLITE_KEYWORD_SQL).all({
        tenant: tenantId,
        terms: JSON.stringify(terms),
        k,
        count: totals.chunks,
        total: totals.terms,
      }) as Scored,
  };

  async documentKeyword(
    tenantId: string,
    terms: readonly string[],
    chunks: readonly number[],
    totals: TenantTotals,
  ): Promise<Scored> {
    if (terms.length === 0 || chunks.length === 0) return [];
    return this.read(SQLITE_DOCUMENT_KEYWORD_SQL).all({
      tenant: tenantId,
      terms: JSON.stringify(terms),
      chunks: JSON.stringify(chunks),
      count: totals.documents,
      total: totals.terms,
    }) as Scored;
  }

  async ensureSpace(space: string, dimension: number) {
    const { table, created } = ensureSpaceTable(this.db, space, dimension);
    this.spaceTables.set(space, table);
    return { index: table, created };
  }

  private tableOf(space: string): string | undefined {
    const known = this.spaceTables.get(space);
    if (known) return known;
    const table = this.db.prepare('SELECT table_name FROM document_spaces WHERE space = ?').pluck().get(space) as
      string | undefined;
    if (table) this.spaceTables.set(space, table);
    return table;
  }

  async vectorsOf(tenantId: string, space: string, ids: readonly number[]): Promise<Map<number, Float32Array>> {
    const rows = this.read(
      'SELECT chunk_id, embedding FROM document_chunk_vectors WHERE chunk_id IN (SELECT value FROM json_each(?)) AND tenant_id = ? AND space = ?',
    ).all(JSON.stringify(ids), tenantId, space) as Array<{ chunk_id: number; embedding: Buffer }>;
    return new Map(
      rows.map(({ chunk_id: id, embedding: bytes }) => [
        id,
        new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
      ]),
    );
  }

  async nearest(tenantId: string, space: string, vector: Float32Array, k: number) {
    const table = this.tableOf(space);
    if (!table) return [];
    // The search cannot skip pending chunks itself: it looks further by as many, then drops them.
    const pending = this.read(`SELECT count(*) FROM (${PENDING_CHUNKS})`, true).get(tenantId) as number;
    const hits = this.read(
      `SELECT rowid AS id, distance FROM ${table} WHERE embedding MATCH ? AND k = ? AND tenant_id = ?`,
    ).all(vector, Math.min(k + pending, 4096), tenantId) as Array<{ id: number; distance: number }>;
    if (pending === 0) return hits;
    const hidden = new Set(this.db.prepare(PENDING_CHUNKS).pluck().all(tenantId) as number[]);
    return hits.filter((h) => !hidden.has(h.id)).slice(0, k);
  }

  async staleDocuments(tenantId: string, space: string): Promise<DocumentRow[]> {
    return this.db
      .prepare('SELECT * FROM documents WHERE tenant_id = ? AND embedding_space != ? AND pending = 0')
      .all(tenantId, space) as DocumentRow[];
  }

  async replaceVectors(tenantId: string, doc: DocumentRow, space: string, vectors: ReadonlyMap<number, Float32Array>) {
    const fromTable = this.tableOf(doc.embedding_space);
    const toTable = this.tableOf(space);
    if (!toTable) throw new Error(`No vector index for the space ${space}`);
    this.db.transaction(() => {
      const insert = this.db.prepare(`INSERT INTO ${toTable} (rowid, tenant_id, embedding) VALUES (?, ?, ?)`);
      const remove = fromTable ? this.db.prepare(`DELETE FROM ${fromTable} WHERE rowid = ?`) : undefined;
      const copy = this.db.prepare(
        'INSERT OR REPLACE INTO document_chunk_vectors (chunk_id, tenant_id, space, embedding) VALUES (?, ?, ?, ?)',
      );
      for (const [id, vector] of vectors) {
        remove?.run(BigInt(id));
        insert.run(BigInt(id), tenantId, vector);
        copy.run(id, tenantId, space, vector);
      }
      this.db
        .prepare('UPDATE documents SET embedding_space = ? WHERE id = ? AND tenant_id = ?')
        .run(space, doc.id, tenantId);
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
      return this.db.prepare('DELETE FROM documents WHERE tenant_id = ?').run(tenantId).changes;
    })();
  }
}
