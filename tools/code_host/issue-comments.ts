import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { readPage } from './github.js';
import { IssueNumber, RepoId, splitRepoId } from './fields.js';
import { CommentSchema, type IssueComment } from './schemas.js';
import { commentShape, type GithubCommentLike } from './shapes.js';

export const getIssueComments = defineTool({
  system: 'code_host',
  name: 'get_issue_comments',
  title: 'List issue comments',
  description:
    'List the conversation comments of one issue or pull request, oldest first (review comments on code lines are not included).',
  capability: { type: 'read', name: 'code_host.issues.comments' },
  input: z.object({ repo_id: RepoId, issue_number: IssueNumber }),
  list: { key: 'comments' },
  item: CommentSchema,
  hints: {
    aliases: ['issue discussion', 'comments on issue', 'conversation', 'pr comments'],
    when_to_use: 'To read what people said on an issue or pull request, e.g. to summarise a discussion.',
    not_for:
      'The issue itself (use code_host_get_issue); code review verdicts (code_host_get_pull_requests lists reviews).',
    examples: [
      {
        query: 'what did people say on acme/api#3?',
        tool: 'get_issue_comments',
        params: { repo_id: 'acme/api', issue_number: 3 },
      },
    ],
  },
  async run({ client, args, page }): Promise<ListPage<IssueComment>> {
    const octokit = client('github');
    const { items, exhausted } = await readPage<GithubCommentLike>(page, (per_page) =>
      octokit.paginate.iterator(octokit.rest.issues.listComments, {
        ...splitRepoId(args.repo_id),
        issue_number: args.issue_number,
        per_page,
      }),
    );
    return { items: items.map(commentShape), total: exhausted ? items.length : undefined };
  },
});

export const addIssueComment = defineTool({
  system: 'code_host',
  name: 'add_issue_comment',
  title: 'Comment on an issue',
  description:
    'Add a comment (Markdown) to an issue or pull request conversation. Not idempotent: each call adds a new comment, and a failed call is never resent.',
  capability: { type: 'action', name: 'code_host.issues.comment', idempotent: false },
  input: z.object({
    repo_id: RepoId,
    issue_number: IssueNumber,
    body: z.string().min(1).max(65_536).describe('Comment text (Markdown)'),
  }),
  output: CommentSchema,
  hints: {
    aliases: ['comment on issue', 'reply to issue', 'post comment', 'comment on pr'],
    when_to_use: 'When the user asks to write a reply or note on a code_host issue or pull request.',
    not_for:
      'Changing title, state or assignees (use code_host_update_issue); labels (code_host_add_issue_labels); Jira comments (ticketing).',
    examples: [
      {
        query: 'tell them on acme/api#12 that the fix is deployed',
        tool: 'add_issue_comment',
        params: { repo_id: 'acme/api', issue_number: 12, body: 'The fix is deployed.' },
      },
    ],
  },
  verify: (result, args) => (result.body === args.body ? undefined : 'the stored comment differs from the text sent'),
  async run({ client, args }): Promise<IssueComment> {
    const { data } = await client('github').rest.issues.createComment({
      ...splitRepoId(args.repo_id),
      issue_number: args.issue_number,
      body: args.body,
    });
    return commentShape(data);
  },
});
