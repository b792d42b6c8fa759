import type { CreatePageParameters, UpdatePageParameters } from '@notionhq/client';
import { z } from 'zod';
import { memoryOf } from '../../src/integrations/client-memory.js';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { appendMarkdown } from './blocks/markdown-body.js';
import { DatabaseRef } from './databases.js';
import { forPage, pageIdOf, peopleOf, personIdsOf, REMEMBERED, resolveDataSource, withPeople } from './notion.js';
import { pageDetail } from './pages-shape.js';
import { addsOptions, notionProperties } from './properties.js';
import { PageDetailSchema } from './schemas.js';

export const PageId = z.string().min(1).max(300).describe('A Notion page id, or the page’s URL');

const Properties = z
  .record(z.string(), z.unknown())
  .describe(
    'Property values by name, as plain values: text, a number, true/false, an option name, a list of option names, an ISO date or {start, end}, people by email or name, related page ids',
  );

type Page = Record<string, unknown>;
const asPage = (page: unknown): Page => page as Page;

export const getPage = defineTool({
  system: 'notes',
  name: 'get_page',
  title: 'Get a Notion page',
  description:
    'One Notion page with every property as a plain value (people with names and emails), its URL and the database it belongs to. Its body is read with notes_get_page_content.',
  capability: { type: 'read', name: 'notes.pages.get' },
  input: z.object({ page_id: PageId }),
  output: PageDetailSchema,
  hints: {
    aliases: ['notion page', 'page properties', 'read notion row'],
    when_to_use: 'To read the properties of one Notion page or database row: its status, owner, dates.',
    not_for: 'The page’s text (notes_get_page_content); many rows (notes_query_database).',
    examples: [
      {
        query: 'show the properties of notion page dc9f13700ef34507a3e656065b36748b',
        tool: 'get_page',
        params: { page_id: 'dc9f13700ef34507a3e656065b36748b' },
      },
    ],
  },
  async run({ client, args }) {
    const notion = client('notion');
    const id = pageIdOf(args.page_id);
    const [page, people] = await withPeople(
      notion,
      memoryOf(notion),
      forPage(id, notion.pages.retrieve({ page_id: id })),
    );
    return pageDetail(asPage(page), people);
  },
});

export const createPage = defineTool({
  system: 'notes',
  name: 'create_page',
  title: 'Create a Notion database row',
  description:
    'Add a page (row) to a Notion database with property values given as plain values, and optionally a Markdown body. The title property is required; unknown properties and values of the wrong type are refused naming the valid ones. Returns the new page.',
  capability: { type: 'action', name: 'notes.pages.create', idempotent: false },
  input: z.object({
    database: DatabaseRef,
    properties: Properties,
    content: z.string().max(200_000).optional().describe('The page body, in Markdown'),
  }),
  output: PageDetailSchema.extend({ blocks_added: z.number().int().describe('Blocks of the Markdown body created') }),
  hints: {
    aliases: ['add notion task', 'new notion row', 'create notion page', 'add to notion database'],
    when_to_use: 'To add a task, note or any row to a Notion database, with its properties and body.',
    not_for: 'Changing an existing row (notes_update_page); adding text to an existing page (notes_add_page_content).',
    examples: [
      {
        query: 'add a notion task "Rotate API keys" tagged infra, due Dec 1',
        tool: 'create_page',
        params: {
          database: 'Engineering Tasks',
          properties: { Name: 'Rotate API keys', Tags: ['infra'], Due: '2026-12-01', Status: 'Not started' },
        },
      },
    ],
  },
  verify: (result, args) => (result.id ? undefined : `no page was created in ${args.database}`),
  async run({ client, args }) {
    const notion = client('notion');
    const memory = memoryOf(notion);
    const { source, people, properties } = await memory.afresh(REMEMBERED.all, async () => {
      const [source, people] = await Promise.all([
        resolveDataSource(notion, memory, args.database),
        peopleOf(notion, memory),
      ]);
      const title = source.properties.find((p) => p.type === 'title');
      if (title && !Object.keys(args.properties).some((name) => name.toLowerCase() === title.name.toLowerCase())) {
        throw new AppError('VALIDATION_ERROR', `A new page needs its title: give properties.${title.name}`);
      }
      return { source, people, properties: notionProperties(source.properties, args.properties, people) };
    });
    const page = asPage(
      await notion.pages.create({
        parent: { type: 'data_source_id', data_source_id: source.data_source_id },
        properties: properties as CreatePageParameters['properties'],
      }),
    );
    if (addsOptions(source.properties, args.properties)) memory.forget(REMEMBERED.dataSource);
    const appended = args.content
      ? await appendMarkdown(notion, String(page.id), args.content, [...people.values()])
      : { blocks: 0, requests: 0 };
    return { ...pageDetail(page, people), blocks_added: appended.blocks };
  },
});

