import type { Octokit } from '@octokit/rest';
import type { ToolRunContext } from '../../../src/toolkit/define-tool.js';
import type { DeploymentEvent, MergedChange, RepoDeliverySignals } from './metrics/delivery.js';
import { DAY_MS, type TimeWindow } from '../../../src/analytics/stats.js';
import { runOutcome } from './metrics/ci.js';
import { splitRepoId } from '../fields.js';
import { collectUntil, mapBounded, ms } from '../github.js';
import { runActivity } from './activity-signals.js';
import type { RepoTarget } from './common.js';

/** Deployments finished this long before the window still matter (an incident running into it). */
const LOOKBACK_MS = 7 * DAY_MS;
const isoDate = (t: number) => new Date(t).toISOString();

/** Production deployments since the lookback, with the outcome and time of their final status. */
async function productionDeployments<A>(ctx: ToolRunContext<A>, octokit: Octokit, repo: string, window: TimeWindow) {
  const since = window.start - LOOKBACK_MS;
  const pages = octokit.paginate.iterator(octokit.rest.repos.listDeployments, {
    ...splitRepoId(repo),
    environment: 'production',
    per_page: 100,
  });
  let any = false;
  const recent = await collectUntil(pages, (d) => {
    any = true;
    return (ms(d.created_at) ?? 0) < since;
  });
  const events = await mapBounded(ctx, recent, async (d): Promise<DeploymentEvent | null> => {
    const { data: statuses } = await octokit.rest.repos.listDeploymentStatuses({
      ...splitRepoId(repo),
      deployment_id: d.id,
      per_page: 100,
    });
    // Newest first. A success later marked inactive (superseded) still was a success.
    const good = statuses.find((s) => s.state === 'success');
    const final = good ?? statuses.find((s) => s.state === 'failure' || s.state === 'error');
    if (!final) return null;
    return {
      id: d.id,
      sha: d.sha,
      createdAt: ms(d.created_at) as number,
      finishedAt: ms(final.created_at) as number,
      outcome: good ? 'success' : 'failure',
    };
  });
  return { any, events: events.filter((e): e is DeploymentEvent => e !== null) };
}

/** Pull requests merged into the default branch within the window, with their first commit time. */
async function mergedChanges<A>(
  ctx: ToolRunContext<A>,
  octokit: Octokit,
  target: RepoTarget,
  window: TimeWindow,
): Promise<MergedChange[]> {
  const pages = octokit.paginate.iterator(octokit.rest.pulls.list, {
    ...splitRepoId(target.repo),
    state: 'closed',
    base: target.defaultBranch,
    sort: 'updated',
    direction: 'desc',
    per_page: 100,
  });
  const merged = await collectUntil(
    pages,
    (pr) => (ms(pr.updated_at) ?? 0) < window.start,
    (pr) => (ms(pr.merged_at) ?? 0) >= window.start && (ms(pr.merged_at) ?? Infinity) <= window.end,
  );
  return mapBounded(ctx, merged, async (pr) => {
    const { data: commits } = await octokit.rest.pulls.listCommits({
      ...splitRepoId(target.repo),
      pull_number: pr.number,
      per_page: 100,
    });
    const times = commits
      .map((c) => ms(c.commit.author?.date ?? c.commit.committer?.date))
      .filter((t): t is number => t !== null);
    return {
      number: pr.number,
      mergedAt: ms(pr.merged_at) as number,
      firstCommitAt: Math.min(ms(pr.created_at) as number, ...times),
      mergeSha: pr.merge_commit_sha ?? null,
    };
  });
}

/** Everything the DORA computation needs about one repository; sources are fetched in parallel. */
export async function deliverySignals<A>(
  ctx: ToolRunContext<A>,
  target: RepoTarget,
  window: TimeWindow,
): Promise<RepoDeliverySignals> {
  const octokit = ctx.client('github');
  const repo = splitRepoId(target.repo);
  const [deployments, merged, runs, incidents] = await Promise.all([
    productionDeployments(ctx, octokit, target.repo, window),
    mergedChanges(ctx, octokit, target, window),
    runActivity(ctx, target, window, target.defaultBranch),
    collectUntil(
      octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
        ...repo,
        labels: 'incident',
        state: 'all',
        since: isoDate(window.start),
        per_page: 100,
      }),
      () => false,
      (i) => !i.pull_request,
    ),
  ]);
  const [releases, mainCommits] = await Promise.all([
    deployments.any
      ? Promise.resolve({ any: false, published: [] as number[] })
      : publishedReleases(octokit, target.repo, window),
    deployments.any
      ? collectUntil(
          octokit.paginate.iterator(octokit.rest.repos.listCommits, {
            ...repo,
            sha: target.defaultBranch,
            since: isoDate(window.start - LOOKBACK_MS),
            per_page: 100,
          }),
          () => false,
        )
      : Promise.resolve([]),
  ]);
  return {
    repo: target.repo,
    hasDeployments: deployments.any,
    hasReleases: releases.any,
    deployments: deployments.events,
    releases: releases.published,
    merged,
    mainCommitTimes: Object.fromEntries(
      mainCommits.map((c) => [c.sha, ms(c.commit.committer?.date ?? c.commit.author?.date) as number]),
    ),
    runs: runs.flatMap((r) => {
      const outcome = runOutcome(r);
      return outcome ? [{ createdAt: r.createdAt, outcome }] : [];
    }),
    incidents: incidents.map((i) => ({
      number: i.number,
      createdAt: ms(i.created_at) as number,
      closedAt: ms(i.closed_at),
    })),
  };
}

/** Publication times of releases (no drafts, no pre-releases); `any` says whether the repository has one. */
async function publishedReleases(
  octokit: Octokit,
  repo: string,
  window: TimeWindow,
): Promise<{ any: boolean; published: number[] }> {
  const pages = octokit.paginate.iterator(octokit.rest.repos.listReleases, { ...splitRepoId(repo), per_page: 100 });
  let any = false;
  const releases = await collectUntil(
    pages,
    (r) => {
      if (!r.draft && !r.prerelease && r.published_at) any = true;
      return (ms(r.published_at ?? r.created_at) ?? 0) < window.start - LOOKBACK_MS;
    },
    (r) => !r.draft && !r.prerelease && r.published_at !== null,
  );
  return { any, published: releases.map((r) => ms(r.published_at) as number) };
}
