import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { pageIdOf } from '../notes/notion.js';
import { DatabaseIdArg, NOT_NOTION_SYSTEM, NotionText, PageIdArg } from './args.js';
import { windowListPage } from '../shared/cursor-window.js';
import { PageDetailSchema, PageSchema, type NotesPage, type NotesPageDetail } from './records.js';
import { NotesWorkspace } from './workspace.js';

const EXAMPLE_DATABASE = '55e37e2f-eb29-48d3-a446-a791ee6533ca';
const EXAMPLE_PAGE = 'd14e53da-d7e9-4418-adc1-c828aaba3894';

const Properties = z
  .record(z.string(), z.unknown())
  .describe(
    'Other columns by name as plain values: text, a number, true/false, an option name or names, an ISO date or {start, end}, people by email or name',
  );

/** The page fields a create or update writes. */
const PageBody = {
  name: NotionText('The page’s title'),
  description: z.string().trim().max(2000).describe('The page body’s opening paragraph'),
  properties: Properties,
};

/** What was sent must be what is stored: the name and the description. */
function mismatch(result: NotesPageDetail, args: { name?: string; description?: string }): string | undefined {
  if (args.name !== undefined && result.name !== args.name)
    return `name is ${JSON.stringify(result.name)}, not ${JSON.stringify(args.name)}`;
  if (args.description !== undefined && result.description !== args.description)
    return `description is ${JSON.stringify(result.description)}, not ${JSON.stringify(args.description)}`;
  return undefined;
}

export const listPages = defineTool({
  system: 'unified_notes',
  name: 'list_pages',
  title: 'List the pages of a notes database',
  description:
    'Pages (rows) of a database of the tenant’s connected notes workspace (unified notes, through the unified API’s proxy), with every column as a plain value, one page of results at a time.',
  capability: { type: 'read', name: 'unified_notes.pages.list' },
  input: z.object({ database_id: DatabaseIdArg }),
  list: { key: 'pages', defaultLimit: 30 },
  item: PageSchema,
  hints: {
    aliases: [
      'rows of the connected notes database',
      'team notes database rows',
      'pages in the workspace notes database',
      'unified notes pages',
    ],
    when_to_use: 'To read the rows of a database of the tenant’s connected notes workspace.',
    not_for: NOT_NOTION_SYSTEM,
    examples: [
      {
        query: 'pages of the connected notes database 55e37e2f-eb29-48d3-a446-a791ee6533ca',
        tool: 'list_pages',
        params: { database_id: EXAMPLE_DATABASE },
      },
    ],
  },
  target: (args) => ({ type: 'notes_database', id: args.database_id }),
  async run({ client, args, page }): Promise<ListPage<NotesPage>> {
    return windowListPage(await new NotesWorkspace(client('unify')).pages(pageIdOf(args.database_id), page), page);
  },
});

export const getPage = defineTool({
  system: 'unified_notes',
  name: 'get_page',
  title: 'Get a page of a notes database',
  description:
    'One page of a database of the tenant’s connected notes workspace (unified notes): name, description (the body’s first paragraph), every column as a plain value, authors and times. A page of another database is not found.',
  capability: { type: 'read', name: 'unified_notes.pages.get' },
  input: z.object({ database_id: DatabaseIdArg, page_id: PageIdArg }),
  output: PageDetailSchema,
  hints: {
    aliases: ['connected notes page details', 'read a unified notes page'],
    when_to_use: 'When you know a page of the connected notes workspace and need its fields or description.',
    not_for: NOT_NOTION_SYSTEM,
    examples: [
      {
        query: 'details of notes page d14e53da-d7e9-4418-adc1-c828aaba3894',
        tool: 'get_page',
        params: { database_id: EXAMPLE_DATABASE, page_id: EXAMPLE_PAGE },
      },
    ],
  },
  target: (args) => ({ type: 'notes_page', id: args.page_id }),
  run: ({ client, args }) =>
    new NotesWorkspace(client('unify')).page(pageIdOf(args.database_id), pageIdOf(args.page_id)),
});

export const createPage = defineTool({
  system: 'unified_notes',
  name: 'create_page',
  title: 'Create a page in a notes database',
  description:
    'Add a page to a database of the tenant’s connected notes workspace (unified notes): its name (the title column), a description written as the body’s first paragraph, and other columns as plain values (unknown columns and wrong types are refused naming the valid ones). Not idempotent: a failed call is never resent automatically.',
  capability: { type: 'action', name: 'unified_notes.pages.create', idempotent: false },
  input: z.object({
    database_id: DatabaseIdArg,
    name: PageBody.name,
    description: PageBody.description.optional(),
    properties: Properties.optional(),
  }),
  output: PageDetailSchema,
  hints: {
    aliases: [
      'add a page to the connected notes workspace',
      'new row in the team notes database',
      'unified notes create page',
    ],
    when_to_use: 'To add a page (row) to a database of the tenant’s connected notes workspace.',
    not_for: NOT_NOTION_SYSTEM,
    examples: [
      {
        query: 'add a "Mobile app" page to the connected notes database 55e37e2f-eb29-48d3-a446-a791ee6533ca',
        tool: 'create_page',
        params: { database_id: EXAMPLE_DATABASE, name: 'Mobile app', description: 'The iOS and Android client.' },
      },
    ],
  },
  verify: (result, args) => mismatch(result, args),
  run: ({ client, args }) => new NotesWorkspace(client('unify')).createPage(pageIdOf(args.database_id), args),
});

export const updatePage = defineTool({
  system: 'unified_notes',
  name: 'update_page',
  title: 'Update a page of a notes database',
  description:
    'Change a page of a database of the tenant’s connected notes workspace (unified notes): name, description (the body’s first paragraph), other columns, or archive it; fields left out keep their values. Returns the stored page.',
  capability: { type: 'action', name: 'unified_notes.pages.update', idempotent: true, destructive: true },
  input: z
    .object({
      database_id: DatabaseIdArg,
      page_id: PageIdArg,
      name: PageBody.name.optional(),
      description: PageBody.description.optional(),
      properties: Properties.optional(),
      archived: z.boolean().optional().describe('True moves the page to the trash; false restores it'),
    })
    .refine((args) => ['name', 'description', 'properties', 'archived'].some((field) => field in args), {
      message: 'Give at least one of name, description, properties, archived',
    }),
  output: PageDetailSchema,
  hints: {
    aliases: ['rename a connected notes page', 'edit unified notes page', 'change the team notes page description'],
    when_to_use: 'To rename, re-describe, change columns of or archive a page of the connected notes workspace.',
    not_for: NOT_NOTION_SYSTEM,
    examples: [
      {
        query: 'rename notes page d14e53da-d7e9-4418-adc1-c828aaba3894 to "API platform v2"',
        tool: 'update_page',
        params: { database_id: EXAMPLE_DATABASE, page_id: EXAMPLE_PAGE, name: 'API platform v2' },
      },
    ],
  },
  target: (args) => ({ type: 'notes_page', id: args.page_id }),
  verify: (result, args) => mismatch(result, args),
  run: ({ client, args }) => {
    const { database_id, page_id, ...fields } = args;
    return new NotesWorkspace(client('unify')).updatePage(pageIdOf(database_id), pageIdOf(page_id), fields);
  },
});
