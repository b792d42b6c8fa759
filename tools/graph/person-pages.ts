import type { Client } from '@notionhq/client';
import { z } from 'zod';
import type { PersonIdentifier } from '../../src/graph/service/identity-kinds.js';
import { memoryOf } from '../../src/integrations/client-memory.js';
import type { ToolRunContext } from '../../src/toolkit/define-tool.js';
import { unlessNotConnected } from '../insights/my-work/gather.js';
import { MyWorkResultSchema, type SystemWork, type WorkItem } from '../insights/my-work/schemas.js';
import { knownPerson, wikiPagesOf } from '../insights/my-work/team-systems.js';
import { peopleOf } from '../notes/notion.js';
import { pageSummary } from '../notes/pages-shape.js';

/** Notion has no search by editor: the workspace's latest edited pages are read, this many at most. */
const NOTION_SCANNED = 300;

const SystemWorkSchema = MyWorkResultSchema.shape.systems.shape.wiki;

export const PagesEditedSchema = z.object({
  wiki: SystemWorkSchema.describe('Confluence pages they contributed to, latest change first'),
  notes: SystemWorkSchema.describe(
    `Notion pages whose last edit is theirs, among the ${NOTION_SCANNED} latest edited in the workspace`,
  ),
});
export type PagesEdited = z.infer<typeof PagesEditedSchema>;

type Context = Pick<ToolRunContext<unknown>, 'client' | 'gather'>;

const valueOf = (identities: readonly PersonIdentifier[], kind: PersonIdentifier['kind']) =>
  identities.find((identity) => identity.kind === kind)?.value;

async function notionUserId(notion: Client, email: string | undefined): Promise<string | undefined> {
  if (!email) return undefined;
  const wanted = email.toLowerCase();
  const people = await peopleOf(notion, memoryOf(notion));
  return [...people.values()].find((person) => person.email?.toLowerCase() === wanted)?.id;
}

/** Notion: pages whose last edit is the person's, latest first (search sorted by last edit, by `last_edited_by`). */
const notionPagesEdited = (ctx: Context, email: string | undefined, notionId: string | undefined, limit: number) =>
  knownPerson('notes', { email }, async (): Promise<SystemWork | undefined> => {
    const notion = ctx.client('notion');
    const id = notionId ?? (await notionUserId(notion, email));
    if (!id) return undefined;
    const items: WorkItem[] = [];
    let cursor: string | undefined;
    for (let scanned = 0; scanned < NOTION_SCANNED && items.length < limit;) {
      const answer = await notion.search({
        filter: { property: 'object', value: 'page' },
        sort: { direction: 'descending', timestamp: 'last_edited_time' },
        start_cursor: cursor,
        page_size: 100,
      });
      scanned += answer.results.length;
      for (const result of answer.results as unknown as Array<Record<string, unknown>>) {
        if ((result.last_edited_by as { id?: string } | undefined)?.id !== id || items.length >= limit) continue;
        const page = pageSummary(result);
        items.push({
          kind: 'page',
          title: page.title,
          status: null,
          where: page.database_id,
          at: page.last_edited_time,
          url: page.url || null,
          node: { type: 'notes_page', id: page.id },
        });
      }
      cursor = answer.has_more ? (answer.next_cursor ?? undefined) : undefined;
      if (!cursor) break;
    }
    return { status: 'ok', items, total: null };
  });

/**
 * The pages a person edited lately, read live from Confluence and Notion with the caller's credentials; a system
 * without credentials is `not_connected`, one that fails makes the answer partial.
 */
export async function pagesEditedBy(
  ctx: Context,
  email: string | undefined,
  identities: readonly PersonIdentifier[],
  limit: number,
): Promise<PagesEdited> {
  // Named apart from the open work's reads of the same systems, so that a failure says which read it was.
  const read = await ctx.gather(
    {
      wiki_pages: () =>
        unlessNotConnected(() =>
          wikiPagesOf(ctx, { email, ids: { wiki: valueOf(identities, 'atlassian_account_id') } }, limit, 'contributor'),
        ),
      notes_pages: () =>
        unlessNotConnected(() => notionPagesEdited(ctx, email, valueOf(identities, 'notion_user_id'), limit)),
    },
    { alongside: true },
  );
  const failed: SystemWork = { status: 'failed', items: [], total: null };
  return { wiki: read.wiki_pages ?? failed, notes: read.notes_pages ?? failed };
}
