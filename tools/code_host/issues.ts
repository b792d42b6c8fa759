import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { byNewest, forEachRepo, readPage } from './github.js';
import { naming } from '../../src/integrations/github/errors.js';
import { IssueNumber, RepoId, splitRepoId } from './fields.js';
import { CoverageSchema, IssueSchema, type Issue } from './schemas.js';
import { issueShape, type GithubIssueLike, type IssueShape } from './shapes.js';

const notPullRequest = (issue: GithubIssueLike) => !issue.pull_request;

export const getIssues = defineTool({
  system: 'code_host',
  name: 'get_issues',
  title: 'List issues',
  description:
    'List issues (not pull requests) of one repository, or of every accessible repository when repo_id is omitted, newest update first. The fan-out says how many repositories it covered.',
  capability: { type: 'read', name: 'code_host.issues.list' },
  input: z.object({
    repo_id: RepoId.optional(),
    state: z.enum(['open', 'closed', 'all']).default('open').describe('Which issues: open (default), closed or all'),
    labels: z.array(z.string().min(1).max(100)).max(20).optional().describe('Only issues carrying all these labels'),
  }),
  extra: CoverageSchema,
  list: { key: 'issues' },
  item: IssueSchema,
  hints: {
    aliases: ['list issues', 'bugs', 'github issues', 'open issues', 'issue tracker on github'],
    when_to_use: 'To find code_host issues by repository, state or label, e.g. open bugs across every repository.',
    not_for:
      'Jira tickets (ticketing tools); pull requests (use code_host_get_pull_requests); one issue by number (code_host_get_issue).',
    examples: [
      { query: 'open bugs in acme/api', tool: 'get_issues', params: { repo_id: 'acme/api', labels: ['bug'] } },
      { query: 'all open issues across our repos', tool: 'get_issues', params: { state: 'open' } },
    ],
  },
  async run(ctx): Promise<ListPage<Issue>> {
    const { client, args, page } = ctx;
    const octokit = client('github');
    const fan = await forEachRepo(ctx, args.repo_id, async (repoId) => {
      const { items, exhausted } = await readPage<GithubIssueLike>(
        page,
        (per_page) =>
          octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
            ...splitRepoId(repoId),
            state: args.state,
            labels: args.labels?.join(','),
            sort: 'updated',
            direction: 'desc',
            per_page,
          }),
        notPullRequest,
      );
      return { issues: items.map((issue) => issueShape(issue, repoId)), exhausted };
    });
    const issues: IssueShape[] = fan.perRepo.flatMap((r) => r.value.issues).sort(byNewest((i) => i.updated_at));
    const complete = fan.perRepo.every((r) => r.value.exhausted);
    return { items: issues, total: complete ? issues.length : undefined, extra: fan.coverage };
  },
});

export const getIssue = defineTool({
  system: 'code_host',
  name: 'get_issue',
  title: 'Get an issue',
  description:
    'Get one issue by repository and number, with its body, labels, assignees, state and comment count. Pull requests share the numbering: a pull request number returns its issue half.',
  capability: { type: 'read', name: 'code_host.issues.get' },
  input: z.object({ repo_id: RepoId, issue_number: IssueNumber }),
  output: IssueSchema,
  hints: {
    aliases: ['issue details', 'show issue', 'read issue', 'issue by number'],
    when_to_use:
      'When you know the repository and the issue number (e.g. "acme/api#42") and need its content or state.',
    not_for:
      'Searching or listing issues (use code_host_get_issues); its discussion (code_host_get_issue_comments); Jira tickets (ticketing tools).',
    examples: [{ query: 'show me acme/api#12', tool: 'get_issue', params: { repo_id: 'acme/api', issue_number: 12 } }],
  },
  async run({ client, args }): Promise<Issue> {
    const { data } = await naming(
      `Issue ${args.repo_id}#${args.issue_number}`,
      client('github').rest.issues.get({ ...splitRepoId(args.repo_id), issue_number: args.issue_number }),
    );
    return issueShape(data, args.repo_id);
  },
});
