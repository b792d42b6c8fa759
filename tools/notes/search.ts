import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { pageSummary } from './pages-shape.js';
import { SearchHitSchema } from './schemas.js';

const plainText = (items: unknown): string =>
  ((items as Array<{ plain_text?: string }> | undefined) ?? []).map((t) => t.plain_text ?? '').join('');

export const searchNotes = defineTool({
  system: 'notes',
  name: 'search',
  title: 'Search notes',
  description:
    'Find pages and databases in the Notion workspace whose title contains the words, most recently edited first. Only what is shared with the integration is found. Returns ids to read with notes_get_page, notes_get_page_content or notes_query_database.',
  capability: { type: 'read', name: 'notes.search' },
  input: z.object({
    query: z.string().max(500).default('').describe('Words of the title; empty lists everything shared, newest first'),
    type: z.enum(['page', 'database', 'all']).default('all').describe('Only pages, only databases, or both'),
  }),
  list: { key: 'results', defaultLimit: 20 },
  item: SearchHitSchema,
  hints: {
    aliases: ['find note', 'notion search', 'search notion', 'find page', 'find document in notion'],
    when_to_use: 'To find a Notion page or database by its title before reading or changing it.',
    not_for: 'Rows of a database matching a condition (notes_query_database); wiki pages (wiki_search).',
    examples: [
      { query: 'find the engineering handbook in notion', tool: 'search', params: { query: 'handbook' } },
      {
        query: 'which notion databases do we have about tasks',
        tool: 'search',
        params: { query: 'tasks', type: 'database' },
      },
    ],
  },
  async run({ client, args, page }) {
    const filter =
      args.type === 'all'
        ? undefined
        : { property: 'object' as const, value: args.type === 'page' ? ('page' as const) : ('data_source' as const) };
    const wanted = page.offset + page.limit + 1;
    const items: Array<z.infer<typeof SearchHitSchema>> = [];
    let cursor: string | undefined;
    do {
      const answer = await client('notion').search({ query: args.query, filter, start_cursor: cursor, page_size: 100 });
      for (const result of answer.results as unknown as Array<Record<string, unknown>>) {
        if (result.object === 'page') {
          const summary = pageSummary(result);
          items.push({
            object: 'page',
            id: summary.id,
            title: summary.title,
            url: summary.url,
            last_edited_time: summary.last_edited_time,
          });
        } else {
          items.push({
            object: 'database',
            id: String(result.id),
            title: plainText(result.title),
            url: String(result.url ?? ''),
            last_edited_time: String(result.last_edited_time),
          });
        }
      }
      cursor = answer.has_more && items.length < wanted ? (answer.next_cursor ?? undefined) : undefined;
    } while (cursor);
    return { items };
  },
});
