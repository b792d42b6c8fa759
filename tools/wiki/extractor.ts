import { viaDirectory, type GraphBatch, type Handle } from '../../src/graph/ingest/batch.js';
import { extractorOf, readsResultsOf } from '../../src/graph/ingest/tool-readers.js';
import { createPage, updatePage } from './write.js';
import { getPage, getPages } from './pages.js';
import { getSpace, getSpaces } from './spaces.js';
import { searchWiki } from './search.js';
import { getAttachments, getLabels, getPageComments } from './page-parts.js';
import { getMyWikiWork, getUserByEmail } from './people.js';

interface PageLike {
  id: string;
  title: string;
  status?: string;
  space?: { key: string; name?: string };
  author?: { accountId: string; displayName: string; email?: string };
  _links?: { webui: string };
  body?: { markdown: string };
}

const spaceRef = (batch: GraphBatch, key: string | undefined, name?: string): Handle | undefined =>
  key ? batch.ref('space', key, name ? { key, name } : { key }) : undefined;

/** Account ids mentioned in a page (`@<account id>` in its Markdown). */
const mentionedAccounts = (markdown: string): string[] => [
  ...new Set([...markdown.matchAll(/@([0-9a-f]{2,}[:0-9a-z-]*)/gi)].map((m) => m[1])),
];

function wikiPage(batch: GraphBatch, page: PageLike): Handle | undefined {
  const handle = batch.node('page', page.id, {
    title: page.title,
    status: page.status,
    url: page._links?.webui,
    space_key: page.space?.key,
  });
  batch.edge(handle, 'BELONGS_TO', spaceRef(batch, page.space?.key, page.space?.name));
  if (page.author)
    batch.edge(
      handle,
      'CREATED_BY',
      batch.person(viaDirectory({ accountId: page.author.accountId, email: page.author.email }), {
        name: page.author.displayName,
      }),
    );
  batch.linkMentions(handle, [page.title, page.body?.markdown], ['issue', 'repository']);
  for (const accountId of mentionedAccounts(page.body?.markdown ?? ''))
    batch.edge(handle, 'REFERENCES', batch.person({ accountId }));
  return handle;
}

/**
 * How the graph reads wiki results: spaces, pages (space, author, mentioned people, tickets and repositories), users.
 * An author is their account id, and their email where the site's user directory shows it.
 */
export const extractWiki = extractorOf([
  readsResultsOf(getSpaces, ({ result }, batch) =>
    result.spaces.forEach((s) => batch.node('space', s.key, { key: s.key, name: s.name, url: s._links.webui })),
  ),
  readsResultsOf(
    getSpace,
    ({ result }, batch) =>
      void batch.node('space', result.key, { key: result.key, name: result.name, url: result._links.webui }),
  ),
  readsResultsOf(getPages, ({ result }, batch) => result.pages.forEach((p) => wikiPage(batch, p))),
  readsResultsOf(getPage, ({ result }, batch) => void wikiPage(batch, result)),
  readsResultsOf(createPage, ({ result }, batch) => void wikiPage(batch, result)),
  readsResultsOf(updatePage, ({ result }, batch) => void wikiPage(batch, result)),
  readsResultsOf(searchWiki, ({ result }, batch) =>
    result.results.forEach((r) =>
      wikiPage(batch, { id: r.content.id, title: r.content.title, space: r.content.space }),
    ),
  ),
  readsResultsOf(getPageComments, ({ args, result }, batch) => {
    const page = batch.ref('page', args.page_id);
    for (const c of result.comments) {
      batch.edge(
        batch.person(viaDirectory({ accountId: c.author.accountId, email: c.author.email }), {
          name: c.author.displayName,
        }),
        'CONTRIBUTES_TO',
        page,
      );
      batch.linkMentions(page, [c.body.markdown], ['issue']);
    }
  }),
  readsResultsOf(
    getAttachments,
    ({ args, result }, batch) =>
      void batch.node('page', args.page_id, { attachments: result.attachments.map((a) => a.title) }),
  ),
  readsResultsOf(
    getLabels,
    ({ args, result }, batch) => void batch.node('page', args.page_id, { labels: result.labels.map((l) => l.name) }),
  ),
  readsResultsOf(getMyWikiWork, ({ result }, batch) => {
    const person = batch.person(
      { accountId: result.user.accountId, email: result.user.email || undefined },
      { name: result.user.displayName },
    );
    for (const [key, work] of Object.entries(result.work_by_space))
      batch.edge(person, 'CONTRIBUTES_TO', spaceRef(batch, key, work.space_name), {
        created_pages: work.created_pages,
        modified_pages: work.modified_pages,
      });
  }),
  readsResultsOf(
    getUserByEmail,
    ({ result }, batch) =>
      void batch.person(viaDirectory({ email: result.email, accountId: result.accountId }), {
        name: result.displayName,
      }),
  ),
]);
