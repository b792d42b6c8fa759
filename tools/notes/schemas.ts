import { z } from 'zod';

const Person = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable().describe('Email, when the workspace shares it'),
});

export const PlainValueSchema = z
  .union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.string()),
    z.array(Person),
    z.object({ start: z.string(), end: z.string().nullable() }),
  ])
  .describe('Text, number, true/false, option name(s), ISO date or {start, end}, people, or related page ids');

export const PropertyInfoSchema = z.object({
  name: z.string(),
  type: z
    .string()
    .describe(
      'Notion property type: title, rich_text, select, multi_select, status, date, people, number, checkbox, relation, url...',
    ),
  options: z.array(z.string()).optional().describe('Option names of select, multi_select and status properties'),
});

export const DatabaseSchema = z.object({
  database_id: z.string(),
  data_source_id: z.string().describe('Where the database’s rows live (Notion API 2025-09-03)'),
  title: z.string(),
  url: z.string(),
  properties: z.array(PropertyInfoSchema).describe('The columns, with their types and options'),
});

export const PageSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  database_id: z.string().nullable().describe('The database the page is a row of, if any'),
  created_time: z.string(),
  last_edited_time: z.string(),
});

export const PageDetailSchema = PageSummarySchema.extend({
  properties: z.record(z.string(), PlainValueSchema).describe('Every property by name, as plain values'),
  in_trash: z.boolean(),
});

export const SearchHitSchema = z.object({
  object: z.enum(['page', 'database']),
  id: z.string().describe('Page id, or database data source id'),
  title: z.string(),
  url: z.string(),
  last_edited_time: z.string(),
});

export const PageContentSchema = z.object({
  page_id: z.string(),
  markdown: z.string().describe('The page’s blocks as Markdown'),
  block_count: z.number().int().describe('Blocks read, nested ones included'),
  max_depth: z.number().int(),
  truncated: z.boolean().describe('True when blocks nested deeper than max_depth were left out'),
});

export const AppendResultSchema = z.object({
  page_id: z.string(),
  blocks_added: z.number().int().describe('Blocks created, nested ones included'),
  requests: z
    .number()
    .int()
    .describe('Append requests sent (Notion takes 100 blocks and two levels of nesting per request)'),
});
