import type { GraphBatch } from './batch.js';
import { linkMentionedTickets, type Extractor } from './extractor.js';
import { atlassianUser } from './ticketing.js';
import { arr, clip, idOf, num, obj, str, stripTags, type Json } from './read.js';

/**
 * wiki (Confluence) results, per the catalog of Document 1: spaces, pages with their space and author,
 * search results, users; ticket keys in page titles and bodies become LINKED_TO edges.
 */
export const extractWiki: Extractor = ({ tool, args, result }, batch) => {
  const argSpace = str(args.space_key);
  for (const space of arr(result.spaces)) spaceNode(batch, space);
  for (const page of arr(result.pages)) pageNode(batch, page, argSpace);
  for (const hit of arr(result.results)) {
    const content = obj(hit.content);
    if (content && (str(content.type) ?? 'page') === 'page') pageNode(batch, content, argSpace, str(hit.excerpt));
  }
  if (str(result.title) && idOf(result.id)) pageNode(batch, result, argSpace);
  else if (str(result.key) && str(result.name)) spaceNode(batch, result);
  else if (str(result.accountId)) atlassianUser(batch, result);
  const user = obj(result.user);
  if (tool === 'get_my_wiki_work' && user) atlassianUser(batch, user);
};

function spaceNode(batch: GraphBatch, space: Json): void {
  const key = str(space.key);
  if (!key) return;
  const description = obj(space.description);
  batch.node('space', key, {
    key,
    id: idOf(space.id),
    name: str(space.name),
    type: str(space.type),
    status: str(space.status),
    description: clip(str(space.description) ?? str(obj(description?.plain)?.value), 500),
  });
}

function pageNode(batch: GraphBatch, page: Json, argSpace: string | undefined, excerpt?: string): void {
  const id = idOf(page.id);
  if (!id) return;
  const space = obj(page.space);
  const spaceKey = str(space?.key) ?? str(page.space_key) ?? str(page.spaceKey) ?? argSpace;
  const version = obj(page.version);
  const author = obj(page.author) ?? obj(version?.by) ?? obj(obj(page.history)?.createdBy);
  const body = str(obj(obj(page.body)?.storage)?.value);
  const links = obj(page._links);
  const title = str(page.title);
  const handle = batch.node('page', id, {
    id,
    title,
    status: str(page.status),
    space_key: spaceKey,
    version: num(version?.number),
    updated: str(version?.when),
    author: str(author?.displayName),
    url: str(links?.webui),
    excerpt: clip(excerpt, 300),
  });
  if (spaceKey) batch.edge(handle, 'BELONGS_TO', batch.ref('space', spaceKey, { key: spaceKey, name: str(space?.name) }));
  batch.edge(handle, 'AUTHORED_BY', atlassianUser(batch, author));
  linkMentionedTickets(batch, handle, [title, body ? stripTags(body) : undefined, excerpt]);
}
