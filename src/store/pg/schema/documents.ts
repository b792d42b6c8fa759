/**
 * Documents, their chunks, keywords and entity links, and the vectors of chunks and graph entities, column
 * for column as in SQLite (src/documents/schema.ts, src/documents/entity-vectors.ts) with these
 * differences: vectors
 * are pgvector columns in one table per kind, keyed by embedding space (`*_spaces` record each space's
 * dimension), instead of a sqlite-vec table created per space at run time; deletes reach keywords and
 * vectors by cascade instead of triggers. Nearest-neighbour queries filter by tenant and space and scan
 * exactly, as sqlite-vec does; an HNSW index needs a fixed dimension, so it would be a partial index per
 * space on `(embedding::vector(N))`. Keyword postings are the same rows as in SQLite (terms computed in
 * the project), so both backends rank alike; a posting goes with its chunk, and so with its tenant.
 */
export const documentSchema = `
CREATE TABLE documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  document_id text NOT NULL UNIQUE,
  filename text NOT NULL,
  file_type text NOT NULL,
  file_size bigint NOT NULL,
  project_id text,
  tags jsonb NOT NULL DEFAULT '[]',
  chunk_count integer NOT NULL,
  entity_count integer NOT NULL,
  page_count integer,
  chunking_strategy text NOT NULL,
  chunk_size integer NOT NULL,
  embedding_space text NOT NULL,
  created_at text NOT NULL,
  -- Written in batches while pending (never listed or queried), then made visible in one step.
  pending boolean NOT NULL DEFAULT false,
  -- The keyword terms of its chunks: with chunk_count, the tenant's average chunk length for BM25.
  term_total bigint NOT NULL DEFAULT 0
);
CREATE INDEX documents_by_tenant ON documents (tenant_id, created_at, id);

CREATE TABLE document_chunks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  document_rowid bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  chunk_index integer NOT NULL,
  text text NOT NULL,
  page_number integer,
  sheet text,
  heading text,
  term_count integer NOT NULL DEFAULT 0
);
CREATE INDEX document_chunks_by_document ON document_chunks (document_rowid, chunk_index);
CREATE INDEX document_chunks_by_tenant ON document_chunks (tenant_id);

-- How often each keyword term occurs in each chunk, with the chunk's length again: a query's terms are
-- scored from the index alone. No tenants reference: a posting goes with its chunk (cascade), and a
-- second foreign key check per row would slow the largest insert of an upload for nothing.
CREATE TABLE document_postings (
  tenant_id text NOT NULL,
  term text NOT NULL,
  chunk_id bigint NOT NULL REFERENCES document_chunks (id) ON DELETE CASCADE,
  tf integer NOT NULL,
  chunk_length integer NOT NULL,
  PRIMARY KEY (tenant_id, term, chunk_id) INCLUDE (tf, chunk_length)
);
CREATE INDEX document_postings_by_chunk ON document_postings (chunk_id);

CREATE TABLE document_entities (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  chunk_id bigint NOT NULL REFERENCES document_chunks (id) ON DELETE CASCADE,
  node_rowid bigint NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
  PRIMARY KEY (chunk_id, node_rowid)
);
CREATE INDEX document_entities_by_node ON document_entities (node_rowid, chunk_id);
CREATE INDEX document_entities_by_tenant ON document_entities (tenant_id);

-- How many chunks of the tenant hold each word form (the local embedder's terms): how the embedder weighs a
-- query's words, and which query words are too common to search for.
CREATE TABLE document_terms (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  term text NOT NULL,
  df integer NOT NULL,
  PRIMARY KEY (tenant_id, term)
);

CREATE TABLE document_spaces (space text PRIMARY KEY, dimension integer NOT NULL);

CREATE TABLE document_vectors (
  chunk_id bigint NOT NULL REFERENCES document_chunks (id) ON DELETE CASCADE,
  space text NOT NULL REFERENCES document_spaces (space),
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  embedding vector NOT NULL,
  PRIMARY KEY (chunk_id, space)
);
CREATE INDEX document_vectors_by_tenant ON document_vectors (tenant_id, space);

CREATE TABLE entity_spaces (space text PRIMARY KEY, dimension integer NOT NULL);

-- Which space and which version of each node its vector is of: a changed node, or a new embedding
-- provider, is re-embedded on the next search.
CREATE TABLE entity_vector_state (
  node_rowid bigint PRIMARY KEY REFERENCES graph_nodes (id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  space text NOT NULL,
  embedded_at bigint NOT NULL
);
CREATE INDEX entity_vector_state_by_tenant ON entity_vector_state (tenant_id, space);

CREATE TABLE entity_vectors (
  node_rowid bigint NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
  space text NOT NULL REFERENCES entity_spaces (space),
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  embedding vector NOT NULL,
  PRIMARY KEY (node_rowid, space)
);
CREATE INDEX entity_vectors_by_tenant ON entity_vectors (tenant_id, space);
`;
