import type { RouteModule } from '../../src/http/route-module.js';
import { addToolRoutes, type ToolRouteContext } from '../../src/http/tool-routes.js';
import { unifiedFamily, unifiedToolRoutes } from '../../src/integrations/apideck/rest.js';

const DATABASE = '/notes/databases/{database_id}';
const PAGE = `${DATABASE}/pages/{page_id}`;

/**
 * `/notes/*` (Document 2, notes): databases, pages, folders and comments of the notes workspace the
 * tenant connected, each route one call of the `unified_notes` tool of the same job, for the tenant
 * `X-Tenant-Id` names. Lists page as list tools do (`limit`, `cursor`); creates answer 201.
 */
export const unifiedNotesRoutes: RouteModule<ToolRouteContext> = (routes, app) => {
  const { read, write } = unifiedToolRoutes(app, 'unified_notes');
  addToolRoutes(routes, app, unifiedFamily(app, 'notes'), [
    read('list_databases', '/notes/databases', 'listNotesDatabases', 'List the databases, paged by cursor'),
    read('list_pages', `${DATABASE}/pages`, 'listNotesPages', 'List the pages of a database, paged by cursor'),
    write('post', 'create_page', `${DATABASE}/pages`, 'createNotesPage', 'Create a page in a database'),
    read('get_page', PAGE, 'getNotesPage', 'One page'),
    write('put', 'update_page', PAGE, 'updateNotesPage', 'Update a page (fields left out keep their values)'),
    read('list_folders', '/notes/folders', 'listNotesFolders', 'List the folders, paged by cursor'),
    write('post', 'create_folder', '/notes/folders', 'createNotesFolder', 'Create a folder'),
    read('list_comments', `${PAGE}/comments`, 'listNotesComments', 'List the comments on a page, oldest first'),
    write('post', 'add_comment', `${PAGE}/comments`, 'addNotesComment', 'Add a comment to a page'),
  ]);
};
