import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { pageIdOf } from '../notes/notion.js';
import { NOT_NOTION_SYSTEM, NotionText, notionId } from './args.js';
import { windowListPage } from '../shared/cursor-window.js';
import { DatabaseSchema, FolderSchema, type NotesDatabase, type NotesFolder } from './records.js';
import { NotesWorkspace } from './workspace.js';

const EXAMPLE_FOLDER = 'dc9f1370-0ef3-4507-a3e6-56065b36748b';
const FolderIdArg = notionId('A folder id (from unified_notes_list_folders)');

export const listDatabases = defineTool({
  system: 'unified_notes',
  name: 'list_databases',
  title: 'List the notes databases',
  description:
    'Databases of the tenant’s connected notes workspace (unified notes, through the unified API’s proxy): name, columns with their types and options, and the folder each sits in. Their ids address pages in the other unified_notes tools.',
  capability: { type: 'read', name: 'unified_notes.databases.list' },
  input: z.object({}),
  list: { key: 'databases', defaultLimit: 50 },
  item: DatabaseSchema,
  hints: {
    aliases: ['connected notes workspace databases', 'team notes databases', 'unified notes databases'],
    when_to_use: 'To see the databases of the tenant’s connected notes workspace, or find a database id.',
    not_for: NOT_NOTION_SYSTEM,
    examples: [
      { query: 'which databases does the connected notes workspace have', tool: 'list_databases', params: {} },
    ],
  },
  async run({ client, page }): Promise<ListPage<NotesDatabase>> {
    return windowListPage(await new NotesWorkspace(client('unify')).databases(page), page);
  },
});

export const listFolders = defineTool({
  system: 'unified_notes',
  name: 'list_folders',
  title: 'List the notes folders',
  description:
    'Folders of the tenant’s connected notes workspace (unified notes): the pages that are no database’s row, which hold pages and databases. With parent_id, only the folders directly inside that one.',
  capability: { type: 'read', name: 'unified_notes.folders.list' },
  input: z.object({ parent_id: FolderIdArg.optional() }),
  list: { key: 'folders', defaultLimit: 50 },
  item: FolderSchema,
  hints: {
    aliases: ['connected notes workspace folders', 'team notes folder tree', 'unified notes folders'],
    when_to_use: 'To browse how the connected notes workspace is organised, or find a folder id.',
    not_for: NOT_NOTION_SYSTEM,
    examples: [{ query: 'folders of the connected notes workspace', tool: 'list_folders', params: {} }],
  },
  async run({ client, args, page }): Promise<ListPage<NotesFolder>> {
    const parent = args.parent_id === undefined ? undefined : pageIdOf(args.parent_id);
    return windowListPage(await new NotesWorkspace(client('unify')).folders(parent, page), page);
  },
});

export const createFolder = defineTool({
  system: 'unified_notes',
  name: 'create_folder',
  title: 'Create a notes folder',
  description:
    'Create a folder in the tenant’s connected notes workspace (unified notes): a page inside parent_id, or at the workspace’s top level without it. Not idempotent: a failed call is never resent automatically.',
  capability: { type: 'action', name: 'unified_notes.folders.create', idempotent: false },
  input: z.object({ name: NotionText('The folder’s name'), parent_id: FolderIdArg.optional() }),
  output: FolderSchema,
  hints: {
    aliases: ['new folder in the connected notes workspace', 'organise team notes', 'unified notes create folder'],
    when_to_use: 'To add a folder (a page that holds pages) to the connected notes workspace.',
    not_for: NOT_NOTION_SYSTEM,
    examples: [
      {
        query: 'create a "Runbooks" folder in the team notes handbook',
        tool: 'create_folder',
        params: { name: 'Runbooks', parent_id: EXAMPLE_FOLDER },
      },
    ],
  },
  verify: (result, args) =>
    result.name === args.name ? undefined : `name is ${JSON.stringify(result.name)}, not ${JSON.stringify(args.name)}`,
  run: ({ client, args }) =>
    new NotesWorkspace(client('unify')).createFolder(
      args.name,
      args.parent_id === undefined ? undefined : pageIdOf(args.parent_id),
    ),
});
