import type { RouteModule } from '../route-module.js';
import { addToolRoutes, type ToolRoute } from '../tool-routes.js';
import { queryOf, resultSchema, unifiedFamily } from '../unified-routes.js';
import { tenantEnvelopeOf } from './vault-auth.js';

const DATABASE = '/notes/databases/{database_id}';
const PAGE = `${DATABASE}/pages/{page_id}`;

/**
 * `/notes/*` (Document 2, notes): databases, pages, folders and comments of the notes workspace the
 * tenant connected, each route one call of the `unified_notes` tool of the same job, for the tenant
 * `X-Tenant-Id` names. Lists page as list tools do (`limit`, `cursor`); creates answer 201.
 */
export const unifiedNotesRoutes: RouteModule = (routes, app) => {
  const tool = (name: string) => `unified_notes.${name}`;
  const one = (name: string) => tenantEnvelopeOf(resultSchema(app, tool(name)));
  const list = (name: string, path: string, operationId: string, summary: string, pathArgs: string[] = []): ToolRoute => ({
    method: 'get',
    path,
    operationId,
    summary,
    tool: tool(name),
    query: queryOf(app, tool(name)).filter((arg) => !pathArgs.includes(arg)),
    response: one(name),
  });
  const write = (method: 'post' | 'put', name: string, path: string, operationId: string, summary: string): ToolRoute => ({
    method,
    path,
    operationId,
    summary,
    tool: tool(name),
    body: true,
    ...(method === 'post' ? { status: 201 } : {}),
    response: one(name),
  });
  addToolRoutes(routes, app, unifiedFamily(app, 'notes'), [
    list('list_databases', '/notes/databases', 'listNotesDatabases', 'List the databases, paged by cursor'),
    list('list_pages', `${DATABASE}/pages`, 'listNotesPages', 'List the pages of a database, paged by cursor', ['database_id']),
    write('post', 'create_page', `${DATABASE}/pages`, 'createNotesPage', 'Create a page in a database'),
    { method: 'get', path: PAGE, operationId: 'getNotesPage', summary: 'One page', tool: tool('get_page'), response: one('get_page') },
    write('put', 'update_page', PAGE, 'updateNotesPage', 'Update a page (fields left out keep their values)'),
    list('list_folders', '/notes/folders', 'listNotesFolders', 'List the folders, paged by cursor'),
    write('post', 'create_folder', '/notes/folders', 'createNotesFolder', 'Create a folder'),
    list('list_comments', `${PAGE}/comments`, 'listNotesComments', 'List the comments on a page, oldest first', ['database_id', 'page_id']),
    write('post', 'add_comment', `${PAGE}/comments`, 'addNotesComment', 'Add a comment to a page'),
  ]);
};
