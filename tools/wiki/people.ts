import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import type { ConfluenceApi } from '../../src/integrations/atlassian/confluence-api.js';
import { cqlString } from './cql.js';
import { spacesById, usersOf, type V2Page, type WikiUser } from './shapes.js';

const UserSchema = z.object({
  accountId: z.string(),
  username: z.string().describe('Public name (Confluence Cloud has no usernames)'),
  displayName: z.string(),
  email: z.string(),
  active: z.boolean(),
});
const userShape = (u: WikiUser): z.infer<typeof UserSchema> => ({
  accountId: u.accountId,
  username: u.publicName,
  displayName: u.displayName,
  email: u.email,
  active: u.active,
});

export async function userByEmail(api: ConfluenceApi, email: string): Promise<WikiUser> {
  const wanted = email.trim().toLowerCase();
  const user = (await usersOf(api)).find((u) => u.email.toLowerCase() === wanted);
  if (!user) throw new AppError('NOT_FOUND', `No Confluence user has the email ${email} (or their profile hides it)`);
  return user;
}

export const getUserByEmail = defineTool({
  system: 'wiki',
  name: 'get_user_by_email',
  title: 'Find a Confluence user by email',
  description: 'The Confluence account of an email address: account id, names, whether active.',
  capability: { type: 'read', name: 'wiki.users.by_email' },
  input: z.object({ email: z.email().describe('The person’s email') }),
  output: UserSchema,
  hints: {
    aliases: ['confluence user', 'wiki account id', 'who is in confluence'],
    when_to_use: 'To get the account id of a person for searches by author.',
    not_for: 'Their pages (wiki_get_my_wiki_work).',
    examples: [
      {
        query: 'confluence account of linuss@acme.test',
        tool: 'get_user_by_email',
        params: { email: 'linuss@acme.test' },
      },
    ],
  },
  async run({ client, args }) {
    return userShape(await userByEmail(client('confluence'), args.email));
  },
});

interface V1Hit {
  content?: { id?: string; title?: string; space?: { key?: string; name?: string }; _links?: { webui?: string } };
  lastModified?: string;
}

/** A page a CQL query found: its id, title, space, link and when it last changed. */
export interface FoundPage {
  id: string;
  title: string;
  space: string;
  spaceName: string;
  url: string | null;
  lastModified: string | null;
}

/** Every page a CQL query finds (up to `max`), with its space, paging by start/limit. */
export async function pagesFound(api: ConfluenceApi, cql: string, max = 2000): Promise<FoundPage[]> {
  const out: FoundPage[] = [];
  for (let start = 0; out.length < max;) {
    const page = (await api.call((sdk) =>
      sdk.search.searchByCQL({ cql, start, limit: Math.min(100, max - out.length), expand: ['content.space'] }),
    )) as unknown as {
      results: V1Hit[];
      size: number;
      _links?: { next?: string };
    };
    out.push(
      ...page.results.map((hit) => ({
        id: String(hit.content?.id ?? ''),
        title: hit.content?.title ?? '',
        space: hit.content?.space?.key ?? '',
        spaceName: hit.content?.space?.name ?? '',
        url: hit.content?._links?.webui ? api.web(hit.content._links.webui) : null,
        lastModified: hit.lastModified ?? null,
      })),
    );
    if (!page._links?.next || page.size === 0) break;
    start += page.size;
  }
  return out;
}

const SpaceWork = z.object({
  space_name: z.string(),
  created_pages: z.number().int(),
  modified_pages: z.number().int(),
  draft_pages: z.number().int(),
});

export const getMyWikiWork = defineTool({
  system: 'wiki',
  name: 'get_my_wiki_work',
  title: 'Confluence work of a person',
  description:
    'Pages a person created and pages they edited, per space, over every space, and their drafts (drafts are visible only for the account the credentials belong to). Defaults to that account.',
  capability: { type: 'read', name: 'wiki.users.work' },
  input: z.object({
    user_identifier: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .describe('Email or account id; the connected account when omitted'),
  }),
  output: z.object({
    user: z.object({ accountId: z.string(), displayName: z.string(), email: z.string() }),
    summary: z.object({
      total_created: z.number().int(),
      total_modified: z.number().int(),
      total_drafts: z.number().int(),
      spaces_count: z.number().int(),
    }),
    work_by_space: z.record(z.string(), SpaceWork).describe('By space key'),
  }),
  hints: {
    aliases: [
      'my confluence pages',
      'what did I write in confluence',
      'what I wrote',
      'wiki contributions',
      'my wiki work',
    ],
    when_to_use: 'To summarise what someone wrote or edited in Confluence.',
    not_for: 'Finding pages on a topic (wiki_search).',
    examples: [{ query: 'what confluence pages have I written?', tool: 'get_my_wiki_work', params: {} }],
  },
  async run({ client, args }) {
    const api = client('confluence');
    const me = (await api.call((sdk) => sdk.users.getCurrentUser({}))) as unknown as {
      accountId: string;
      displayName?: string;
      email?: string;
    };
    const id = args.user_identifier?.trim();
    let user: { accountId: string; displayName: string; email: string };
    if (!id || id === me.accountId)
      user = { accountId: me.accountId, displayName: me.displayName ?? '', email: me.email ?? '' };
    else if (id.includes('@')) {
      const found = await userByEmail(api, id);
      user = { accountId: found.accountId, displayName: found.displayName, email: found.email };
    } else {
      const found = (await usersOf(api)).find((u) => u.accountId === id);
      user = found
        ? { accountId: found.accountId, displayName: found.displayName, email: found.email }
        : { accountId: id, displayName: id, email: '' };
    }
    const account = cqlString(user.accountId);
    const [created, modified, spaces] = await Promise.all([
      pagesFound(api, `type = page AND creator = ${account}`),
      pagesFound(api, `type = page AND contributor = ${account}`),
      spacesById(api),
    ]);
    const drafts =
      user.accountId === me.accountId
        ? (await api.v2All<V2Page>('/pages', { status: 'draft' })).filter((p) => p.authorId === user.accountId)
        : [];
    const work: Record<string, z.infer<typeof SpaceWork>> = {};
    const entry = (key: string, name: string): z.infer<typeof SpaceWork> =>
      (work[key] ??= { space_name: name, created_pages: 0, modified_pages: 0, draft_pages: 0 });
    for (const page of created) entry(page.space, page.spaceName).created_pages += 1;
    for (const page of modified) entry(page.space, page.spaceName).modified_pages += 1;
    for (const draft of drafts) {
      const space = spaces.get(String(draft.spaceId));
      if (space) entry(space.key, space.name).draft_pages += 1;
    }
    return {
      user,
      summary: {
        total_created: created.length,
        total_modified: modified.length,
        total_drafts: drafts.length,
        spaces_count: Object.keys(work).length,
      },
      work_by_space: work,
    };
  },
});
