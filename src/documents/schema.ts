import * as sqliteVec from 'sqlite-vec';
import type { Db, Migration } from '../store/db.js';
import { countedTermsOf, keywordCountsOf } from './keywords.js';

/** Loads the sqlite-vec extension into a connection (idempotent). */
export function loadVectorExtension(db: Db): void {
  try {
    db.prepare('SELECT vec_version()').get();
  } catch {
    sqliteVec.load(db);
  }
}

/**
 * Document tables. Every row carries its tenant (tenant deletion purges by that column). Chunks' keyword
 * postings are rows of their own (migration 402); vectors live in one sqlite-vec table per embedding space (created when a space is
 * first used, `document_spaces`), partitioned by tenant. Deleting a chunk, directly or by cascade from
 * its document, removes its postings (foreign key) and vectors (triggers), so no path leaves orphans.
 */
export const documentMigrations: Migration[] = [
  {
    id: '400_documents',
    up: (db) =>
      db.exec(`
        CREATE TABLE documents (
          id INTEGER PRIMARY KEY,
          tenant_id TEXT NOT NULL,
          document_id TEXT NOT NULL UNIQUE,
          filename TEXT NOT NULL,
          file_type TEXT NOT NULL,
          file_size INTEGER NOT NULL,
          project_id TEXT,
          tags TEXT NOT NULL DEFAULT '[]',
          chunk_count INTEGER NOT NULL,
          entity_count INTEGER NOT NULL,
          page_count INTEGER,
          chunking_strategy TEXT NOT NULL,
          chunk_size INTEGER NOT NULL,
          embedding_space TEXT NOT NULL,
          created_at TEXT NOT NULL
        );
        CREATE INDEX documents_by_tenant ON documents (tenant_id, created_at, id);

        CREATE TABLE document_chunks (
          id INTEGER PRIMARY KEY,
          tenant_id TEXT NOT NULL,
          document_rowid INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
          chunk_index INTEGER NOT NULL,
          text TEXT NOT NULL,
          page_number INTEGER,
          sheet TEXT,
          heading TEXT
        );
        CREATE INDEX document_chunks_by_document ON document_chunks (document_rowid, chunk_index);

        CREATE VIRTUAL TABLE document_chunk_text USING fts5 (text, tenant_id UNINDEXED, tokenize = 'porter unicode61');
        CREATE TRIGGER document_chunks_text_delete AFTER DELETE ON document_chunks BEGIN
          DELETE FROM document_chunk_text WHERE rowid = old.id;
        END;

        CREATE TABLE document_entities (
          tenant_id TEXT NOT NULL,
          chunk_id INTEGER NOT NULL REFERENCES document_chunks (id) ON DELETE CASCADE,
          node_rowid INTEGER NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
          PRIMARY KEY (chunk_id, node_rowid)
        ) WITHOUT ROWID;
        CREATE INDEX document_entities_by_node ON document_entities (node_rowid, chunk_id);

        CREATE TABLE document_terms (
          tenant_id TEXT NOT NULL,
          term TEXT NOT NULL,
          df INTEGER NOT NULL,
          PRIMARY KEY (tenant_id, term)
        ) WITHOUT ROWID;

        CREATE TABLE document_spaces (
          space TEXT PRIMARY KEY,
          table_name TEXT NOT NULL UNIQUE,
          dimension INTEGER NOT NULL
        );
      `),
  },
  {
    // A document is written in batches while pending (never listed or queried), then made visible in one step.
    id: '401_document_pending',
    up: (db) => db.exec('ALTER TABLE documents ADD COLUMN pending INTEGER NOT NULL DEFAULT 0'),
  },
  {
    // BM25 per tenant, computed in SQL over the project's keyword terms (`store/keywords/terms.ts`, FTS5's own):
    // each chunk's postings (term, occurrences, and the chunk's length again: a query then reads postings
    // alone, twice as fast as joining each to its chunk), chunks' and documents' lengths, so a tenant's
    // chunk count, average length and document frequencies are its own. `document_terms` counts
    // the local embedder's word forms whatever the embedder (it counted nothing for a remote one).
    id: '402_document_keyword_postings',
    up: (db) => {
      db.exec(`
        DROP TRIGGER document_chunks_text_delete;
        DROP TABLE document_chunk_text;
        CREATE TABLE document_postings (
          tenant_id TEXT NOT NULL,
          term TEXT NOT NULL,
          chunk_id INTEGER NOT NULL REFERENCES document_chunks (id) ON DELETE CASCADE,
          tf INTEGER NOT NULL,
          chunk_length INTEGER NOT NULL,
          PRIMARY KEY (tenant_id, term, chunk_id)
        ) WITHOUT ROWID;
        CREATE INDEX document_postings_by_chunk ON document_postings (chunk_id);
        ALTER TABLE document_chunks ADD COLUMN term_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE documents ADD COLUMN term_total INTEGER NOT NULL DEFAULT 0;
        DELETE FROM document_terms;
      `);
      reindexKeywords(db);
    },
  },
  {
    // Each visible document's keyword terms summed over its chunks, and how many visible chunks and
    // documents hold each term, written when a document is published and taken back when it is hidden:
    // BM25 reads a document's score and a term's frequencies here instead of counting the term's postings.
    // A term's postings by weight (occurrences, then chunk length): a term held by tens of thousands of
    // chunks gives its best few thousand as keyword candidates without reading the rest (`keyword-search.ts`).
    id: '403_document_keywords',
    up: (db) =>
      db.exec(`
        CREATE TABLE document_keywords (
          tenant_id TEXT NOT NULL,
          term TEXT NOT NULL,
          document_rowid INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
          tf INTEGER NOT NULL,
          chunks INTEGER NOT NULL,
          PRIMARY KEY (tenant_id, term, document_rowid)
        ) WITHOUT ROWID;
        CREATE INDEX document_keywords_by_document ON document_keywords (document_rowid);
        CREATE TABLE document_keyword_counts (
          tenant_id TEXT NOT NULL,
          term TEXT NOT NULL,
          chunks INTEGER NOT NULL,
          documents INTEGER NOT NULL,
          PRIMARY KEY (tenant_id, term)
        ) WITHOUT ROWID;
        CREATE INDEX document_postings_by_weight ON document_postings (tenant_id, term, tf DESC, chunk_length);
        INSERT INTO document_keywords (tenant_id, term, document_rowid, tf, chunks)
          SELECT d.tenant_id, p.term, d.id, sum(p.tf), count(*) FROM documents d
          JOIN document_chunks c ON c.document_rowid = d.id JOIN document_postings p ON p.chunk_id = c.id
          WHERE d.pending = 0 GROUP BY d.id, p.term;
        INSERT INTO document_keyword_counts (tenant_id, term, chunks, documents)
          SELECT tenant_id, term, sum(chunks), count(*) FROM document_keywords GROUP BY tenant_id, term;
      `),
  },
  {
    // Each chunk's vector again in a plain table, read by rowid: sqlite-vec reads one stored vector by
    // opening its whole block of vectors (about 2 ms each at 100,000 chunks), which made reading a hybrid
    // query's hundred candidates cost more than the rest of the query. sqlite-vec keeps the nearest search.
    id: '404_document_chunk_vectors',
    up: (db) => {
      db.exec(`
        CREATE TABLE document_chunk_vectors (
          chunk_id INTEGER PRIMARY KEY REFERENCES document_chunks (id) ON DELETE CASCADE,
          tenant_id TEXT NOT NULL,
          space TEXT NOT NULL,
          embedding BLOB NOT NULL
        );
      `);
      const spaces = db.prepare('SELECT space, table_name FROM document_spaces').all() as Array<{
        space: string;
        table_name: string;
      }>;
      if (spaces.length > 0) loadVectorExtension(db);
      for (const { space, table_name: table } of spaces)
        db.prepare(
          `INSERT INTO document_chunk_vectors (chunk_id, tenant_id, space, embedding)
           SELECT v.rowid, c.tenant_id, ?, v.embedding FROM ${table} v JOIN document_chunks c ON c.id = v.rowid`,
        ).run(space);
    },
  },
  {
    // A query reads the tenant's visible totals (chunks, terms) and its pending documents several times:
    // from the table that was a read of every document's row, a few milliseconds each at 100,000 chunks.
    id: '405_documents_visible_totals',
    up: (db) =>
      db.exec('CREATE INDEX documents_visible_totals ON documents (tenant_id, pending, chunk_count, term_total)'),
  },
  {
    // The bytes each tenant's documents take (pending ones included), kept by the documents' own inserts and
    // deletes: the quota check of every upload summed the tenant's every document row, 3 ms at 39,000 chunks.
    id: '406_document_usage',
    up: (db) =>
      db.exec(`
        CREATE TABLE document_usage (
          tenant_id TEXT PRIMARY KEY,
          bytes INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO document_usage (tenant_id, bytes) SELECT tenant_id, sum(file_size) FROM documents GROUP BY tenant_id;
        CREATE TRIGGER documents_usage_insert AFTER INSERT ON documents BEGIN
          INSERT INTO document_usage (tenant_id, bytes) VALUES (new.tenant_id, new.file_size)
            ON CONFLICT (tenant_id) DO UPDATE SET bytes = bytes + excluded.bytes;
        END;
        CREATE TRIGGER documents_usage_delete AFTER DELETE ON documents BEGIN
          UPDATE document_usage SET bytes = bytes - old.file_size WHERE tenant_id = old.tenant_id;
        END;
      `),
  },
];

