import type { Octokit } from '@octokit/rest';
import type { ToolRunContext } from '../../src/toolkit/define-tool.js';
import type { FanOutFailure } from '../../src/toolkit/fan-out.js';
import type { GithubRepoLike } from './shapes.js';

/** Most repositories a fan-out covers; beyond it the result says the coverage was capped. */
export const FAN_OUT_REPO_CAP = 300;

/** Every repository the credential can access (owned, collaborator, organisation member). */
export async function accessibleRepos(octokit: Octokit, max = FAN_OUT_REPO_CAP): Promise<GithubRepoLike[]> {
  const repos: GithubRepoLike[] = [];
  for await (const page of octokit.paginate.iterator(octokit.rest.repos.listForAuthenticatedUser, { per_page: 100, sort: 'full_name' })) {
    repos.push(...(page.data as GithubRepoLike[]));
    if (repos.length >= max) break;
  }
  return repos.slice(0, max);
}

/**
 * Reads pages of a GitHub list until `want` items passed `keep` (or the list ends). Returns the kept
 * items and whether the upstream had more.
 */
export async function collect<T>(
  pages: AsyncIterable<{ data: T[] }>,
  want: number,
  keep: (item: T) => boolean = () => true,
): Promise<{ items: T[]; exhausted: boolean }> {
  const items: T[] = [];
  for await (const page of pages) {
    for (const item of page.data) if (keep(item)) items.push(item);
    if (items.length >= want) return { items: items.slice(0, want), exhausted: false };
  }
  return { items, exhausted: true };
}

export interface RepoFanOut<T> {
  /** Results per repository, in repository order. */
  perRepo: Array<{ repo: string; value: T }>;
  /** Extra result fields saying what the fan-out covered. */
  coverage: { repositories_covered: number; failed_repositories?: FanOutFailure[] };
}

/**
 * Runs `fn` for one repository, or for every accessible repository (bounded concurrency) when
 * `repoId` is omitted. Failures of single repositories are reported, not thrown, in fan-out mode.
 */
export async function forEachRepo<A, T>(
  ctx: ToolRunContext<A>,
  repoId: string | undefined,
  fn: (repo: string) => Promise<T>,
): Promise<RepoFanOut<T>> {
  if (repoId) return { perRepo: [{ repo: repoId, value: await fn(repoId) }], coverage: { repositories_covered: 1 } };
  const repos = (await accessibleRepos(ctx.client('code_host'))).filter((r) => !r.archived).map((r) => r.full_name);
  const outcome = await ctx.fanOut(repos, fn);
  return {
    perRepo: outcome.results.map(({ resource, value }) => ({ repo: resource, value })),
    coverage: {
      repositories_covered: outcome.covered - outcome.failed.length,
      ...(outcome.failed.length ? { failed_repositories: outcome.failed } : {}),
    },
  };
}

/** Newest first by an ISO timestamp field. */
export const byNewest = <T>(field: (item: T) => string | null | undefined) => (a: T, b: T) =>
  (field(b) ?? '').localeCompare(field(a) ?? '');
