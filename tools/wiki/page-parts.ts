import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import type { ConfluenceApi } from '../../src/integrations/atlassian/confluence-api.js';
import { forPage } from '../../src/integrations/atlassian/confluence-errors.js';
import { PageId } from './pages.js';
import { CommentSchema } from './schemas.js';
import { bodyOf, personOf, siteUsers, type SiteUsers } from './shapes.js';
import { markdownToStorage } from './storage/from-markdown.js';
import { itemsWanted } from '../../src/toolkit/pagination.js';
import { WIKI_PAGE_SIZE } from './spaces.js';

interface V2Comment {
  id: string;
  version: { createdAt: string; authorId: string };
  body?: { storage?: { value: string } };
}

function commentOf(comment: V2Comment, users: SiteUsers): z.infer<typeof CommentSchema> {
  return {
    id: String(comment.id),
    body: bodyOf(comment.body?.storage?.value ?? ''),
    author: personOf(users, comment.version.authorId),
    created: comment.version.createdAt,
  };
}

export const getPageComments = defineTool({
  system: 'wiki',
  name: 'get_page_comments',
  title: 'Comments on a Confluence page',
  description: 'Footer comments of a page, oldest first: body as Markdown and storage format, author, when.',
  capability: { type: 'read', name: 'wiki.comments.list' },
  input: z.object({ page_id: PageId }),
  list: { key: 'comments', defaultLimit: WIKI_PAGE_SIZE },
  item: CommentSchema,
  hints: {
    aliases: ['confluence comments', 'page comments', 'wiki feedback'],
    when_to_use: 'To read the discussion on a page.',
    not_for: 'The page body (wiki_get_page).',
    examples: [
      { query: 'comments on confluence page 10000003', tool: 'get_page_comments', params: { page_id: '10000003' } },
    ],
  },
  async run({ client, clock, args, page }) {
    const api = client('confluence');
    const [comments, users] = await Promise.all([
      forPage(
        args.page_id,
        api.v2All<V2Comment>(`/pages/${args.page_id}/footer-comments`, { 'body-format': 'storage' }, itemsWanted(page)),
      ),
      siteUsers(api, clock),
    ]);
    return { items: comments.map((c) => commentOf(c, users)) };
  },
});

export const addComment = defineTool({
  system: 'wiki',
  name: 'add_comment',
  title: 'Comment on a Confluence page',
  description: 'Add a footer comment to a page; the body is Markdown. Returns the comment.',
  capability: { type: 'action', name: 'wiki.comments.add', idempotent: false },
  input: z.object({ page_id: PageId, body: z.string().min(1).max(100_000).describe('The comment, in Markdown') }),
  output: CommentSchema,
  hints: {
    aliases: ['comment on confluence page', 'reply on wiki page'],
    when_to_use: 'To leave feedback or a note on a page without editing it.',
    not_for: 'Changing the page (wiki_update_page).',
    examples: [
      {
        query: 'comment "looks good" on confluence page 10000003',
        tool: 'add_comment',
        params: { page_id: '10000003', body: 'Looks good' },
      },
    ],
  },
  verify: (result) => (result.id ? undefined : 'no comment was created'),
  async run({ client, clock, args }) {
    const api = client('confluence');
    const comment = await forPage(
      args.page_id,
      api.v2<V2Comment>('POST', '/footer-comments', {
        data: { pageId: args.page_id, body: { representation: 'storage', value: markdownToStorage(args.body) } },
      }),
    );
    return commentOf(comment, await siteUsers(api, clock));
  },
});

interface V2Attachment {
  id: string;
  title: string;
  mediaType: string;
  fileSize: number;
  version: { number: number; createdAt: string };
  _links?: { download?: string };
  downloadLink?: string;
}

