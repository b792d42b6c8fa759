import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { pageIdOf } from '../notes/notion.js';
import { DatabaseIdArg, NOT_NOTION_SYSTEM, NotionText, notionId, PageIdArg } from './args.js';
import { windowListPage } from '../shared/cursor-window.js';
import { CommentSchema, type NotesComment } from './records.js';
import { NotesWorkspace } from './workspace.js';

const EXAMPLE = {
  database_id: '55e37e2f-eb29-48d3-a446-a791ee6533ca',
  page_id: 'd14e53da-d7e9-4418-adc1-c828aaba3894',
};

export const listComments = defineTool({
  system: 'unified_notes',
  name: 'list_comments',
  title: 'List the comments on a notes page',
  description:
    'Open comments on a page of a database of the tenant’s connected notes workspace (unified notes), oldest first, each with its discussion (thread) id and author.',
  capability: { type: 'read', name: 'unified_notes.comments.list' },
  input: z.object({ database_id: DatabaseIdArg, page_id: PageIdArg }),
  list: { key: 'comments', defaultLimit: 50 },
  item: CommentSchema,
  hints: {
    aliases: [
      'discussion on the connected notes page',
      'who commented on the team notes page',
      'unified notes comments',
    ],
    when_to_use: 'To read the discussion on a page of the connected notes workspace.',
    not_for: NOT_NOTION_SYSTEM,
    examples: [
      { query: 'comments on notes page d14e53da-d7e9-4418-adc1-c828aaba3894', tool: 'list_comments', params: EXAMPLE },
    ],
  },
  target: (args) => ({ type: 'notes_page', id: args.page_id }),
  async run({ client, args, page }): Promise<ListPage<NotesComment>> {
    return windowListPage(
      await new NotesWorkspace(client('unify')).comments(pageIdOf(args.database_id), pageIdOf(args.page_id), page),
      page,
    );
  },
});

export const addComment = defineTool({
  system: 'unified_notes',
  name: 'add_comment',
  title: 'Comment on a notes page',
  description:
    'Add a comment to a page of a database of the tenant’s connected notes workspace (unified notes), as the workspace’s connection: a new discussion, or a reply in the discussion_id given. Not idempotent: a failed call is never resent automatically.',
  capability: { type: 'action', name: 'unified_notes.comments.create', idempotent: false },
  input: z.object({
    database_id: DatabaseIdArg,
    page_id: PageIdArg,
    content: NotionText('The comment’s text'),
    discussion_id: notionId(
      'Reply in this discussion (a discussion_id from unified_notes_list_comments) instead of starting one',
    ).optional(),
  }),
  output: CommentSchema,
  hints: {
    aliases: ['reply on the connected notes page', 'leave a note on the team notes page', 'unified notes add comment'],
    when_to_use: 'To comment on, or reply in a discussion on, a page of the connected notes workspace.',
    not_for: NOT_NOTION_SYSTEM,
    examples: [
      {
        query: 'comment "Looks good" on notes page d14e53da-d7e9-4418-adc1-c828aaba3894',
        tool: 'add_comment',
        params: { ...EXAMPLE, content: 'Looks good' },
      },
    ],
  },
  target: (args) => ({ type: 'notes_page', id: args.page_id }),
  verify: (result, args) =>
    result.content === args.content
      ? undefined
      : `content is ${JSON.stringify(result.content)}, not ${JSON.stringify(args.content)}`,
  run: ({ client, args }) =>
    new NotesWorkspace(client('unify')).addComment(
      pageIdOf(args.database_id),
      pageIdOf(args.page_id),
      args.content,
      args.discussion_id === undefined ? undefined : pageIdOf(args.discussion_id),
    ),
});
