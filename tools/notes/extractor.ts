import type { GraphBatch, Handle } from '../../src/graph/ingest/batch.js';
import { extractorOf, readsResultsOf } from '../../src/graph/ingest/tool-readers.js';
import { getPageContent } from './content.js';
import { listDatabases, queryDatabase } from './databases.js';
import { createPage, getPage, updatePage } from './pages.js';
import type { PlainValue } from './properties.js';
import { searchNotes } from './search.js';

export interface PageLike {
  id: string;
  title: string;
  url: string;
  database_id: string | null;
  properties?: Record<string, PlainValue>;
}

const databaseRef = (batch: GraphBatch, id: string | null, title?: string): Handle | undefined =>
  id ? batch.ref('notes_database', id, title ? { title } : {}) : undefined;

/** People named in a page's people properties: the same humans as in every other system (email alias). */
function peopleIn(
  properties: Record<string, PlainValue> | undefined,
): Array<{ property: string; id: string; email: string | null; name: string }> {
  const out: Array<{ property: string; id: string; email: string | null; name: string }> = [];
  for (const [property, value] of Object.entries(properties ?? {})) {
    if (!Array.isArray(value)) continue;
    for (const entry of value)
      if (entry && typeof entry === 'object' && 'id' in entry)
        out.push({ property, id: entry.id, email: entry.email, name: entry.name });
  }
  return out;
}

const texts = (properties: Record<string, PlainValue> | undefined): string[] =>
  Object.values(properties ?? {}).filter((v): v is string => typeof v === 'string');

/** A page node with the database it belongs to, the people its people properties name and the tickets and repositories its text mentions. */
export function notesPage(batch: GraphBatch, page: PageLike): Handle | undefined {
  const handle = batch.node('notes_page', page.id, {
    title: page.title,
    url: page.url,
    database_id: page.database_id ?? undefined,
  });
  batch.edge(handle, 'BELONGS_TO', databaseRef(batch, page.database_id));
  for (const person of peopleIn(page.properties)) {
    batch.edge(
      handle,
      'ASSIGNED_TO',
      batch.person({ email: person.email ?? undefined, notionId: person.id }, { name: person.name }),
      { property: person.property },
    );
  }
  batch.linkMentions(handle, [page.title, ...texts(page.properties)], ['issue', 'repository']);
  return handle;
}

/**
 * How the graph reads notes results: pages (with the database they belong to, the people their
 * people properties name, the tickets and repositories their text mentions) and databases.
 */
export const extractNotes = extractorOf([
  readsResultsOf(searchNotes, ({ result }, batch) => {
    for (const hit of result.results) {
      if (hit.object === 'page') batch.node('notes_page', hit.id, { title: hit.title, url: hit.url });
      else batch.node('notes_database', hit.id, { title: hit.title, url: hit.url });
    }
  }),
  readsResultsOf(listDatabases, ({ result }, batch) =>
    result.databases.forEach((db) => batch.node('notes_database', db.database_id, { title: db.title, url: db.url })),
  ),
  readsResultsOf(queryDatabase, ({ result }, batch) => result.pages.forEach((page) => notesPage(batch, page))),
  readsResultsOf(getPage, ({ result }, batch) => void notesPage(batch, result)),
  readsResultsOf(createPage, ({ result }, batch) => void notesPage(batch, result)),
  readsResultsOf(updatePage, ({ result }, batch) => void notesPage(batch, result)),
  readsResultsOf(getPageContent, ({ result }, batch) => {
    const page = batch.ref('notes_page', result.page_id);
    batch.linkMentions(page, [result.markdown], ['issue', 'repository']);
  }),
]);
