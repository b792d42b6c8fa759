import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import type { ConfluenceApi } from '../../src/integrations/atlassian/confluence-api.js';
import { forPage } from '../../src/integrations/atlassian/confluence-errors.js';
import { PageSchema, PageSummarySchema } from './schemas.js';
import { bodyOf, pageSummaryOf, siteUsers, spacesById, type V2Page } from './shapes.js';
import type { Clock } from '../../src/toolkit/context.js';
import { itemsWanted } from '../../src/toolkit/pagination.js';
import { SpaceKey, spaceByKey, WIKI_PAGE_SIZE } from './spaces.js';

export const PageId = z
  .string()
  .regex(/^\d{1,20}$/, 'a numeric page id')
  .describe('Confluence page id (digits)');

/** A page with its body (storage and Markdown), version and ancestors, as get_page and create_page return it. */
export async function fullPage(api: ConfluenceApi, clock: Clock, page: V2Page): Promise<z.infer<typeof PageSchema>> {
  const [spaces, users, ancestors] = await Promise.all([
    spacesById(api),
    siteUsers(api, clock),
    api
      .v2<{ results: Array<{ id: string }> }>('GET', `/pages/${page.id}/ancestors`)
      .then((r) =>
        Promise.all(
          r.results.map((a) =>
            api.v2<V2Page>('GET', `/pages/${a.id}`).then((p) => ({ id: String(p.id), title: p.title })),
          ),
        ),
      ),
  ]);
  return {
    ...pageSummaryOf(api, page, spaces, users),
    body: bodyOf(page.body?.storage?.value ?? ''),
    ancestors,
  };
}

export const getPages = defineTool({
  system: 'wiki',
  name: 'get_pages',
  title: 'List Confluence pages',
  description:
    'Pages of one space (or every space), current or archived, with version, author and link. Bodies are read with wiki_get_page.',
  capability: { type: 'read', name: 'wiki.pages.list' },
  input: z.object({
    space_key: SpaceKey.optional().describe('Space key, e.g. ENG; every space when omitted'),
    status: z.enum(['current', 'archived']).default('current').describe('current (default) or archived pages'),
    order: z
      .enum(['id', 'recently_modified'])
      .default('id')
      .describe('id (default), or recently_modified: last edited first'),
  }),
  list: { key: 'pages', defaultLimit: WIKI_PAGE_SIZE },
  item: PageSummarySchema,
  hints: {
    aliases: ['confluence pages', 'wiki pages', 'pages in space', 'browse space'],
    when_to_use: 'To browse the pages of a space, or list archived pages.',
    not_for: 'Finding pages by words (wiki_search); reading a page (wiki_get_page).',
    examples: [{ query: 'list pages in the ENG space', tool: 'get_pages', params: { space_key: 'ENG' } }],
  },
  async run({ client, clock, args, page }) {
    const api = client('confluence');
    const space = args.space_key ? await spaceByKey(api, args.space_key) : undefined;
    const [pages, spaces, users] = await Promise.all([
      api.v2All<V2Page>(
        '/pages',
        {
          'space-id': space?.id,
          status: args.status,
          sort: args.order === 'recently_modified' ? '-modified-date' : 'id',
        },
        itemsWanted(page),
      ),
      spacesById(api),
      siteUsers(api, clock),
    ]);
    return { items: pages.map((p) => pageSummaryOf(api, p, spaces, users)) };
  },
});

export const getPage = defineTool({
  system: 'wiki',
  name: 'get_page',
  title: 'Read a Confluence page',
  description:
    'One Confluence page by id, or by exact title (optionally within a space): body as Markdown (body.markdown: headings, lists, links, code with language, tables; panels as quotes starting **Info:**, status macros as [TITLE], mentions as @account-id) and as storage format (body.storage), version, ancestors and link.',
  capability: { type: 'read', name: 'wiki.pages.get' },
  input: z.object({
    page_id: PageId.optional(),
    title: z.string().min(1).max(255).optional().describe('Exact page title, when the id is not known'),
    space_key: SpaceKey.optional().describe('Space to look for the title in'),
  }),
  output: PageSchema,
  hints: {
    aliases: ['read confluence page', 'read a page', 'open wiki page', 'confluence page content', 'page text'],
    when_to_use: 'To read what a Confluence page says, and get its current version before updating it.',
    not_for: 'Finding pages by words (wiki_search).',
    examples: [
      {
        query: 'read the Deployment runbook page in ENG',
        tool: 'get_page',
        params: { title: 'Deployment runbook', space_key: 'ENG' },
      },
      { query: 'open confluence page 10000003', tool: 'get_page', params: { page_id: '10000003' } },
    ],
  },
  async run({ client, clock, args }) {
    const api = client('confluence');
    if (args.page_id)
      return fullPage(
        api,
        clock,
        await forPage(
          args.page_id,
          api.v2<V2Page>('GET', `/pages/${args.page_id}`, { params: { 'body-format': 'storage' } }),
        ),
      );
    if (!args.title) throw new AppError('VALIDATION_ERROR', 'Give page_id, or title (with space_key to narrow it)');
    const space = args.space_key ? await spaceByKey(api, args.space_key) : undefined;
    const found = await api.v2All<V2Page>(
      '/pages',
      { title: args.title, 'space-id': space?.id, 'body-format': 'storage' },
      10,
    );
    if (!found.length)
      throw new AppError(
        'NOT_FOUND',
        `No page is titled "${args.title}"${space ? ` in ${space.key}` : ''}; wiki_search finds pages by words`,
      );
    if (found.length > 1)
      throw new AppError(
        'VALIDATION_ERROR',
        `Several pages are titled "${args.title}" (ids ${found.map((p) => p.id).join(', ')}); give space_key or page_id`,
      );
    return fullPage(api, clock, found[0]);
  },
});
