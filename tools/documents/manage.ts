import { z } from 'zod';
import { QUERY_MODES } from '../../src/documents/retrieve.js';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { documentsOf } from './service.js';
import {
  DeletedSchema,
  DocumentDetailSchema,
  DocumentId,
  DocumentSummarySchema,
  QueryResultSchema,
} from './schemas.js';

export const queryDocuments = defineTool({
  system: 'documents',
  name: 'query_documents',
  title: 'Search documents by meaning',
  description:
    'Find the passages of uploaded documents that answer a question, by meaning and keywords, with the graph entities they name; returns ranked chunks and a context string that cites filename and page.',
  capability: { type: 'read', name: 'documents.chunks.query' },
  input: z.object({
    query: z.string().trim().min(1).max(4000).describe('The question or topic, in plain words'),
    top_k: z.number().int().min(1).max(100).default(5).describe('Passages to return (1-100, default 5)'),
    mode: z
      .enum(QUERY_MODES, { message: `mode must be one of: ${QUERY_MODES.join(', ')}` })
      .default('hybrid')
      .describe(
        'How passages are ranked; the default, hybrid, fuses meaning, keywords and the graph entities the query names',
      ),
    document_id: DocumentId.optional().describe('Search only this document'),
    include_context: z
      .boolean()
      .default(true)
      .describe('Also return the passages as one cited context string (default true)'),
  }),
  output: QueryResultSchema,
  hints: {
    aliases: ['search documents', 'ask my files', 'find in pdf', 'search my files', 'rag'],
    when_to_use: 'Questions whose answer may be in files the team uploaded (specs, reports, spreadsheets, notes).',
    not_for: 'Wiki or Notion pages (wiki, notes tools); relationships between people and work items (graph tools).',
    examples: [
      {
        query: 'what does the payments spec say about refunds?',
        tool: 'query_documents',
        params: { query: 'refund policy in the payments spec' },
      },
      {
        query: 'which documents mention PAY-103',
        tool: 'query_documents',
        params: { query: 'PAY-103', mode: 'graph_only', top_k: 10 },
      },
    ],
  },
  async run({ services, caller, args }) {
    return documentsOf(services).query(caller.tenantId, { ...args, document_id: args.document_id ?? null });
  },
});

export const listDocuments = defineTool({
  system: 'documents',
  name: 'list_documents',
  title: 'List documents',
  description: 'The documents uploaded in this workspace, newest first, optionally of one project.',
  capability: { type: 'read', name: 'documents.documents.list' },
  input: z.object({ project_id: z.string().max(200).optional().describe('Only documents of this project') }),
  list: { key: 'documents', defaultLimit: 20 },
  item: DocumentSummarySchema,
  hints: {
    aliases: ['my documents', 'uploaded files', 'document library'],
    when_to_use: 'To see which files were uploaded, or find a document id.',
    not_for: 'Searching inside documents (documents_query_documents).',
    examples: [{ query: 'which documents have we uploaded?', tool: 'list_documents', params: {} }],
  },
  async run({ services, caller, args, page }) {
    const { documents, total } = await documentsOf(services).list(
      caller.tenantId,
      page.limit + 1,
      page.offset,
      args.project_id,
    );
    return { items: documents, total, offsetApplied: true };
  },
});

export const getDocument = defineTool({
  system: 'documents',
  name: 'get_document',
  title: 'Read a document',
  description:
    'One uploaded document with its metadata and every chunk of its text, in order (page, sheet or section of each).',
  capability: { type: 'read', name: 'documents.document.get' },
  input: z.object({ document_id: DocumentId }),
  output: DocumentDetailSchema,
  hints: {
    aliases: ['open document', 'document text', 'show file'],
    when_to_use: 'To read a whole uploaded document, or check how it was chunked.',
    not_for: 'Finding the passage that answers a question (documents_query_documents).',
    examples: [
      {
        query: 'show me the document 6f1c...',
        tool: 'get_document',
        params: { document_id: '6f1c2a4e-0b7d-4a8e-9c3f-2d5e8a1b7c90' },
      },
    ],
  },
  async run({ services, caller, args }) {
    return documentsOf(services).get(caller.tenantId, args.document_id);
  },
});

export const deleteDocument = defineTool({
  system: 'documents',
  name: 'delete_document',
  title: 'Delete a document',
  description: 'Delete an uploaded document with all its chunks, vectors, keywords and graph links, in one step.',
  capability: { type: 'action', name: 'documents.document.delete', idempotent: true, destructive: true },
  input: z.object({ document_id: DocumentId }),
  output: DeletedSchema,
  verify: (result, args) =>
    result.deleted && result.document_id === args.document_id ? undefined : 'the document is still stored',
  hints: {
    aliases: ['remove document', 'forget file'],
    when_to_use: 'When the user asks to remove a file they uploaded.',
    not_for: 'Deleting wiki or Notion pages (wiki, notes tools).',
    examples: [
      {
        query: 'delete the old roadmap document',
        tool: 'delete_document',
        params: { document_id: '6f1c2a4e-0b7d-4a8e-9c3f-2d5e8a1b7c90' },
      },
    ],
  },
  async run({ services, caller, args }) {
    return documentsOf(services).delete(caller.tenantId, args.document_id);
  },
});
