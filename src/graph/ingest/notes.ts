import type { GraphBatch, Handle } from './batch.js';
import { linkMentionedTickets, type Extractor } from './extractor.js';
import { arr, idOf, obj, plainText, str, type Json } from './read.js';

/**
 * notes (Notion) results: pages and databases, either as Notion API objects (`object: 'page'`, a
 * title property, `parent.database_id`, `created_by`) or in the flattened form (`{id, title,
 * database_id}`) under `pages`, `databases` or `results`; users with their email tie identities.
 */
export const extractNotes: Extractor = ({ args, result }, batch) => {
  for (const page of arr(result.pages)) notesPage(batch, page, str(args.database_id));
  for (const database of arr(result.databases)) notesDatabase(batch, database);
  for (const user of arr(result.users)) notionUser(batch, user);
  for (const item of [...arr(result.results), result]) {
    if (item.object === 'page') notesPage(batch, item, str(args.database_id));
    else if (item.object === 'database') notesDatabase(batch, item);
    else if (item.object === 'user') notionUser(batch, item);
  }
};

/** The title of a Notion page: its `title`-typed property, or a plain `title`/`name` field. */
function titleOf(item: Json): string | undefined {
  const direct = plainText(item.title) ?? str(item.name);
  if (direct) return direct;
  for (const property of Object.values(obj(item.properties) ?? {})) {
    const prop = obj(property);
    if (prop?.type === 'title') return plainText(prop.title);
  }
  return undefined;
}

function notesDatabase(batch: GraphBatch, database: Json): Handle | undefined {
  const id = idOf(database.id);
  if (!id) return undefined;
  return batch.node('notes_database', id, { id, title: titleOf(database), url: str(database.url) });
}

function notesPage(batch: GraphBatch, page: Json, argDatabase: string | undefined): void {
  const id = idOf(page.id);
  if (!id) return;
  const parent = obj(page.parent);
  const databaseId = str(parent?.database_id) ?? str(page.database_id) ?? argDatabase;
  const title = titleOf(page);
  const handle = batch.node('notes_page', id, {
    id,
    title,
    database_id: databaseId,
    url: str(page.url),
    created_time: str(page.created_time),
    last_edited_time: str(page.last_edited_time),
    archived: typeof page.archived === 'boolean' ? page.archived : undefined,
  });
  if (databaseId) batch.edge(handle, 'BELONGS_TO', batch.ref('notes_database', databaseId, { id: databaseId }));
  batch.edge(handle, 'AUTHORED_BY', notionUser(batch, obj(page.created_by)));
  linkMentionedTickets(batch, handle, [title, str(page.description)]);
}

function notionUser(batch: GraphBatch, user: Json | undefined): Handle | undefined {
  const id = str(user?.id);
  if (!user || !id) return undefined;
  const email = str(obj(user.person)?.email) ?? str(user.email);
  return batch.person({ notionId: id, email }, { name: str(user.name) });
}
