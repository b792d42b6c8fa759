import type { ReadResourceResult, Resource, ResourceLink } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Caller } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import type { ToolRunner } from './context.js';

const SCHEME = 'constellation://documents/';
const LIST_TOOL = 'documents_list_documents';
const GET_TOOL = 'documents_get_document';
/** Documents one resources/list page holds (a cursor gives the next). */
const PAGE = 50;

const MIME_TYPES: Record<string, string> = { md: 'text/markdown', csv: 'text/csv' };
const mimeTypeOf = (fileType: string): string => MIME_TYPES[fileType] ?? 'text/plain';

const documentUri = (documentId: string): string => `${SCHEME}${encodeURIComponent(documentId)}`;

export const isDocumentUri = (uri: string): boolean => uri.startsWith(SCHEME);

export const DOCUMENT_TEMPLATE = {
  uriTemplate: `${SCHEME}{document_id}`,
  name: 'document',
  title: 'Uploaded document',
  description:
    'The text of one uploaded document (PDF, spreadsheet, CSV, Markdown or text), as it was parsed for search.',
  mimeType: 'text/plain',
};

// What these reads use of the documents tools' results.
const Summary = z.object({
  document_id: z.string(),
  filename: z.string(),
  file_type: z.string(),
  file_size: z.number(),
});
const Listing = z.object({ documents: z.array(Summary), pagination: z.object({ next_cursor: z.string().nullable() }) });
const Detail = Summary.extend({ chunks: z.array(z.object({ text: z.string() })) });

/** A tool of the documents system, or an error saying the catalog has none (a server narrowed without it). */
function toolOf(app: ToolRunner, name: string) {
  const tool = app.registry.find(name);
  if (!tool) throw new AppError('NOT_FOUND', 'Documents are not part of this catalog');
  return tool;
}

/** One page of the caller's documents as resources; reads go through the tools, so tenant scope and activity records apply. */
export async function listDocumentResources(
  app: ToolRunner,
  caller: Caller,
  cursor?: string,
): Promise<{ resources: Resource[]; nextCursor?: string }> {
  const page = Listing.parse(
    await app.executor.execute(caller, toolOf(app, LIST_TOOL), { limit: PAGE, ...(cursor ? { cursor } : {}) }),
  );
  return {
    resources: page.documents.map((doc) => ({
      uri: documentUri(doc.document_id),
      name: doc.filename,
      title: doc.filename,
      mimeType: mimeTypeOf(doc.file_type),
      size: doc.file_size,
    })),
    ...(page.pagination.next_cursor ? { nextCursor: page.pagination.next_cursor } : {}),
  };
}

/** A document's text: its chunks in order, as stored for search. */
export async function readDocumentResource(app: ToolRunner, caller: Caller, uri: string): Promise<ReadResourceResult> {
  const documentId = decodeURIComponent(uri.slice(SCHEME.length));
  if (!documentId) throw new AppError('NOT_FOUND', `Unknown resource ${uri}: documents are ${SCHEME}<document_id>`);
  const doc = Detail.parse(await app.executor.execute(caller, toolOf(app, GET_TOOL), { document_id: documentId }));
  return { contents: [{ uri, mimeType: mimeTypeOf(doc.file_type), text: doc.chunks.map((c) => c.text).join('\n\n') }] };
}

/** Links to the documents a result names (query hits, a listing, an upload), each once. */
export function documentLinks(result: Record<string, unknown>, max: number): ResourceLink[] {
  const lists = [result.results, result.documents].filter((list): list is unknown[] => Array.isArray(list));
  const named = [result, ...lists.flat()] as Array<{
    document_id?: unknown;
    filename?: unknown;
    metadata?: { filename?: unknown };
  } | null>;
  const links = new Map<string, ResourceLink>();
  for (const item of named) {
    if (links.size >= max) break;
    if (!item) continue;
    const id = item.document_id;
    if (typeof id !== 'string' || links.has(id)) continue;
    const filename =
      typeof item.filename === 'string'
        ? item.filename
        : typeof item.metadata?.filename === 'string'
          ? item.metadata.filename
          : id;
    links.set(id, { type: 'resource_link', uri: documentUri(id), name: filename, title: filename });
  }
  return [...links.values()];
}
