import { access } from './access.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { addPageContent, getPageContent } from './content.js';
import { listDatabases, queryDatabase } from './databases.js';
import { extractNotes } from './extractor.js';
import { notesSample } from './sample-graph.js';
import { createPage, getPage, updatePage } from './pages.js';
import { searchNotes } from './search.js';
import { outline } from './outline.js';
import { phrasings } from './phrasings.js';

const notesSystem: SystemRecord = {
  id: 'notes',
  name: 'Notes (Notion)',
  description:
    'Notion pages and databases: search by title, query database rows with filters, read and update properties, read pages as Markdown and append Markdown.',
  keywords: ['notion', 'notes', 'page', 'database', 'row', 'property', 'block', 'doc', 'meeting notes', 'task board'],
  when_to_use:
    'Questions about Notion: finding a page, reading notes, listing or filtering rows of a Notion database, adding tasks or text.',
  search: { names: ['notion'], account: 'user', phrasings },
};

/** Notion (API 2025-09-03, data sources) as the `notes` system. */
export const manifest: SystemManifest = {
  system: notesSystem,
  tools: [searchNotes, listDatabases, queryDatabase, getPage, createPage, updatePage, getPageContent, addPageContent],
  ...access,
  // `/notes/*` is the unified notes family (tools/unified_notes): this system's methods are `/v1/notes/...`.
  rest: { ownsBarePaths: true },
  extractor: extractNotes,
  sampleGraph: notesSample,
  entityTypes: outline.entityTypes,
  synonyms: {
    notion: ['notion', 'notes'],
    doc: ['page'],
    docs: ['page'],
    row: ['page'],
    rows: ['page'],
    table: ['database'],
    tables: ['database'],
  },
};
