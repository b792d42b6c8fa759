import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { deleteDocument, getDocument, listDocuments, queryDocuments } from './manage.js';
import { uploadDocument } from './upload.js';
import { phrasings } from './phrasings.js';

const documentsSystem: SystemRecord = {
  id: 'documents',
  name: 'Documents',
  description:
    'Files the team uploads (PDF, Excel, CSV, Markdown, text), searchable by meaning with the graph entities they name.',
  keywords: ['document', 'file', 'pdf', 'spreadsheet', 'upload', 'passage', 'semantic'],
  when_to_use: 'Storing files and answering questions from their content.',
  search: { names: ['pdf', 'pdfs', 'uploaded', 'spreadsheet', 'document library'], phrasings },
};

/** Uploaded documents: local state (the store's tables), so no integration; documents link to graph entities themselves. */
export const manifest: SystemManifest = {
  system: documentsSystem,
  tools: [uploadDocument, queryDocuments, listDocuments, getDocument, deleteDocument],
  integrations: [],
  // The documents family's routes are platform routes (src/http/routes/documents.ts).
  rest: { ownsBarePaths: true },
  synonyms: { file: ['document'], files: ['documents'], pdf: ['document'], spreadsheet: ['document'] },
};
