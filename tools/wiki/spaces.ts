import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { itemsWanted } from '../../src/toolkit/pagination.js';
import type { ConfluenceApi } from '../../src/integrations/atlassian/confluence-api.js';
import { SpaceSchema } from './schemas.js';
import { spaceOf, type V2Space } from './shapes.js';

export const SpaceKey = z.string().min(1).max(255).describe('Space key, e.g. ENG');
/** Page size of the wiki's lists when the caller gives none. */
export const WIKI_PAGE_SIZE = 25;

/** One space by key (v2 `GET /spaces?keys=`); an unknown key lists the keys there are. */
export async function spaceByKey(api: ConfluenceApi, key: string): Promise<V2Space> {
  const [space] = await api.v2All<V2Space>('/spaces', { keys: key, 'description-format': 'plain' }, 1);
  if (space) return space;
  const keys = (await api.v2All<V2Space>('/spaces', {}, 100)).map((s) => s.key);
  throw new AppError('NOT_FOUND', `No space has the key ${key}. Spaces: ${keys.join(', ') || 'none visible'}`);
}

export const getSpaces = defineTool({
  system: 'wiki',
  name: 'get_spaces',
  title: 'List Confluence spaces',
  description:
    'The Confluence spaces this account can see: key, name, type, status and description, with a link to each.',
  capability: { type: 'read', name: 'wiki.spaces.list' },
  input: z.object({}),
  list: { key: 'spaces', defaultLimit: WIKI_PAGE_SIZE },
  item: SpaceSchema,
  hints: {
    aliases: ['confluence spaces', 'wiki spaces', 'list spaces'],
    when_to_use: 'To see which Confluence spaces exist before listing or searching pages.',
    not_for: 'Pages (wiki_get_pages, wiki_search).',
    examples: [{ query: 'which confluence spaces do we have?', tool: 'get_spaces', params: { limit: 25 } }],
  },
  async run({ client, page }) {
    const api = client('confluence');
    const spaces = await api.v2All<V2Space>('/spaces', { 'description-format': 'plain' }, itemsWanted(page));
    return { items: spaces.map((s) => spaceOf(api, s)) };
  },
});

export const getSpace = defineTool({
  system: 'wiki',
  name: 'get_space',
  title: 'Get a Confluence space',
  description: 'One Confluence space by key, with its home page {id, title}.',
  capability: { type: 'read', name: 'wiki.spaces.get' },
  input: z.object({ space_key: SpaceKey }),
  output: SpaceSchema.extend({ homepage: z.object({ id: z.string(), title: z.string() }).nullable() }),
  hints: {
    aliases: ['confluence space', 'space home page'],
    when_to_use: 'To read one space’s details or find its home page.',
    not_for: 'Listing every space (wiki_get_spaces).',
    examples: [{ query: 'show the ENG confluence space', tool: 'get_space', params: { space_key: 'ENG' } }],
  },
  async run({ client, args }) {
    const api = client('confluence');
    const space = await spaceByKey(api, args.space_key);
    const home = space.homepageId
      ? await api.v2<{ id: string; title: string }>('GET', `/pages/${space.homepageId}`)
      : undefined;
    return { ...spaceOf(api, space), homepage: home ? { id: String(home.id), title: home.title } : null };
  },
});
