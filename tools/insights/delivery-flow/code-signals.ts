import type { ToolRunContext } from '../../../src/toolkit/define-tool.js';
import { splitRepoId } from '../../code_host/fields.js';
import { allItems, collectUntil, mapBounded, ms } from '../../code_host/github.js';

/** A pull request that names one of the tickets followed, as the flow needs it. */
export interface NamingPull {
  repo: string;
  number: number;
  title: string;
  url: string;
  /** Branch name, title and body: where a ticket key is looked for. */
  text: string;
  author: string | null;
  createdAt: number;
  mergedAt: number | null;
  reviews: Array<{ user: string | null; state: string; submittedAt: number | null }>;
}

/** What one repository tells about the delivery of the tickets followed. */
export interface RepoDeliveryRecord {
  repo: string;
  pulls: NamingPull[];
  /** Merge time of every merge commit seen, by SHA: a deployment of a later merge contains the earlier ones. */
  mergeTimeOfSha: Record<string, number>;
  /** Successful deployments: environment, the SHA deployed and when it first succeeded. */
  deployments: Array<{ environment: string; sha: string; succeededAt: number }>;
  /** Publication times of releases (no drafts, no pre-releases). */
  releases: number[];
}

/**
 * Reads one repository: pull requests updated since `since` (those naming a ticket get their reviews),
 * then, when any of them merged, the deployments created since the first such merge with their
 * statuses, or the releases when the repository has no deployment.
 */
export async function repoDelivery<A>(
  ctx: ToolRunContext<A>,
  repo: string,
  since: number,
  names: (text: string) => boolean,
): Promise<RepoDeliveryRecord> {
  const octokit = ctx.client('github');
  const ids = splitRepoId(repo);
  const listed = await collectUntil(
    octokit.paginate.iterator(octokit.rest.pulls.list, {
      ...ids,
      state: 'all',
      sort: 'updated',
      direction: 'desc',
      per_page: 100,
    }),
    (pr) => (ms(pr.updated_at) ?? 0) < since,
  );
  const mergeTimeOfSha: Record<string, number> = {};
  for (const pr of listed)
    if (pr.merge_commit_sha && pr.merged_at) mergeTimeOfSha[pr.merge_commit_sha] = ms(pr.merged_at)!;
  const naming = listed.filter((pr) => names(`${pr.head.ref}\n${pr.title}\n${pr.body ?? ''}`));
  const pulls = await mapBounded(ctx, naming, async (pr): Promise<NamingPull> => {
    const reviews = await allItems(
      octokit.paginate.iterator(octokit.rest.pulls.listReviews, { ...ids, pull_number: pr.number, per_page: 100 }),
    );
    return {
      repo,
      number: pr.number,
      title: pr.title,
      url: pr.html_url,
      text: `${pr.head.ref}\n${pr.title}\n${pr.body ?? ''}`,
      author: pr.user?.login ?? null,
      createdAt: ms(pr.created_at)!,
      mergedAt: ms(pr.merged_at),
      reviews: reviews
        .filter((r) => r.state !== 'PENDING')
        .map((r) => ({ user: r.user?.login ?? null, state: r.state, submittedAt: ms(r.submitted_at) })),
    };
  });
  const merges = pulls.flatMap((p) => (p.mergedAt === null ? [] : [p.mergedAt]));
  if (merges.length === 0) return { repo, pulls, mergeTimeOfSha, deployments: [], releases: [] };
  const firstMerge = Math.min(...merges);
  const deployments = await successfulDeployments(ctx, repo, firstMerge);
  const releases = deployments.any ? [] : await publishedReleases(ctx, repo, firstMerge);
  return { repo, pulls, mergeTimeOfSha, deployments: deployments.succeeded, releases };
}

async function successfulDeployments<A>(ctx: ToolRunContext<A>, repo: string, since: number) {
  const octokit = ctx.client('github');
  const ids = splitRepoId(repo);
  let any = false;
  const recent = await collectUntil(
    octokit.paginate.iterator(octokit.rest.repos.listDeployments, { ...ids, per_page: 100 }),
    (d) => {
      any = true;
      return (ms(d.created_at) ?? 0) < since;
    },
  );
  const succeeded = await mapBounded(ctx, recent, async (d) => {
    const { data: statuses } = await octokit.rest.repos.listDeploymentStatuses({
      ...ids,
      deployment_id: d.id,
      per_page: 100,
    });
    const times = statuses.filter((s) => s.state === 'success').map((s) => ms(s.created_at)!);
    return times.length ? [{ environment: d.environment, sha: d.sha, succeededAt: Math.min(...times) }] : [];
  });
  return { any, succeeded: succeeded.flat() };
}

async function publishedReleases<A>(ctx: ToolRunContext<A>, repo: string, since: number): Promise<number[]> {
  const octokit = ctx.client('github');
  const releases = await collectUntil(
    octokit.paginate.iterator(octokit.rest.repos.listReleases, { ...splitRepoId(repo), per_page: 100 }),
    (r) => (ms(r.published_at ?? r.created_at) ?? 0) < since,
    (r) => !r.draft && !r.prerelease && r.published_at !== null,
  );
  return releases.map((r) => ms(r.published_at)!);
}
