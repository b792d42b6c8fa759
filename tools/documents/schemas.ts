import { z } from 'zod';
import { CHUNKING_STRATEGIES } from '../../src/documents/chunk.js';
import { QUERY_MODES } from '../../src/documents/retrieve.js';

export const DocumentId = z.string().min(1).max(100).describe('The document id an upload or list returned');

export const DocumentSummarySchema = z.object({
  document_id: z.string(),
  filename: z.string(),
  file_type: z.string().describe('pdf, xlsx, xls, csv, md or txt'),
  file_size: z.number().int().describe('Bytes uploaded'),
  chunk_count: z.number().int(),
  created_at: z.string(),
  project_id: z.string().nullable(),
  tags: z.array(z.string()),
});

export const UploadedSchema = z.object({
  document_id: z.string(),
  filename: z.string(),
  file_type: z.string(),
  file_size: z.number().int(),
  chunk_count: z.number().int(),
  entity_count: z.number().int().describe('Graph entities (tickets, repositories, people, pages...) the text names'),
  message: z.string(),
});

const ChunkSchema = z.object({
  chunk_id: z.string(),
  chunk_index: z.number().int(),
  text: z.string(),
  page_number: z.number().int().nullable(),
  sheet: z.string().optional(),
  heading: z.string().optional(),
});

export const DocumentDetailSchema = DocumentSummarySchema.extend({
  entity_count: z.number().int(),
  embedding_space: z.string().describe('provider:model:dimension the chunks were embedded with'),
  metadata: z.object({
    page_count: z.number().int().nullable(),
    project_id: z.string().nullable(),
    tags: z.array(z.string()),
  }),
  chunks: z.array(ChunkSchema),
});

export const QueryResultSchema = z.object({
  query_id: z.string(),
  query: z.string(),
  mode: z.enum(QUERY_MODES),
  results: z.array(
    z.object({
      chunk_id: z.string(),
      document_id: z.string(),
      text: z.string(),
      score: z.number(),
      metadata: z.object({
        page_number: z.number().int().nullable(),
        filename: z.string(),
        chunk_index: z.number().int(),
        sheet: z.string().optional(),
        heading: z.string().optional(),
      }),
    }),
  ),
  context: z.string().describe('The results as numbered passages cited by filename and page, ready to quote'),
  total_results: z.number().int(),
});

export const DeletedSchema = z.object({
  document_id: z.string(),
  deleted: z.boolean(),
  chunks_deleted: z.number().int(),
  message: z.string(),
});

export const ChunkingStrategy = z
  .enum(CHUNKING_STRATEGIES, { message: `chunking_strategy must be one of: ${CHUNKING_STRATEGIES.join(', ')}` })
  .describe('How the text is cut (default recursive: paragraphs, lines, then sentences; markdown: by headings)');
