import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { Assignees, IssueLabels, IssueNumber, RepoId, splitRepoId } from './fields.js';
import { IssueSchema, type Issue } from './schemas.js';
import { issueShape, type IssueShape } from './shapes.js';

const Title = z.string().trim().min(1).max(256).describe('Issue title');
const Body = z.string().max(65_536).describe('Issue body, in Markdown');

/** Problems between what an issue write asked for and what the upstream stored. */
function mismatch(
  issue: IssueShape,
  wanted: { title?: string; state?: string; labels?: string[]; assignees?: string[] },
): string | undefined {
  if (wanted.title !== undefined && issue.title !== wanted.title) return `title is "${issue.title}"`;
  if (wanted.state !== undefined && issue.state !== wanted.state) return `state is ${issue.state}, not ${wanted.state}`;
  const same = (a: string[], b: string[]) =>
    a.length === b.length && a.every((x) => b.some((y) => y.toLowerCase() === x.toLowerCase()));
  if (
    wanted.labels &&
    !same(
      wanted.labels,
      issue.labels.map((l) => l.name),
    )
  )
    return `labels are [${issue.labels.map((l) => l.name).join(', ')}]`;
  if (
    wanted.assignees &&
    !same(
      wanted.assignees,
      issue.assignees.map((a) => a.login),
    )
  )
    return `assignees are [${issue.assignees.map((a) => a.login).join(', ')}]`;
  return undefined;
}

export const createIssue = defineTool({
  system: 'code_host',
  name: 'create_issue',
  title: 'Create an issue',
  description:
    'Open a new issue in a repository, optionally with labels and assignees; returns the created issue with its number and html_url. Not idempotent: a failed call is never resent automatically.',
  capability: { type: 'action', name: 'code_host.issues.create', idempotent: false },
  input: z.object({
    repo_id: RepoId,
    title: Title,
    body: Body.optional(),
    labels: IssueLabels.optional().describe('Labels to put on the new issue'),
    assignees: Assignees.optional().describe('Logins to assign the new issue to'),
  }),
  output: IssueSchema,
  hints: {
    aliases: ['open issue', 'file a bug', 'new github issue', 'report bug on github'],
    when_to_use: 'When the user asks to open, file or report an issue in a code_host repository.',
    not_for:
      'Jira tickets (ticketing tools); changing an existing issue (code_host_update_issue); pull requests (code_host_create_pull_request).',
    examples: [
      {
        query: 'file a bug in acme/web: checkout button does nothing',
        tool: 'create_issue',
        params: { repo_id: 'acme/web', title: 'Checkout button does nothing', labels: ['bug'] },
      },
    ],
  },
  verify: (result, args) => mismatch(result, { title: args.title, labels: args.labels, assignees: args.assignees }),
  async run({ client, args }): Promise<Issue> {
    const { data } = await client('github').rest.issues.create({
      ...splitRepoId(args.repo_id),
      title: args.title,
      body: args.body,
      labels: args.labels,
      assignees: args.assignees,
    });
    return issueShape(data, args.repo_id);
  },
});

export const updateIssue = defineTool({
  system: 'code_host',
  name: 'update_issue',
  title: 'Update an issue',
  description:
    'Change an issue: close it (state closed, with state_reason completed or not_planned) or reopen it (state open), or replace its title, body, labels or assignees. Fields left out stay as they are; labels and assignees given replace the whole set.',
  capability: { type: 'action', name: 'code_host.issues.update', idempotent: true, destructive: true },
  input: z.object({
    repo_id: RepoId,
    issue_number: IssueNumber,
    title: Title.optional(),
    body: Body.optional(),
    state: z.enum(['open', 'closed']).optional().describe('open reopens a closed issue; closed closes an open one'),
    state_reason: z
      .enum(['completed', 'not_planned', 'reopened'])
      .optional()
      .describe('Why the state changes (with state)'),
    labels: IssueLabels.optional().describe('The complete new set of labels'),
    assignees: Assignees.optional().describe('The complete new set of assignees'),
  }),
  output: IssueSchema,
  hints: {
    aliases: ['close issue', 'reopen issue', 'edit issue', 'assign issue', 'rename issue'],
    when_to_use: 'To close, reopen, retitle, re-describe or reassign an existing code_host issue.',
    not_for:
      'Adding or removing some labels while keeping the others (use code_host_add_issue_labels / code_host_remove_issue_labels); commenting (code_host_add_issue_comment); Jira transitions (ticketing tools).',
    examples: [
      {
        query: 'close acme/api#12 as done',
        tool: 'update_issue',
        params: { repo_id: 'acme/api', issue_number: 12, state: 'closed', state_reason: 'completed' },
      },
      {
        query: 'reopen acme/web#7',
        tool: 'update_issue',
        params: { repo_id: 'acme/web', issue_number: 7, state: 'open' },
      },
    ],
  },
  verify: (result, args) =>
    mismatch(result, { title: args.title, state: args.state, labels: args.labels, assignees: args.assignees }),
  async run({ client, args }): Promise<Issue> {
    const { repo_id, issue_number, ...changes } = args;
    if (Object.values(changes).every((v) => v === undefined)) {
      throw new AppError(
        'VALIDATION_ERROR',
        'Nothing to change: give at least one of title, body, state, labels or assignees',
      );
    }
    if (changes.state_reason && !changes.state) throw new AppError('VALIDATION_ERROR', 'state_reason needs state');
    const { data } = await client('github').rest.issues.update({ ...splitRepoId(repo_id), issue_number, ...changes });
    return issueShape(data, repo_id);
  },
});
