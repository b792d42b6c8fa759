import type { DocumentRow } from './storage.js';

/** Chunks whose documents every read may return (not pending). */
export const VISIBLE_CHUNKS = 'document_chunks c JOIN documents d ON d.id = c.document_rowid AND NOT d.pending';

/** A document's row as pg returns it: bigints as text, tags as an array. */
export interface DocumentRecord extends Omit<DocumentRow, 'id' | 'file_size' | 'tags'> {
  id: string;
  file_size: string;
  tags: string[];
}

export const documentRowOf = (r: DocumentRecord): DocumentRow => ({
  id: Number(r.id),
  document_id: r.document_id,
  filename: r.filename,
  file_type: r.file_type,
  file_size: Number(r.file_size),
  project_id: r.project_id,
  tags: JSON.stringify(r.tags),
  chunk_count: r.chunk_count,
  entity_count: r.entity_count,
  page_count: r.page_count,
  embedding_space: r.embedding_space,
  created_at: r.created_at,
});
export const DOCUMENT_COLUMNS =
  'id, document_id, filename, file_type, file_size, project_id, tags, chunk_count, entity_count, page_count, embedding_space, created_at';
