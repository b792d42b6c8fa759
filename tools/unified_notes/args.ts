import { z } from 'zod';

const NOTION_ID = /^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/;

/** A Notion object id (a UUID, with or without dashes). */
export const notionId = (what: string) =>
  z.string().trim().regex(NOTION_ID, 'a Notion id (a UUID, with or without dashes)').describe(what);

export const DatabaseIdArg = notionId('The database id (from unified_notes_list_databases)');
export const PageIdArg = notionId('The page id (from unified_notes_list_pages or unified_notes_create_page)');

/** Said by every hint: the notes tools to use when the request is about the Notion workspace the platform's own token reaches. */
export const NOT_NOTION_SYSTEM =
  'Searching page text, filtered database queries or a page body as Markdown in the Notion workspace the caller’s own token reaches (notes_search, notes_query_database, notes_get_page_content).';

/** Text sent to Notion: one rich-text run holds at most 2,000 characters. */
export const NotionText = (what: string) => z.string().trim().min(1).max(2000).describe(what);
