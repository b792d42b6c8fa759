import type { ToolRunContext } from '../../../src/toolkit/define-tool.js';
import type { CommitActivity, IssueActivity, PullActivity, RunActivity } from './metrics/activity.js';
import { inWindow, type TimeWindow } from '../../../src/analytics/stats.js';
import { splitRepoId } from '../fields.js';
import { collectUntil, mapBounded, ms, allItems } from '../github.js';
import type { RepoTarget } from './common.js';

const isoDate = (t: number) => new Date(t).toISOString();
const isBot = (user: { login: string; type?: string } | null | undefined) =>
  user?.type === 'Bot' || Boolean(user?.login.endsWith('[bot]'));

/**
 * Pull requests updated within the window (which covers every one opened, merged, closed or reviewed
 * in it) with their reviews, and their size when `sizes` is set (one request each, merged ones only).
 */
export async function pullActivity<A>(
  ctx: ToolRunContext<A>,
  target: RepoTarget,
  window: TimeWindow,
  options: { sizes: boolean },
): Promise<PullActivity[]> {
  const octokit = ctx.client('github');
  const repo = splitRepoId(target.repo);
  const pages = octokit.paginate.iterator(octokit.rest.pulls.list, {
    ...repo,
    state: 'all',
    sort: 'updated',
    direction: 'desc',
    per_page: 100,
  });
  const pulls = await collectUntil(pages, (pr) => (ms(pr.updated_at) ?? 0) < window.start);
  return mapBounded(ctx, pulls, async (pr) => {
    const mergedAt = ms(pr.merged_at);
    const [reviews, details] = await Promise.all([
      allItems(
        octokit.paginate.iterator(octokit.rest.pulls.listReviews, { ...repo, pull_number: pr.number, per_page: 100 }),
      ),
      options.sizes && inWindow(mergedAt, window)
        ? octokit.rest.pulls.get({ ...repo, pull_number: pr.number }).then((r) => r.data)
        : Promise.resolve(undefined),
    ]);
    return {
      repo: target.repo,
      number: pr.number,
      title: pr.title,
      author: pr.user?.login ?? null,
      bot: isBot(pr.user),
      createdAt: ms(pr.created_at) as number,
      mergedAt,
      closedAt: ms(pr.closed_at),
      draft: pr.draft ?? false,
      additions: details?.additions ?? null,
      deletions: details?.deletions ?? null,
      reviews: reviews
        .filter((r) => r.state !== 'PENDING')
        .map((r) => ({ user: r.user?.login ?? null, state: r.state, submittedAt: ms(r.submitted_at) })),
    };
  });
}

/** Issues (not pull requests) updated within the window. */
export async function issueActivity<A>(
  ctx: ToolRunContext<A>,
  target: RepoTarget,
  window: TimeWindow,
): Promise<IssueActivity[]> {
  const octokit = ctx.client('github');
  const pages = octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
    ...splitRepoId(target.repo),
    state: 'all',
    since: isoDate(window.start),
    per_page: 100,
  });
  const issues = await collectUntil(
    pages,
    () => false,
    (i) => !i.pull_request,
  );
  return issues.map((i) => ({
    repo: target.repo,
    number: i.number,
    author: i.user?.login ?? null,
    assignees: (i.assignees ?? []).map((a) => a.login),
    labels: i.labels.map((l) => (typeof l === 'string' ? l : (l.name ?? ''))),
    createdAt: ms(i.created_at) as number,
    closedAt: ms(i.closed_at),
  }));
}

/** Commits on the default branch since the window start. */
export async function commitActivity<A>(
  ctx: ToolRunContext<A>,
  target: RepoTarget,
  window: TimeWindow,
): Promise<CommitActivity[]> {
  const octokit = ctx.client('github');
  const pages = octokit.paginate.iterator(octokit.rest.repos.listCommits, {
    ...splitRepoId(target.repo),
    sha: target.defaultBranch,
    since: isoDate(window.start),
    per_page: 100,
  });
  const commits = await collectUntil(pages, () => false);
  return commits.map((c) => ({
    repo: target.repo,
    sha: c.sha,
    author: c.author?.login ?? null,
    at: ms(c.commit.author?.date ?? c.commit.committer?.date) as number,
  }));
}

/** Workflow runs (every branch) created within the window, newest first. */
export async function runActivity<A>(
  ctx: ToolRunContext<A>,
  target: RepoTarget,
  window: TimeWindow,
  branch?: string,
): Promise<RunActivity[]> {
  const octokit = ctx.client('github');
  const pages = octokit.paginate.iterator(octokit.rest.actions.listWorkflowRunsForRepo, {
    ...splitRepoId(target.repo),
    branch,
    created: `>=${isoDate(window.start)}`,
    per_page: 100,
  });
  const runs = await collectUntil(pages, (r) => (ms(r.created_at) ?? 0) < window.start);
  return runs.map((r) => {
    const started = ms(r.run_started_at ?? r.created_at) as number;
    return {
      repo: target.repo,
      workflow: r.name ?? String(r.workflow_id),
      branch: r.head_branch ?? '',
      event: r.event,
      status: r.status ?? 'completed',
      conclusion: r.conclusion ?? null,
      createdAt: ms(r.created_at) as number,
      durationMs: r.status === 'completed' ? Math.max(0, (ms(r.updated_at) as number) - started) : null,
      htmlUrl: r.html_url,
    };
  });
}

/** Open pull requests (oldest update first), for backlog and staleness figures. */
export async function openPulls<A>(ctx: ToolRunContext<A>, target: RepoTarget) {
  const octokit = ctx.client('github');
  const pulls = await allItems(
    octokit.paginate.iterator(octokit.rest.pulls.list, { ...splitRepoId(target.repo), state: 'open', per_page: 100 }),
  );
  return pulls.map((pr) => ({
    repo: target.repo,
    number: pr.number,
    draft: pr.draft ?? false,
    updatedAt: ms(pr.updated_at) as number,
  }));
}
