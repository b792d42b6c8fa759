/**
 * Migration `011_document_keywords`: whole-document keyword statistics, so that hybrid search scores a
 * candidate chunk's whole document by a lookup, and a term held by tens of thousands of chunks gives its
 * heaviest postings as keyword candidates without reading the rest. Filled from the stored postings of every
 * visible document; kept current when a document is published or hidden (src/documents/storage-pg.ts).
 */
export const documentKeywordsSchema = `
-- A term's postings by weight: a term held by tens of thousands of chunks gives its best few thousand as
-- keyword candidates without reading the rest.
CREATE INDEX document_postings_by_weight ON document_postings (tenant_id, term, tf DESC, chunk_length) INCLUDE (chunk_id);

-- Each visible document's keyword terms summed over its chunks (written when it is published, removed when
-- it is hidden): BM25 over whole documents reads a document's score and a term's document frequency here.
CREATE TABLE document_keywords (
  tenant_id text NOT NULL,
  term text NOT NULL,
  document_rowid bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  tf integer NOT NULL,
  -- How many of its chunks hold the term.
  chunks integer NOT NULL,
  PRIMARY KEY (tenant_id, term, document_rowid) INCLUDE (tf)
);
CREATE INDEX document_keywords_by_document ON document_keywords (document_rowid);
-- How many visible chunks and documents of the tenant hold each keyword term (with document_keywords).
CREATE TABLE document_keyword_counts (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  term text NOT NULL,
  chunks integer NOT NULL,
  documents integer NOT NULL,
  PRIMARY KEY (tenant_id, term)
);

INSERT INTO document_keywords (tenant_id, term, document_rowid, tf, chunks)
  SELECT d.tenant_id, p.term, d.id, sum(p.tf), count(*) FROM documents d
  JOIN document_chunks c ON c.document_rowid = d.id JOIN document_postings p ON p.chunk_id = c.id
  WHERE NOT d.pending GROUP BY d.id, d.tenant_id, p.term;
INSERT INTO document_keyword_counts (tenant_id, term, chunks, documents)
  SELECT tenant_id, term, sum(chunks), count(*) FROM document_keywords GROUP BY tenant_id, term;
`;