/** Writes every stored chunk's postings and length, and counts its word forms again. */
function reindexKeywords(db: Db): void {
  const posting = db.prepare(
    'INSERT INTO document_postings (tenant_id, term, chunk_id, tf, chunk_length) VALUES (?, ?, ?, ?, ?)',
  );
  const length = db.prepare('UPDATE document_chunks SET term_count = ? WHERE id = ?');
  const counted = db.prepare(
    'INSERT INTO document_terms (tenant_id, term, df) VALUES (?, ?, 1) ON CONFLICT (tenant_id, term) DO UPDATE SET df = df + 1',
  );
  // In pages: a statement cannot run while another one's rows are being iterated.
  const page = db.prepare('SELECT id, tenant_id, text FROM document_chunks WHERE id > ? ORDER BY id LIMIT 5000');
  for (let after = 0; ;) {
    const chunks = page.all(after) as Array<{ id: number; tenant_id: string; text: string }>;
    if (chunks.length === 0) break;
    for (const chunk of chunks) {
      const { counts, length: terms } = keywordCountsOf(chunk.text);
      for (const [term, tf] of counts) posting.run(chunk.tenant_id, term, chunk.id, tf, terms);
      length.run(terms, chunk.id);
      for (const term of countedTermsOf(chunk.text)) counted.run(chunk.tenant_id, term);
    }
    after = chunks[chunks.length - 1].id;
  }
  db.exec(
    'UPDATE documents SET term_total = (SELECT coalesce(sum(term_count), 0) FROM document_chunks WHERE document_rowid = documents.id)',
  );
}

/** The vector table of a space, created (with its delete trigger) on first use. */
export function ensureSpaceTable(db: Db, space: string, dimension: number): { table: string; created: boolean } {
  const known = db.prepare('SELECT table_name FROM document_spaces WHERE space = ?').pluck().get(space) as
    string | undefined;
  if (known) return { table: known, created: false };
  loadVectorExtension(db);
  const count = db.prepare('SELECT count(*) FROM document_spaces').pluck().get() as number;
  const table = `document_vectors_${count + 1}`;
  db.transaction(() => {
    db.exec(`CREATE VIRTUAL TABLE ${table} USING vec0 (tenant_id TEXT PARTITION KEY, embedding FLOAT[${dimension}] distance_metric=cosine);
      CREATE TRIGGER ${table}_delete AFTER DELETE ON document_chunks BEGIN DELETE FROM ${table} WHERE rowid = old.id; END;`);
    db.prepare('INSERT INTO document_spaces (space, table_name, dimension) VALUES (?, ?, ?)').run(
      space,
      table,
      dimension,
    );
  })();
  return { table, created: true };
}
