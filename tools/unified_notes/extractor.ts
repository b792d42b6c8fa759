import type { GraphBatch } from '../../src/graph/ingest/batch.js';
import { extractorOf, readsResultsOf } from '../../src/graph/ingest/tool-readers.js';
import { notesPage } from '../notes/extractor.js';
import { addComment, listComments } from './comments.js';
import { createFolder, listDatabases, listFolders } from './databases-folders.js';
import { createPage, getPage, listPages, updatePage } from './pages.js';
import type { NotesComment, NotesPage } from './records.js';

const personOf = (batch: GraphBatch, person: { id: string; name: string; email: string | null }) =>
  batch.person({ email: person.email ?? undefined, notionId: person.id }, person.name ? { name: person.name } : {});

/** A page as the notes system's page node (the same Notion page is one node), `CREATED_BY` its author. */
function page(batch: GraphBatch, p: NotesPage): void {
  const node = notesPage(batch, {
    id: p.id,
    title: p.name,
    url: p.url,
    database_id: p.database_id || null,
    properties: p.properties,
  });
  if (p.created_by) batch.edge(node, 'CREATED_BY', personOf(batch, p.created_by));
}

function comment(batch: GraphBatch, c: NotesComment): void {
  if (c.author) batch.edge(batch.ref('notes_page', c.page_id), 'LINKED_TO', personOf(batch, c.author));
}

/**
 * How the graph reads unified notes results: databases, folders and pages as the notes system's
 * `notes_database` and `notes_page` nodes, pages linked to their authors and the people their columns
 * name, and a page `LINKED_TO` the people who comment on it: the same person nodes as elsewhere.
 */
export const extractUnifiedNotes = extractorOf([
  readsResultsOf(listDatabases, ({ result }, batch) =>
    result.databases.forEach((db) => batch.node('notes_database', db.id, { title: db.name, url: db.url })),
  ),
  readsResultsOf(listFolders, ({ result }, batch) =>
    result.folders.forEach((f) => batch.node('notes_page', f.id, { title: f.name, url: f.url })),
  ),
  readsResultsOf(
    createFolder,
    ({ result }, batch) => void batch.node('notes_page', result.id, { title: result.name, url: result.url }),
  ),
  readsResultsOf(listPages, ({ result }, batch) => result.pages.forEach((p) => page(batch, p))),
  readsResultsOf(getPage, ({ result }, batch) => page(batch, result)),
  readsResultsOf(createPage, ({ result }, batch) => page(batch, result)),
  readsResultsOf(updatePage, ({ result }, batch) => page(batch, result)),
  readsResultsOf(listComments, ({ result }, batch) => result.comments.forEach((c) => comment(batch, c))),
  readsResultsOf(addComment, ({ result }, batch) => comment(batch, result)),
]);
