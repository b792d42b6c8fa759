import type { z } from 'zod';
import type { NotionPerson } from './notion.js';
import { plainProperties } from './properties.js';
import type { PageDetailSchema, PageSummarySchema } from './schemas.js';

type Json = Record<string, unknown>;

/** A Notion page object as a summary: its title is whichever property has the title type. */
export function pageSummary(page: Json): z.infer<typeof PageSummarySchema> {
  const properties = (page.properties ?? {}) as Record<string, Json>;
  const title = Object.values(properties).find((p) => p.type === 'title');
  const parent = page.parent as { database_id?: string } | undefined;
  return {
    id: String(page.id),
    title: ((title?.title as Array<{ plain_text?: string }> | undefined) ?? []).map((t) => t.plain_text ?? '').join(''),
    url: String(page.url ?? ''),
    database_id: parent?.database_id ?? null,
    created_time: String(page.created_time),
    last_edited_time: String(page.last_edited_time),
  };
}

export function pageDetail(page: Json, people: ReadonlyMap<string, NotionPerson>): z.infer<typeof PageDetailSchema> {
  return {
    ...pageSummary(page),
    properties: plainProperties((page.properties ?? {}) as Record<string, Json>, people),
    in_trash: Boolean(page.in_trash ?? page.archived),
  };
}
