import { z } from 'zod';
import type { NotionPerson } from '../notes/notion.js';
import { dataSourceInfo } from '../notes/notion.js';
import { plainProperties } from '../notes/properties.js';
import { PlainValueSchema, PropertyInfoSchema } from '../notes/schemas.js';

/**
 * The notes family's records (snake_case) and the one place Notion's objects become them. The spec
 * shows none of them: they follow Notion's model (a database holds pages with typed properties; pages
 * outside databases hold pages and databases, the family's folders; comments sit in discussions on a
 * page), named as the other unified families name things (`name`, `created_at`, `updated_at`).
 */
const PersonSchema = z.object({
  id: z.string().describe('Notion user id'),
  name: z.string(),
  email: z.string().nullable(),
});

export const DatabaseSchema = z.object({
  id: z.string().describe('Database id (the id in /notes/databases/{database_id})'),
  name: z.string(),
  data_source_id: z.string().describe('Where the rows live (Notion API 2025-09-03)'),
  folder_id: z
    .string()
    .nullable()
    .describe('The folder (page) the database sits in; null at the workspace’s top level'),
  url: z.string(),
  properties: z
    .array(PropertyInfoSchema)
    .describe('The columns a page of the database has, with their types and options'),
  created_at: z.string().describe('ISO 8601'),
  updated_at: z.string().describe('ISO 8601'),
});
export type NotesDatabase = z.infer<typeof DatabaseSchema>;

export const PageSchema = z.object({
  id: z.string(),
  database_id: z.string(),
  name: z.string().describe('The page’s title'),
  url: z.string(),
  properties: z
    .record(z.string(), PlainValueSchema)
    .describe('Every property by name as a plain value (people with names and emails)'),
  created_by: PersonSchema.nullable(),
  updated_by: PersonSchema.nullable(),
  archived: z.boolean(),
  created_at: z.string().describe('ISO 8601'),
  updated_at: z.string().describe('ISO 8601'),
});
export type NotesPage = z.infer<typeof PageSchema>;

export const PageDetailSchema = PageSchema.extend({
  description: z.string().describe('The text of the page body’s first paragraph (empty when it has none)'),
});
export type NotesPageDetail = z.infer<typeof PageDetailSchema>;

export const FolderSchema = z.object({
  id: z.string().describe('Folder id (a Notion page outside any database)'),
  name: z.string(),
  parent_id: z.string().nullable().describe('The folder it sits in; null at the workspace’s top level'),
  url: z.string(),
  archived: z.boolean(),
  created_at: z.string().describe('ISO 8601'),
  updated_at: z.string().describe('ISO 8601'),
});
export type NotesFolder = z.infer<typeof FolderSchema>;

export const CommentSchema = z.object({
  id: z.string(),
  page_id: z.string(),
  discussion_id: z.string().describe('The thread; reply in it by giving it when adding a comment'),
  content: z.string(),
  author: PersonSchema.nullable(),
  created_at: z.string().describe('ISO 8601'),
});
export type NotesComment = z.infer<typeof CommentSchema>;

type Json = Record<string, unknown>;
const plainText = (items: unknown): string =>
  ((items as Array<{ plain_text?: string }> | undefined) ?? []).map((t) => t.plain_text ?? '').join('');
const personOf = (user: unknown, people: ReadonlyMap<string, NotionPerson>): NotionPerson | null => {
  const id = (user as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? (people.get(id) ?? { id, name: '', email: null }) : null;
};
const titleOf = (properties: Record<string, Json>): string =>
  plainText(Object.values(properties).find((p) => p.type === 'title')?.title);

/** A data source (as search returns it) as the database record. */
export function databaseOf(source: Json): NotesDatabase {
  const info = dataSourceInfo(source);
  const home = source.database_parent as { type?: string; page_id?: string } | undefined;
  return {
    id: info.database_id,
    name: info.title,
    data_source_id: info.data_source_id,
    folder_id: home?.type === 'page_id' ? (home.page_id ?? null) : null,
    url: info.url,
    properties: info.properties,
    created_at: String(source.created_time),
    updated_at: String(source.last_edited_time),
  };
}

/** The database a page is a row of, or null for a page outside databases. */
export const databaseIdOf = (page: Json): string | null =>
  (page.parent as { database_id?: string } | undefined)?.database_id ?? null;

export function pageOf(page: Json, people: ReadonlyMap<string, NotionPerson>): NotesPage {
  const properties = (page.properties ?? {}) as Record<string, Json>;
  return {
    id: String(page.id),
    database_id: databaseIdOf(page) ?? '',
    name: titleOf(properties),
    url: String(page.url ?? ''),
    properties: plainProperties(properties, people),
    created_by: personOf(page.created_by, people),
    updated_by: personOf(page.last_edited_by, people),
    archived: Boolean(page.in_trash ?? page.archived),
    created_at: String(page.created_time),
    updated_at: String(page.last_edited_time),
  };
}

export function folderOf(page: Json): NotesFolder {
  const parent = page.parent as { type?: string; page_id?: string } | undefined;
  return {
    id: String(page.id),
    name: titleOf((page.properties ?? {}) as Record<string, Json>),
    parent_id: parent?.type === 'page_id' ? (parent.page_id ?? null) : null,
    url: String(page.url ?? ''),
    archived: Boolean(page.in_trash ?? page.archived),
    created_at: String(page.created_time),
    updated_at: String(page.last_edited_time),
  };
}

/** A page is a folder when it is no database's row: its parent is a page or the workspace. */
export const isFolder = (page: Json): boolean =>
  ['page_id', 'workspace'].includes(String((page.parent as { type?: string } | undefined)?.type));

export function commentOf(comment: Json, people: ReadonlyMap<string, NotionPerson>): NotesComment {
  const parent = comment.parent as { page_id?: string; block_id?: string } | undefined;
  return {
    id: String(comment.id),
    page_id: parent?.page_id ?? parent?.block_id ?? '',
    discussion_id: String(comment.discussion_id),
    content: plainText(comment.rich_text),
    author: personOf(comment.created_by, people),
    created_at: String(comment.created_time),
  };
}
