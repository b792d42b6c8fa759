import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { GithubLogin } from './fields.js';
import type { Octokit } from '@octokit/rest';
import { loginByEmail } from './github.js';
import { MyWorkSchema, type MyWork, type WorkItem } from './schemas.js';
import { labelShape, repoOfIssue, userRef, type GithubIssueLike } from './shapes.js';

const DAY = 86_400_000;

/** A pull request or issue as the search API returns it, compacted for a work list. */
function workItem(item: GithubIssueLike & { draft?: boolean }): WorkItem {
  return {
    repo: repoOfIssue(item) ?? null,
    number: item.number,
    title: item.title,
    state: item.state,
    draft: item.draft ?? false,
    user: userRef(item.user),
    labels: item.labels.map(labelShape).map((l) => l.name),
    html_url: item.html_url,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** One search of pull requests or issues as a work list: the first `limit` items, latest update first, and the total. */
export async function searchWork(
  octokit: Octokit,
  q: string,
  limit: number,
): Promise<{ items: WorkItem[]; total: number }> {
  const { data } = await octokit.rest.search.issuesAndPullRequests({
    q,
    sort: 'updated',
    order: 'desc',
    per_page: limit,
  });
  return { items: (data.items as Array<GithubIssueLike & { draft?: boolean }>).map(workItem), total: data.total_count };
}

/** The search queries of a login's open work, shared with the cross-system work list. */
export const openWorkQueries = (login: string) => ({
  open_pull_requests: `is:pr is:open archived:false author:${login}`,
  review_requests: `is:pr is:open archived:false review-requested:${login}`,
  assigned_issues: `is:issue is:open archived:false assignee:${login}`,
});

export const getMyCodeHostWork = defineTool({
  system: 'code_host',
  name: 'get_my_code_host_work',
  title: 'My code_host work',
  description:
    "A person's code_host to-do list: their open pull requests, pull requests waiting for their review, pull requests they reviewed in the last `days` days, and open issues assigned to them. The caller is found by the email of their token unless username is given.",
  capability: { type: 'read', name: 'code_host.work.mine' },
  input: z.object({
    username: GithubLogin.optional().describe('code_host login; the caller (by the email in the token) when omitted'),
    days: z.number().int().min(1).max(90).default(14).describe('Window for reviews already given (default 14 days)'),
    limit: z.number().int().min(1).max(100).default(30).describe('Most items per list'),
  }),
  output: MyWorkSchema,
  hints: {
    aliases: ['my prs', 'my reviews', 'what should i review', 'my github work', 'assigned to me'],
    when_to_use:
      'When someone asks what is on their plate on the code_host: their PRs, review requests, recent reviews and assigned issues (or those of a named colleague).',
    not_for:
      'Team-wide statistics (use code_host_get_developer_metrics or code_host_get_pr_developer_metrics); Jira work (ticketing tools).',
    examples: [
      { query: 'what do I need to review?', tool: 'get_my_code_host_work', params: {} },
      { query: 'what is linus working on on github?', tool: 'get_my_code_host_work', params: { username: 'linus' } },
    ],
  },
  target: (args) => (args.username ? { type: 'user', id: args.username } : undefined),
  async run({ client, args, caller, clock, gather }): Promise<MyWork> {
    const octokit = client('github');
    let login = args.username;
    if (!login && caller.userEmail) login = await loginByEmail(octokit, caller.userEmail);
    if (!login) {
      throw new AppError(
        'NOT_FOUND',
        `No code_host account has the public email ${caller.userEmail ?? '(none in the token)'}; pass username`,
      );
    }
    const since = new Date(clock.now() - args.days * DAY).toISOString().slice(0, 10);
    const search = (q: string) => () => searchWork(octokit, q, args.limit);
    const queries = openWorkQueries(login);
    const found = await gather({
      open_pull_requests: search(queries.open_pull_requests),
      review_requests: search(queries.review_requests),
      reviews_done: search(`is:pr reviewed-by:${login} -author:${login} updated:>=${since}`),
      assigned_issues: search(queries.assigned_issues),
    });
    // A failed search leaves its list and count null; the executor adds partial and failed_sources.
    return {
      user: { login, resolved_from: args.username ? ('username' as const) : ('email' as const) },
      open_pull_requests: found.open_pull_requests?.items ?? null,
      review_requests: found.review_requests?.items ?? null,
      reviews_done: found.reviews_done?.items ?? null,
      assigned_issues: found.assigned_issues?.items ?? null,
      counts: {
        open_pull_requests: found.open_pull_requests?.total ?? null,
        review_requests: found.review_requests?.total ?? null,
        reviews_done: found.reviews_done?.total ?? null,
        assigned_issues: found.assigned_issues?.total ?? null,
      },
      reviews_since: since,
    };
  },
});
