import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { markdownToAdf } from './adf/index.js';
import { IssueKey } from './fields.js';
import { naming } from './jira.js';
import { CommentSchema, type Comment } from './schemas.js';
import { commentShape, type JiraCommentLike } from './shapes.js';
import { mentionTargets } from './ticket-actions.js';

export const getTicketComments = defineTool({
  system: 'ticketing',
  name: 'get_ticket_comments',
  title: 'List comments of a Jira ticket',
  description: 'The comments of one Jira ticket, oldest first, each as Markdown with its author and times.',
  capability: { type: 'read', name: 'ticketing.tickets.comments' },
  input: z.object({ issue_key: IssueKey }),
  list: { key: 'comments', defaultLimit: 50 },
  item: CommentSchema,
  hints: {
    aliases: ['ticket discussion', 'jira comments', 'what was said on ticket'],
    when_to_use: 'To read the discussion on a Jira ticket, e.g. to summarise it or find a decision.',
    not_for: 'The ticket itself (ticketing_get_ticket); code_host issue comments (code_host_get_issue_comments).',
    examples: [{ query: 'comments on WEB-12', tool: 'get_ticket_comments', params: { issue_key: 'WEB-12' } }],
  },
  async run({ client, args, page }): Promise<ListPage<Comment>> {
    const result = await naming(
      `Ticket ${args.issue_key}`,
      client('jira').v3.issueComments.getComments<{ comments?: JiraCommentLike[]; total?: number }>({
        issueIdOrKey: args.issue_key,
        startAt: page.offset,
        maxResults: Math.min(100, page.limit + 1),
        orderBy: 'created',
      }),
    );
    const comments = Array.isArray(result.comments) ? result.comments : [];
    return { items: comments.map(commentShape), total: result.total, offsetApplied: true };
  },
});

export const addTicketComment = defineTool({
  system: 'ticketing',
  name: 'add_ticket_comment',
  title: 'Comment on a Jira ticket',
  description:
    'Add a comment to a Jira ticket, written in Markdown or plain text (stored as Atlassian Document Format; "@Display Name" of someone assignable becomes a mention). Not idempotent: each call adds a comment.',
  capability: { type: 'action', name: 'ticketing.tickets.comment', idempotent: false },
  input: z.object({
    issue_key: IssueKey,
    comment: z.string().trim().min(1).max(32_000).describe('Comment text (Markdown)'),
  }),
  output: CommentSchema,
  hints: {
    aliases: ['comment on ticket', 'reply on jira', 'note on ticket', 'post jira comment'],
    when_to_use: 'When the user asks to write a note, update or question on a Jira ticket.',
    not_for:
      'code_host issues (code_host_add_issue_comment); changing the ticket (ticketing_update_ticket); a comment that goes with a status change (ticketing_transition_issue accepts one).',
    examples: [
      {
        query: 'tell them on WEB-12 that the fix is deployed',
        tool: 'add_ticket_comment',
        params: { issue_key: 'WEB-12', comment: 'The fix is deployed.' },
      },
    ],
  },
  verify: (result) => (result.body.trim() ? undefined : 'the stored comment is empty'),
  async run({ client, args }): Promise<Comment> {
    const clients = client('jira');
    const people = await mentionTargets(clients, args.comment, { issueKey: args.issue_key });
    const created = await naming(
      `Ticket ${args.issue_key}`,
      clients.v3.issueComments.addComment<JiraCommentLike>({
        issueIdOrKey: args.issue_key,
        comment: markdownToAdf(args.comment, { people }),
      }),
    );
    return commentShape(created);
  },
});