export const getAttachments = defineTool({
  system: 'wiki',
  name: 'get_attachments',
  title: 'List attachments of a Confluence page',
  description: 'Files attached to a page: name, media type, size in bytes, version and download link.',
  capability: { type: 'read', name: 'wiki.attachments.list' },
  input: z.object({ page_id: PageId }),
  list: { key: 'attachments', defaultLimit: WIKI_PAGE_SIZE },
  item: z.object({
    id: z.string(),
    title: z.string(),
    mediaType: z.string(),
    fileSize: z.number().int(),
    version: z.object({ number: z.number().int(), when: z.string() }),
    _links: z.object({ download: z.string() }),
  }),
  hints: {
    aliases: ['confluence files', 'page attachments', 'wiki images'],
    when_to_use: 'To see which files are attached to a page.',
    not_for: 'The page text (wiki_get_page).',
    examples: [
      { query: 'attachments of confluence page 10000003', tool: 'get_attachments', params: { page_id: '10000003' } },
    ],
  },
  async run({ client, args, page }) {
    const api = client('confluence');
    const found = await forPage(
      args.page_id,
      api.v2All<V2Attachment>(`/pages/${args.page_id}/attachments`, {}, itemsWanted(page)),
    );
    const attachments = found.map((a) => ({
      id: String(a.id),
      title: a.title,
      mediaType: a.mediaType,
      fileSize: a.fileSize,
      version: { number: a.version.number, when: a.version.createdAt },
      _links: { download: api.web(a._links?.download ?? a.downloadLink) },
    }));
    return { items: attachments };
  },
});

const LabelSchema = z.object({ id: z.string(), name: z.string(), prefix: z.string().describe('global, my or team') });

async function labelsOf(api: ConfluenceApi, pageId: string): Promise<Array<z.infer<typeof LabelSchema>>> {
  const labels = await forPage(
    pageId,
    api.v2All<{ id: string; name: string; prefix: string }>(`/pages/${pageId}/labels`, {}, 500),
  );
  return labels.map((l) => ({ id: String(l.id), name: l.name, prefix: l.prefix }));
}

export const getLabels = defineTool({
  system: 'wiki',
  name: 'get_labels',
  title: 'Labels of a Confluence page',
  description: 'The labels on a page.',
  capability: { type: 'read', name: 'wiki.labels.list' },
  input: z.object({ page_id: PageId }),
  list: { key: 'labels', defaultLimit: WIKI_PAGE_SIZE },
  item: LabelSchema,
  hints: {
    aliases: ['confluence labels', 'page tags'],
    when_to_use: 'To see how a page is labelled.',
    not_for: 'Finding pages by label (wiki_search).',
    examples: [{ query: 'labels of confluence page 10000003', tool: 'get_labels', params: { page_id: '10000003' } }],
  },
  async run({ client, args }) {
    return { items: await labelsOf(client('confluence'), args.page_id) };
  },
});

export const addLabels = defineTool({
  system: 'wiki',
  name: 'add_labels',
  title: 'Label a Confluence page',
  description:
    'Add labels to a page (lower case, no spaces; existing ones are kept). Returns every label the page now has.',
  capability: { type: 'action', name: 'wiki.labels.add', idempotent: true },
  input: z.object({
    page_id: PageId,
    labels: z
      .array(z.string().min(1).max(255).regex(/^\S+$/, 'a label has no spaces'))
      .min(1)
      .max(50)
      .describe('Labels to add, e.g. ["runbook"]'),
  }),
  output: z.object({ page_id: z.string(), labels: z.array(LabelSchema), added: z.array(z.string()) }),
  hints: {
    aliases: ['tag confluence page', 'add label wiki', 'label a page', 'label confluence page'],
    when_to_use: 'To label a page so it can be found by label.',
    not_for: 'Reading labels (wiki_get_labels).',
    examples: [
      {
        query: 'label confluence page 10000003 as runbook',
        tool: 'add_labels',
        params: { page_id: '10000003', labels: ['runbook'] },
      },
    ],
  },
  verify: (result) => {
    const missing = result.added.filter((name) => !result.labels.some((l) => l.name === name));
    return missing.length ? `labels missing: ${missing.join(', ')}` : undefined;
  },
  async run({ client, args }) {
    const api = client('confluence');
    const names = args.labels.map((l) => l.toLowerCase());
    // v2 has no label writes: v1 POST /content/{id}/label.
    await forPage(
      args.page_id,
      api.call((sdk) =>
        sdk.contentLabels.addLabelsToContent({
          id: args.page_id,
          body: names.map((name) => ({ prefix: 'global', name })),
        }),
      ),
    );
    return { page_id: args.page_id, labels: await labelsOf(api, args.page_id), added: names };
  },
});
