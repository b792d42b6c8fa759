import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { searchCql } from './cql.js';
import { SpaceKey, WIKI_PAGE_SIZE } from './spaces.js';

interface V1Hit {
  content?: { id?: string; type?: string; title?: string; space?: { key?: string } };
  excerpt?: string;
  lastModified?: string;
}

export const searchWiki = defineTool({
  system: 'wiki',
  name: 'search',
  title: 'Search Confluence',
  description:
    'Find Confluence pages by words in their title or text, optionally in one space. Write plain words; "quoted phrases" match as phrases; any language works; the query is turned into safe CQL (shown as cql).',
  capability: { type: 'read', name: 'wiki.search' },
  input: z.object({
    query: z.string().min(1).max(500).describe('Words to find, e.g. deployment runbook or "feature flags"'),
    space_key: SpaceKey.optional(),
  }),
  list: { key: 'results', defaultLimit: WIKI_PAGE_SIZE },
  item: z.object({
    content: z.object({
      id: z.string(),
      type: z.string(),
      title: z.string(),
      space: z.object({ key: z.string() }),
    }),
    excerpt: z.string(),
    lastModified: z.string(),
  }),
  extra: z.object({
    totalSize: z.number().int().describe('How many pages match, as Confluence counts them'),
    cql: z.string().describe('The CQL sent'),
  }),
  hints: {
    aliases: ['search confluence', 'find wiki page', 'confluence docs about', 'search documentation'],
    when_to_use: 'To find Confluence pages about a topic when the title or id is not known.',
    not_for: 'Reading a known page (wiki_get_page); Notion (notes_search).',
    examples: [
      {
        query: 'find confluence pages about the deployment runbook',
        tool: 'search',
        params: { query: 'deployment runbook' },
      },
    ],
  },
  async run({ client, args, page }) {
    const api = client('confluence');
    const cql = searchCql(args.query, args.space_key);
    const found = (await api.call((sdk) =>
      sdk.search.searchByCQL({ cql, start: page.offset, limit: page.limit + 1, expand: ['content.space'] }),
    )) as unknown as { results: V1Hit[]; totalSize?: number };
    const results = found.results.map((hit) => ({
      content: {
        id: String(hit.content?.id ?? ''),
        type: hit.content?.type ?? 'page',
        title: hit.content?.title ?? '',
        space: { key: hit.content?.space?.key ?? '' },
      },
      excerpt: hit.excerpt ?? '',
      lastModified: hit.lastModified ?? '',
    }));
    const totalSize = found.totalSize ?? page.offset + results.length;
    return { items: results, offsetApplied: true, total: found.totalSize, extra: { totalSize, cql } };
  },
});
