import { z } from 'zod';

export const Links = z.object({ webui: z.string().describe('Absolute link to the page in Confluence') });
export const Person = z.object({
  accountId: z.string(),
  displayName: z.string().describe('Name, or the account id when the user is not visible'),
  email: z.string().optional().describe('Their email, where their profile shows it'),
});
export const Version = z.object({
  number: z.number().int().describe('Version number; wiki_update_page needs the current one'),
  when: z.string(),
});

export const SpaceSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  type: z.string().describe('global or personal'),
  status: z.string().describe('current or archived'),
  description: z.string(),
  _links: Links,
});

export const PageSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string().describe('current, archived or draft'),
  space: z.object({ key: z.string(), name: z.string() }),
  version: Version,
  author: Person.describe('Who created the page'),
  _links: Links,
});

const BodySchema = z.object({
  storage: z
    .object({ value: z.string(), representation: z.literal('storage') })
    .describe('The body as Confluence stores it (XHTML storage format)'),
  markdown: z.string().describe('The same body as Markdown: what to read and edit'),
});

export const PageSchema = PageSummarySchema.extend({
  body: BodySchema,
  ancestors: z.array(z.object({ id: z.string(), title: z.string() })).describe('Parent pages, root first'),
});

export const CommentSchema = z.object({ id: z.string(), body: BodySchema, author: Person, created: z.string() });

/** A body as tools take it: Markdown text, or `{representation, value}` in storage format or Markdown. */
export const BodyInput = z
  .union([
    z.string().max(500_000),
    z.object({
      representation: z.enum(['storage', 'markdown']).describe('storage (XHTML) or markdown'),
      value: z.string().max(500_000).describe('The body in that representation'),
    }),
  ])
  .describe('The page body: Markdown text, or {representation: "storage" | "markdown", value}');
