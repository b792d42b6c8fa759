import { z } from 'zod';

/** Credentials of Notion: an internal integration's token under `notes` in a JWT's connections, or NOTION_TOKEN. */
export const NotionCredentials = z.object({
  token: z.string().min(1),
  /** API root; the sandbox sets it. */
  baseUrl: z.url().optional(),
});
export type NotionCredentials = z.infer<typeof NotionCredentials>;
