import { z } from 'zod';
import { MAX_CHUNK_SIZE, MIN_CHUNK_SIZE, UnreadableDocument } from '../../src/documents/service.js';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { documentsOf } from './service.js';
import { ChunkingStrategy, UploadedSchema } from './schemas.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of `content`: UTF-8 text as given, or strict base64 (whitespace allowed between groups). */
function bytesOf(content: string, encoding: 'text' | 'base64'): Uint8Array {
  if (encoding === 'text') return new TextEncoder().encode(content);
  const compact = content.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact))
    throw new AppError('VALIDATION_ERROR', 'content is not valid base64 (encoding is base64)');
  return Buffer.from(compact, 'base64');
}

export const uploadDocument = defineTool({
  system: 'documents',
  name: 'upload_document',
  title: 'Upload a document',
  description:
    'Store a document so it can be queried by meaning: PDF, Excel (.xlsx, .xls), CSV, Markdown or plain text, given as text or base64. It is parsed, cut into chunks, embedded, and linked to the graph entities it names (tickets, pull requests, repositories, people, pages). Reports progress to clients that ask.',
  capability: { type: 'action', name: 'documents.document.upload', idempotent: false },
  input: z.object({
    filename: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .describe('Name with its extension (.pdf, .xlsx, .xls, .csv, .md, .txt): decides how it is read'),
    content: z.string().min(1, 'content is required').describe('The text, or the bytes in base64 (PDF, Excel)'),
    encoding: z.enum(['text', 'base64']).default('text').describe('base64 for binary files'),
    project_id: z.string().max(200).optional().describe('A project the document belongs to (filters listings)'),
    tags: z.array(z.string().min(1).max(100)).max(50).optional().describe('Labels kept with the document'),
    extract_entities: z.boolean().default(true).describe('Link the graph entities the text names (default true)'),
    chunking_strategy: ChunkingStrategy.optional(),
    chunk_size: z
      .number()
      .int()
      .min(MIN_CHUNK_SIZE)
      .max(MAX_CHUNK_SIZE)
      .optional()
      .describe('Characters per chunk (default 1000, raised for long documents)'),
  }),
  output: UploadedSchema,
  verify: (result) => (result.chunk_count > 0 ? undefined : 'the document was stored without chunks'),
  hints: {
    aliases: ['add document', 'index file', 'ingest pdf', 'upload spreadsheet', 'save notes for search'],
    when_to_use:
      'When the user gives a file or text to keep and search later (specs, reports, meeting notes, exports).',
    not_for:
      'Creating wiki pages or Notion pages (wiki, notes tools); searching what is already stored (documents_query_documents).',
    examples: [
      {
        query: 'save these meeting notes so I can search them',
        tool: 'upload_document',
        params: { filename: 'standup-notes.md', content: '# Standup\n- PAY-103 blocked' },
      },
      {
        query: 'index this PDF report',
        tool: 'upload_document',
        params: { filename: 'q3-report.pdf', content: 'JVBERi0xLjcK...', encoding: 'base64' },
      },
    ],
  },
  target: (args) => ({ type: 'document', id: args.filename }),
  async run({ services, caller, args, progress, signal }) {
    const bytes = bytesOf(args.content, args.encoding);
    const documents = documentsOf(services);
    const limit = documents.maxUploadBytes;
    if (bytes.length > limit) throw new AppError('PAYLOAD_TOO_LARGE', `File too large: the limit is ${limit} bytes`);
    const leave = documents.policy.enter(caller.tenantId);
    try {
      return await documents.upload(caller.tenantId, {
        filename: args.filename,
        bytes,
        projectId: args.project_id,
        tags: args.tags,
        extractEntities: args.extract_entities,
        chunkingStrategy: args.chunking_strategy,
        chunkSize: args.chunk_size,
        tenantEpoch: caller.tenantEpoch,
        onProgress: progress,
        signal,
      });
    } catch (error) {
      if (error instanceof UnreadableDocument)
        throw new AppError('VALIDATION_ERROR', `Failed to process document: ${error.message}`);
      throw error;
    } finally {
      leave();
    }
  },
});
