import type { z } from 'zod';
import { storageToMarkdown } from './storage/to-markdown.js';
import { markdownToStorage } from './storage/from-markdown.js';
import type { Json, ConfluenceApi } from '../../src/integrations/atlassian/confluence-api.js';
import type { BodyInput, PageSummarySchema, Person, SpaceSchema } from './schemas.js';
import { directoryRead } from '../../src/graph/service/identity-directory.js';
import type { Clock } from '../../src/toolkit/context.js';

export interface V2Page {
  id: string;
  title: string;
  status: string;
  spaceId: string;
  parentId?: string;
  authorId: string;
  createdAt: string;
  version: { number: number; createdAt: string; authorId: string };
  body?: { storage?: { value: string } };
  _links?: { webui?: string };
}
export interface V2Space {
  id: string;
  key: string;
  name: string;
  type: string;
  status: string;
  homepageId?: string;
  description?: { plain?: { value?: string } };
  _links?: { webui?: string };
}

/** Storage format for a body as tools take it. */
export function storageOf(body: z.infer<typeof BodyInput>): string {
  if (typeof body === 'string') return markdownToStorage(body);
  return body.representation === 'storage' ? body.value : markdownToStorage(body.value);
}

export const bodyOf = (storage: string) => ({
  storage: { value: storage, representation: 'storage' as const },
  markdown: storageToMarkdown(storage),
});

export const spaceOf = (api: ConfluenceApi, space: V2Space): z.infer<typeof SpaceSchema> => ({
  id: String(space.id),
  key: space.key,
  name: space.name,
  type: space.type,
  status: space.status,
  description: space.description?.plain?.value ?? '',
  _links: { webui: api.web(space._links?.webui) },
});

export function pageSummaryOf(
  api: ConfluenceApi,
  page: V2Page,
  spaces: ReadonlyMap<string, V2Space>,
  users: SiteUsers,
): z.infer<typeof PageSummarySchema> {
  const space = spaces.get(String(page.spaceId));
  return {
    id: String(page.id),
    title: page.title,
    status: page.status,
    space: { key: space?.key ?? '', name: space?.name ?? '' },
    version: { number: page.version.number, when: page.version.createdAt },
    author: personOf(users, page.authorId),
    _links: { webui: api.web(page._links?.webui) },
  };
}

/** Every space by id (for the space of each page). */
export async function spacesById(api: ConfluenceApi): Promise<Map<string, V2Space>> {
  const spaces = await api.v2All<V2Space>('/spaces', { 'description-format': 'plain' });
  return new Map(spaces.map((s) => [String(s.id), s]));
}

export interface WikiUser {
  accountId: string;
  displayName: string;
  email: string;
  publicName: string;
  active: boolean;
}

/**
 * The site's users, through v1 user search (`type = user`, every page). Cloud shows an email only when
 * the person's profile allows it; v2 has no search by email.
 */
export async function usersOf(api: ConfluenceApi, max = 2000): Promise<WikiUser[]> {
  const out: WikiUser[] = [];
  for (let start = 0; out.length < max;) {
    const page = (await api.call((sdk) =>
      sdk.search.searchUser({ cql: 'type = user', start, limit: 200 }),
    )) as unknown as {
      results: Array<{ user?: Json }>;
      size: number;
      _links?: { next?: string };
    };
    for (const hit of page.results) {
      const u = hit.user ?? {};
      out.push({
        accountId: String(u.accountId ?? ''),
        displayName: String(u.displayName ?? u.publicName ?? ''),
        email: String(u.email ?? ''),
        publicName: String(u.publicName ?? ''),
        active: u.isActive !== false,
      });
    }
    if (!page._links?.next || page.size === 0) break;
    start += page.size;
  }
  return out;
}

/** The site's users by account id. */
export type SiteUsers = ReadonlyMap<string, WikiUser>;

/**
 * The site's users from the tenant's short-lived user directory: the names of authors, and their emails where
 * their profiles show them (what ties an account id to a colleague in the graph).
 */
export const siteUsers = (api: ConfluenceApi, clock: Clock): Promise<SiteUsers> =>
  directoryRead(api, clock, 'confluence-users', async () => new Map((await usersOf(api)).map((u) => [u.accountId, u])));

/** An author as tools show them: the email only where the directory gives one, never a guess. */
export function personOf(users: SiteUsers, accountId: string): z.infer<typeof Person> {
  const user = users.get(accountId);
  return {
    accountId,
    displayName: user?.displayName ?? accountId,
    ...(user?.email ? { email: user.email } : {}),
  };
}
