import { access } from './access.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { vaultAuthRoutes } from '../../src/integrations/apideck/routes.js';
import { addComment, listComments } from './comments.js';
import { createFolder, listDatabases, listFolders } from './databases-folders.js';
import { extractUnifiedNotes } from './extractor.js';
import { createPage, getPage, listPages, updatePage } from './pages.js';
import { unifiedNotesRoutes } from './rest.js';
import { outline } from './outline.js';
import { phrasings } from './phrasings.js';

const unifiedNotesSystem: SystemRecord = {
  id: 'unified_notes',
  name: 'Notes (unified: the tenant’s connected notes workspace)',
  description:
    "Databases, pages, folders and comments of the notes workspace the tenant connected in the vault (Notion), through the Apideck unified API's proxy. The Notion workspace reached with the caller's own token is the notes system.",
  keywords: ['unified notes', 'connected notes workspace', 'team notes', 'notes database', 'folder', 'comment', 'page'],
  when_to_use:
    "Work in the tenant's connected notes workspace: list databases and folders, add or change pages, read and add comments. Searching page text or querying rows with filters in the Notion workspace of the caller's own token is the notes system.",
  search: {
    phrasings,
    names: ['connected notes', 'team notes', 'notes app', 'workspace notes', 'unified notes'],
    account: 'tenant',
  },
};

/** The unified notes family as the `unified_notes` system: the same tools serve MCP and the `/notes/*` routes. */
export const manifest: SystemManifest = {
  system: unifiedNotesSystem,
  tools: [
    listDatabases,
    listPages,
    getPage,
    createPage,
    updatePage,
    listFolders,
    createFolder,
    listComments,
    addComment,
  ],
  ...access,
  vault: {
    integration: {
      id: 'notes',
      name: 'Notes',
      unifiedApi: 'file-storage',
      description: 'Databases, pages, folders and comments of the notes workspace (Notion)',
    },
    position: 4,
  },
  rest: { routes: [unifiedNotesRoutes], upstreamRoutes: [vaultAuthRoutes], ownsBarePaths: true },
  extractor: extractUnifiedNotes,
  entityTypes: outline.entityTypes,
  synonyms: { thread: ['discussion', 'comment'], row: ['page'], rows: ['page'], directory: ['folder'] },
};
