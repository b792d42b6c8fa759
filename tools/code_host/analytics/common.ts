import type { ToolRunContext } from '../../../src/toolkit/define-tool.js';
import { isoSeconds, windowOf, type TimeWindow } from '../../../src/analytics/stats.js';
import { TimePeriodDays } from '../../shared/fields.js';
import { parseRepoIds, Refresh, RepoIds } from '../fields.js';
import { defaultBranchOf, forEachRepo, type RepoFanOut } from '../github.js';
import type { MetricsMetadata } from './schemas.js';

/** The arguments every multi-repository metrics tool takes. */
export const metricsInput = { repo_ids: RepoIds.optional(), time_period_days: TimePeriodDays, refresh: Refresh };

export interface MetricsArgs {
  repo_ids?: string;
  time_period_days: number;
  refresh: boolean;
}

/** One repository a metrics computation covers. */
export interface RepoTarget {
  repo: string;
  defaultBranch: string;
}

/** The window ending now (app clock) and the metadata block every metrics result carries. */
export function metricsWindow<A>(
  ctx: ToolRunContext<A>,
  days: number,
): { window: TimeWindow; metadata: (repos: string[]) => MetricsMetadata } {
  const window = windowOf(ctx.clock.now(), days);
  return {
    window,
    metadata: (repos) => ({
      time_period_days: days,
      repositories_analyzed: repos.length,
      repositories: repos,
      start_date: isoSeconds(window.start),
      end_date: isoSeconds(window.end),
    }),
  };
}

/**
 * Runs `fn` over the repositories of `repo_ids` (every accessible one when omitted), with their
 * default branch. A repository that fails is left out and named by the executor in `failed_sources`
 * (the result is marked partial); when all fail the call fails.
 */
export async function overRepos<A, T>(
  ctx: ToolRunContext<A>,
  repoIds: string | undefined,
  fn: (target: RepoTarget) => Promise<T>,
): Promise<RepoFanOut<T>> {
  const octokit = ctx.client('github');
  return forEachRepo(ctx, parseRepoIds(repoIds) ?? undefined, async (repo, info) =>
    fn({ repo, defaultBranch: await defaultBranchOf(octokit, repo, info) }),
  );
}
