import type { NewDocument } from '../../src/documents/storage.js';

/** A text file's document row as an upload at default settings begins it (the local embedder's space). */
export const newTextDocument = (tenantId: string, documentId: string, fileSize: number): NewDocument => ({
  tenantId,
  documentId,
  filename: 'f.txt',
  fileType: 'txt',
  fileSize,
  tags: [],
  chunkingStrategy: 'recursive',
  chunkSize: 1000,
  space: 'local:384',
  createdAt: '2026-01-02T00:00:00Z',
});
