import type { QueryDataSourceParameters } from '@notionhq/client';
import { z } from 'zod';
import { memoryOf } from '../../src/integrations/client-memory.js';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { notionFilter, notionSorts } from './filters.js';
import { forObject, listDataSources, peopleOf, personIdsOf, REMEMBERED, resolveDataSource } from './notion.js';
import { pageDetail } from './pages-shape.js';
import { DatabaseSchema, PageDetailSchema } from './schemas.js';

export const DatabaseRef = z
  .string()
  .min(1)
  .max(200)
  .describe('A database: its title (e.g. "Engineering Tasks"), database id or data source id');

export const listDatabases = defineTool({
  system: 'notes',
  name: 'list_databases',
  title: 'List Notion databases',
  description:
    'Every Notion database shared with the integration, with its columns (name, type, and the options of select properties), so filters and new rows can name them exactly.',
  capability: { type: 'read', name: 'notes.databases.list' },
  input: z.object({}),
  list: { key: 'databases', defaultLimit: 50 },
  item: DatabaseSchema,
  hints: {
    aliases: ['notion databases', 'notion tables', 'database schema', 'what columns'],
    when_to_use:
      'To see which Notion databases exist and what properties and options they have, before querying or adding rows.',
    not_for: 'The rows themselves (notes_query_database); searching page titles (notes_search).',
    examples: [
      { query: 'what notion databases are there and what columns do they have', tool: 'list_databases', params: {} },
    ],
  },
  async run({ client }) {
    // Asked for, so read afresh; the answer is remembered for the tools that name databases.
    const notion = client('notion');
    return { items: await memoryOf(notion).refresh(REMEMBERED.dataSources, () => listDataSources(notion)) };
  },
});

const Filter = z
  .union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))])
  .describe(
    'Rows to keep by property, all must hold, e.g. {"Status": "Done", "Estimate": {">=": 3}, "Due": {"before": "2026-12-01"}}; a bare value is equals (contains for lists). Also not, contains, not_contains, starts_with, <, <=, >, after, on_or_before, on_or_after, is_empty. A list of such objects: any of them.',
  );

export const queryDatabase = defineTool({
  system: 'notes',
  name: 'query_database',
  title: 'Query a Notion database',
  description:
    'Rows of a Notion database, optionally filtered and sorted, each with every property as a plain value (text, numbers, option names, dates, people with names and emails). Unknown properties and wrong value types are refused naming the valid ones.',
  capability: { type: 'read', name: 'notes.databases.query' },
  input: z.object({
    database: DatabaseRef,
    filter: Filter.optional(),
    sort: z
      .array(
        z.object({
          property: z.string().describe('Property name'),
          direction: z.enum(['asc', 'desc']).default('asc').describe('asc or desc'),
        }),
      )
      .max(5)
      .optional()
      .describe('Order of the rows; newest first when omitted'),
  }),
  list: { key: 'pages', defaultLimit: 50 },
  item: PageDetailSchema,
  extra: z.object({ database: DatabaseSchema.describe('The database queried, with its columns') }),
  hints: {
    aliases: ['notion tasks', 'filter notion', 'database rows', 'query notion'],
    when_to_use:
      'To list rows of a Notion database that meet conditions: tasks in progress, items owned by someone, entries due before a date.',
    not_for: 'Finding a database or page by title (notes_search); a single page’s body (notes_get_page_content).',
    examples: [
      {
        query: 'open tasks in the Engineering Tasks notion database',
        tool: 'query_database',
        params: { database: 'Engineering Tasks', filter: { Status: 'In progress' } },
      },
      {
        query: 'notion tasks estimated at 5 points or more, biggest first',
        tool: 'query_database',
        params: {
          database: 'Engineering Tasks',
          filter: { Estimate: { '>=': 5 } },
          sort: [{ property: 'Estimate', direction: 'desc' }],
        },
      },
    ],
  },
  async run({ client, args, page }) {
    const notion = client('notion');
    const memory = memoryOf(notion);
    // Only reads: a refusal that shows a remembered database or person changed runs it all again.
    return memory.afresh(REMEMBERED.all, async () => {
      const [source, people] = await Promise.all([
        resolveDataSource(notion, memory, args.database),
        peopleOf(notion, memory),
      ]);
      const filter = notionFilter(args.filter, source.properties, people);
      const sorts = notionSorts(args.sort, source.properties);
      const wanted = page.offset + page.limit + 1;
      const rows: Array<Record<string, unknown>> = [];
      let cursor: string | undefined;
      do {
        const answer = await forObject(
          `Database ${args.database}`,
          notion.dataSources.query({
            data_source_id: source.data_source_id,
            filter: filter as QueryDataSourceParameters['filter'],
            sorts,
            start_cursor: cursor,
            page_size: 100,
          }),
        );
        rows.push(...(answer.results as unknown as Array<Record<string, unknown>>));
        cursor = answer.has_more && rows.length < wanted ? (answer.next_cursor ?? undefined) : undefined;
      } while (cursor);
      const named = await peopleOf(notion, memory, rows.flatMap(personIdsOf));
      return { items: rows.map((row) => pageDetail(row, named)), extra: { database: source } };
    });
  },
});
