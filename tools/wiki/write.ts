import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { forPage } from '../../src/integrations/atlassian/confluence-errors.js';
import { fullPage, PageId } from './pages.js';
import { BodyInput, PageSchema, Version } from './schemas.js';
import type { V2Page } from './shapes.js';
import { storageOf } from './shapes.js';
import { SpaceKey, spaceByKey } from './spaces.js';

export const createPage = defineTool({
  system: 'wiki',
  name: 'create_page',
  title: 'Create a Confluence page',
  description:
    'Create a page in a space (under parent_id, or under the space’s home page) from Markdown, or from {representation: "storage", value}. Returns the page at version 1.',
  capability: { type: 'action', name: 'wiki.pages.create', idempotent: false },
  input: z.object({
    space_key: SpaceKey,
    title: z.string().min(1).max(255).describe('Page title, unique within the space'),
    body: BodyInput,
    parent_id: PageId.optional().describe('Parent page id; the space home page when omitted'),
  }),
  output: PageSchema,
  hints: {
    aliases: ['new confluence page', 'new wiki page', 'create doc in confluence'],
    when_to_use: 'To write a new Confluence page (a runbook, notes, a decision record).',
    not_for: 'Changing an existing page (wiki_update_page); commenting (wiki_add_comment).',
    examples: [
      {
        query: 'create a confluence page "On-call guide" in ENG',
        tool: 'create_page',
        params: { space_key: 'ENG', title: 'On-call guide', body: '# On-call\n\n- Page the lead' },
      },
    ],
  },
  verify: (result) => (result.version.number === 1 ? undefined : `the new page is at version ${result.version.number}`),
  async run({ client, clock, args }) {
    const api = client('confluence');
    const space = await spaceByKey(api, args.space_key);
    const page = await api.v2<V2Page>('POST', '/pages', {
      params: { 'body-format': 'storage' },
      data: {
        spaceId: space.id,
        status: 'current',
        title: args.title,
        parentId: args.parent_id,
        body: { representation: 'storage', value: storageOf(args.body) },
      },
    });
    return fullPage(api, clock, page);
  },
});

export const updatePage = defineTool({
  system: 'wiki',
  name: 'update_page',
  title: 'Update or archive a Confluence page',
  description:
    'Replace a page’s title and body (Markdown, or {representation: "storage", value}) given the version you read: it writes version + 1, and a stale version is refused (409) naming the current one, so no edit is silently overwritten. status "archived" archives the page, "current" restores it.',
  capability: { type: 'action', name: 'wiki.pages.update', idempotent: false },
  input: z.object({
    page_id: PageId,
    title: z.string().min(1).max(255).describe('The title (repeat it to keep it)'),
    body: BodyInput,
    version: z.number().int().min(1).describe('The page’s current version number, as wiki_get_page returned it'),
    status: z
      .enum(['current', 'archived'])
      .optional()
      .describe('archived archives the page; current restores an archived one'),
  }),
  output: z.object({ id: z.string(), title: z.string(), status: z.string(), version: Version }),
  hints: {
    aliases: ['edit confluence page', 'update wiki page', 'archive confluence page', 'archive a page', 'restore page'],
    when_to_use:
      'To change a page’s text or title, or archive or restore it; read it first with wiki_get_page for its version.',
    not_for: 'Comments (wiki_add_comment); labels (wiki_add_labels).',
    examples: [
      {
        query: 'update confluence page 10000003 to add a rollback step',
        tool: 'update_page',
        params: {
          page_id: '10000003',
          title: 'Deployment runbook',
          body: '# Deployment runbook\n\n1. Roll back with `deploy --undo`',
          version: 3,
        },
      },
    ],
  },
  verify: (result, args) => {
    if (result.version.number !== args.version + 1)
      return `version is ${result.version.number}, expected ${args.version + 1}`;
    return args.status && result.status !== args.status
      ? `status is ${result.status}, expected ${args.status}`
      : undefined;
  },
  async run({ client, args }) {
    const api = client('confluence');
    const current = await forPage(args.page_id, api.v2<V2Page>('GET', `/pages/${args.page_id}`));
    if (current.version.number !== args.version) {
      throw new AppError(
        'CONFLICT',
        `Page ${args.page_id} is at version ${current.version.number}, not ${args.version}: read it again (wiki_get_page) and merge your change`,
        {
          details: { current_version: current.version.number },
        },
      );
    }
    // v2 PUT takes current or draft; an archived page is restored by writing it as current.
    const updated = await api.v2<V2Page>('PUT', `/pages/${args.page_id}`, {
      data: {
        id: args.page_id,
        status: 'current',
        title: args.title,
        body: { representation: 'storage', value: storageOf(args.body) },
        version: { number: args.version + 1 },
      },
    });
    let status = updated.status;
    if (args.status === 'archived') {
      // Archiving has no v2 endpoint: v1 POST /content/archive (a long task on Cloud).
      await api.call((sdk) =>
        sdk.sendRequest(
          { url: '/api/content/archive', method: 'POST', data: { pages: [{ id: Number(args.page_id) }] } },
          undefined as never,
        ),
      );
      status = (await api.v2<V2Page>('GET', `/pages/${args.page_id}`)).status;
    }
    return {
      id: String(updated.id),
      title: updated.title,
      status,
      version: { number: updated.version.number, when: updated.version.createdAt },
    };
  },
});

export const deletePage = defineTool({
  system: 'wiki',
  name: 'delete_page',
  title: 'Delete a Confluence page',
  description:
    'Move a Confluence page to the space’s trash (v2 DELETE /pages/{id}); it can be restored from the trash in Confluence.',
  capability: { type: 'action', name: 'wiki.pages.delete', idempotent: true, destructive: true },
  input: z.object({ page_id: PageId }),
  output: z.object({ deleted: z.literal(true), page_id: z.string() }),
  hints: {
    aliases: ['remove confluence page', 'trash wiki page'],
    when_to_use: 'To delete a page that should no longer exist.',
    not_for: 'Keeping it readable but out of the way (wiki_update_page with status archived).',
    examples: [{ query: 'delete confluence page 10000009', tool: 'delete_page', params: { page_id: '10000009' } }],
  },
  verify: (result) => (result.deleted ? undefined : 'the page was not deleted'),
  async run({ client, args }) {
    await forPage(args.page_id, client('confluence').v2('DELETE', `/pages/${args.page_id}`));
    return { deleted: true as const, page_id: args.page_id };
  },
});