export const updatePage = defineTool({
  system: 'notes',
  name: 'update_page',
  title: 'Update a Notion page',
  description:
    'Change property values of a Notion page (plain values, as notes_create_page takes them), or move it to the trash or back with in_trash. Properties not named keep their values. Returns the page as it now is.',
  capability: { type: 'action', name: 'notes.pages.update', idempotent: true },
  input: z.object({
    page_id: PageId,
    properties: Properties.optional(),
    in_trash: z.boolean().optional().describe('true moves the page to the trash, false restores it'),
  }),
  output: PageDetailSchema,
  hints: {
    aliases: ['update notion task', 'mark notion task done', 'change notion status', 'archive notion page'],
    when_to_use: 'To change a Notion row’s status, owner, dates or other properties, or to trash or restore a page.',
    not_for: 'Adding body text (notes_add_page_content); creating rows (notes_create_page).',
    examples: [
      {
        query: 'mark notion task dc9f13700ef34507a3e656065b36748b as done',
        tool: 'update_page',
        params: { page_id: 'dc9f13700ef34507a3e656065b36748b', properties: { Status: 'Done', Done: true } },
      },
    ],
  },
  verify: (result, args) => {
    if (args.in_trash !== undefined && result.in_trash !== args.in_trash)
      return `in_trash is still ${String(result.in_trash)}`;
    const stale = Object.keys(args.properties ?? {}).filter(
      (name) =>
        !(name in result.properties) &&
        !Object.keys(result.properties).some((n) => n.toLowerCase() === name.toLowerCase()),
    );
    return stale.length ? `properties not on the page: ${stale.join(', ')}` : undefined;
  },
  async run({ client, args }) {
    if (args.properties === undefined && args.in_trash === undefined)
      throw new AppError('VALIDATION_ERROR', 'Give properties to change, or in_trash');
    const notion = client('notion');
    const memory = memoryOf(notion);
    const id = pageIdOf(args.page_id);
    const [current] = await Promise.all([
      forPage(id, notion.pages.retrieve({ page_id: id })).then(asPage),
      peopleOf(notion, memory),
    ]);
    const parent = current.parent as { data_source_id?: string } | undefined;
    const { people, schema, properties } = await memory.afresh(REMEMBERED.all, async () => {
      const [source, people] = await Promise.all([
        parent?.data_source_id ? resolveDataSource(notion, memory, parent.data_source_id) : undefined,
        peopleOf(notion, memory, personIdsOf(current)),
      ]);
      const schema = source?.properties ?? [{ name: 'title', type: 'title' }];
      return {
        people,
        schema,
        properties: args.properties ? notionProperties(schema, args.properties, people) : undefined,
      };
    });
    const page = await notion.pages.update({
      page_id: id,
      ...(properties ? { properties: properties as UpdatePageParameters['properties'] } : {}),
      ...(args.in_trash === undefined ? {} : { in_trash: args.in_trash }),
    });
    if (args.properties && addsOptions(schema, args.properties)) memory.forget(REMEMBERED.dataSource);
    return pageDetail(asPage(page), people);
  },
});
