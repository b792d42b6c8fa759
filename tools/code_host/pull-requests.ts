import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { byNewest, collect, forEachRepo, ms, readPage, allItems } from './github.js';
import { DaysThreshold, RepoId, splitRepoId } from './fields.js';
import {
  CoverageSchema,
  Int,
  PullRequestSchema,
  StalePullRequestSchema,
  type PullRequest,
  type StalePullRequest,
} from './schemas.js';
import { pullShape, userRef, type GithubPullLike, type PullShape } from './shapes.js';

const DAY = 86_400_000;

export const getPullRequests = defineTool({
  system: 'code_host',
  name: 'get_pull_requests',
  title: 'List pull requests',
  description:
    'List pull requests of one repository, or of every accessible repository when repo_id is omitted, newest update first. state merged means closed with a merge. Each returned pull request carries its size (additions, deletions, changed_files), mergeable and its reviews.',
  capability: { type: 'read', name: 'code_host.pull_requests.list' },
  input: z.object({
    repo_id: RepoId.optional(),
    state: z
      .enum(['open', 'closed', 'all', 'merged'])
      .default('open')
      .describe('open (default), closed (merged or not), merged (closed with a merge) or all'),
  }),
  extra: CoverageSchema,
  list: { key: 'pull_requests', defaultLimit: 20 },
  item: PullRequestSchema,
  hints: {
    aliases: ['list prs', 'pull requests', 'open prs', 'merged prs', 'code reviews'],
    when_to_use:
      'To see pull requests by state with their size and review status, e.g. what is open or what was merged recently.',
    not_for:
      'Only the PRs waiting too long (use code_host_get_stale_prs); merge time statistics (code_host_get_pr_merge_time_metrics); your own PRs and review requests (code_host_get_my_code_host_work).',
    examples: [
      {
        query: 'open pull requests in acme/web',
        tool: 'get_pull_requests',
        params: { repo_id: 'acme/web', state: 'open' },
      },
      { query: 'what got merged recently?', tool: 'get_pull_requests', params: { state: 'merged', limit: 10 } },
    ],
  },
  async run(ctx): Promise<ListPage<PullRequest>> {
    const { args, page } = ctx;
    const octokit = ctx.client('github');
    const merged = args.state === 'merged';
    const state = args.state === 'merged' ? 'closed' : args.state;
    const fan = await forEachRepo(ctx, args.repo_id, (repoId) =>
      readPage<GithubPullLike>(
        page,
        (per_page) =>
          octokit.paginate.iterator(octokit.rest.pulls.list, {
            ...splitRepoId(repoId),
            state,
            sort: 'updated',
            direction: 'desc',
            per_page,
          }),
        (pr) => !merged || Boolean(pr.merged_at),
      ),
    );
    const all = fan.perRepo.flatMap((r) => r.value.items).sort(byNewest((pr) => pr.updated_at));
    const complete = fan.perRepo.every((r) => r.value.exhausted);
    // The list endpoint lacks size, mergeability and reviews: fetch them for the returned page only.
    const shown = all.slice(page.offset, page.offset + page.limit);
    const details = await ctx.fanOut(
      shown,
      async (pr) => {
        const target = { ...splitRepoId(pr.base.repo?.full_name ?? (args.repo_id as string)), pull_number: pr.number };
        const [full, reviews] = await Promise.all([
          octokit.rest.pulls.get(target),
          allItems(octokit.paginate.iterator(octokit.rest.pulls.listReviews, { ...target, per_page: 100 })),
        ]);
        return pullShape(full.data, reviews);
      },
      { label: (pr) => `${pr.base.repo?.full_name ?? args.repo_id}#${pr.number}` },
    );
    const detailed = new Map(details.results.map(({ resource, value }) => [resource, value]));
    const items: PullShape[] = all
      .slice(page.offset, page.offset + page.limit + 1)
      .map((pr) => detailed.get(pr) ?? pullShape(pr));
    return {
      items,
      offsetApplied: true,
      total: complete ? all.length : undefined,
      // Pull requests whose details failed keep their list fields; the executor names them in failed_sources.
      extra: fan.coverage,
    };
  },
});

export const getStalePrs = defineTool({
  system: 'code_host',
  name: 'get_stale_prs',
  title: 'List stale pull requests',
  description:
    'List open pull requests with no activity (no update: commit, comment, review or label) for at least days_threshold days (default 7), in one repository or every accessible one, most stale first, with days_stale.',
  capability: { type: 'read', name: 'code_host.pull_requests.stale' },
  input: z.object({ repo_id: RepoId.optional(), days_threshold: DaysThreshold }),
  extra: CoverageSchema.extend({
    threshold_days: Int.describe('Days without activity that make a pull request stale'),
  }),
  list: { key: 'stale_prs' },
  item: StalePullRequestSchema,
  hints: {
    aliases: ['stale prs', 'stuck pull requests', 'forgotten prs', 'old open prs', 'review backlog'],
    when_to_use: 'To find pull requests that stalled, e.g. for a weekly review-backlog clean-up.',
    not_for:
      'All open pull requests (use code_host_get_pull_requests); how long merges take (code_host_get_pr_merge_time_metrics).',
    examples: [
      { query: 'which PRs have been stuck for two weeks?', tool: 'get_stale_prs', params: { days_threshold: 14 } },
      { query: 'stale PRs in acme/api', tool: 'get_stale_prs', params: { repo_id: 'acme/api' } },
    ],
  },
  async run(ctx): Promise<ListPage<StalePullRequest>> {
    const octokit = ctx.client('github');
    const now = ctx.clock.now();
    const cutoff = now - ctx.args.days_threshold * DAY;
    const fan = await forEachRepo(ctx, ctx.args.repo_id, async (repoId) => {
      // Least recently updated first: stop at the first one updated after the cutoff.
      const pages = octokit.paginate.iterator(octokit.rest.pulls.list, {
        ...splitRepoId(repoId),
        state: 'open',
        sort: 'updated',
        direction: 'asc',
        per_page: 100,
      });
      const { items } = await collect(
        pages as AsyncIterable<{ data: GithubPullLike[] }>,
        Number.POSITIVE_INFINITY,
        () => true,
        (pr) => (ms(pr.updated_at) ?? 0) > cutoff,
      );
      return items.map((pr): StalePullRequest => ({
        number: pr.number,
        title: pr.title,
        user: userRef(pr.user),
        draft: pr.draft ?? false,
        html_url: pr.html_url,
        created_at: pr.created_at,
        updated_at: pr.updated_at,
        days_stale: Math.floor((now - (ms(pr.updated_at) ?? now)) / DAY),
        repo: repoId,
      }));
    });
    const stale = fan.perRepo
      .flatMap((r) => r.value)
      .sort((a, b) => b.days_stale - a.days_stale || a.repo.localeCompare(b.repo) || a.number - b.number);
    return { items: stale, total: stale.length, extra: { threshold_days: ctx.args.days_threshold, ...fan.coverage } };
  },
});
