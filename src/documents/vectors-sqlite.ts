import type { Db } from '../store/db.js';
import { PENDING_CHUNKS, type PreparedRead } from './prepared-reads-sqlite.js';
import { ensureSpaceTable } from './schema.js';
import type { DocumentRow, DocumentStorage } from './storage.js';
import type { VectorMethods } from './storage-parts.js';

/** The documents' vectors in SQLite: one sqlite-vec table per embedding space (its partition key the tenant). */
export class SqliteDocumentVectors implements Pick<DocumentStorage, VectorMethods> {
  private readonly spaceTables = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly read: PreparedRead,
  ) {}

  async ensureSpace(space: string, dimension: number) {
    const { table, created } = ensureSpaceTable(this.db, space, dimension);
    this.spaceTables.set(space, table);
    return { index: table, created };
  }

  /** The sqlite-vec table of the space, if it has one. */
  tableOf(space: string): string | undefined {
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
}
