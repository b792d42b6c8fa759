import type { ToolRunContext } from '../../../src/toolkit/define-tool.js';
import { createHash } from 'node:crypto';
import type { CacheStatus } from '../../../src/analytics/cache.js';
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

/**
 * Runs an analytical computation through the analytics cache (per tenant, keyed by the tool and its
 * normalised arguments). The result carries `cache: {status, computed_at}`; partial results (some
 * repositories failed) are returned but never stored.
 */
export async function cachedMetrics<A extends { refresh?: boolean }, T extends Record<string, unknown>>(
  ctx: ToolRunContext<A>,
  tool: string,
  compute: () => Promise<T>,
): Promise<T & { cache: CacheField }> {
  const { refresh, fields: _fields, ...rest } = ctx.args as Record<string, unknown>;
  // Users of one tenant may hold tokens that see different repositories: the token's digest is part
  // of the key, so a result is only served to callers with the same access.
  const token = String(ctx.caller.connections.code_host?.token ?? '');
  const access = createHash('sha256').update(token).digest('base64url').slice(0, 22);
  const args = { ...rest, ...(typeof rest.repo_ids === 'string' ? { repo_ids: parseRepoIds(rest.repo_ids) } : {}), _access: access };
  const cache = ctx.services.analytics;
  if (!cache) return { ...(await compute()), cache: { status: 'miss', computed_at: new Date(ctx.clock.now()).toISOString() } };
  const { value, cache: info } = await cache.getOrCompute(ctx.caller.tenantId, { tool: `code_host.${tool}`, args }, compute, {
    refresh: refresh === true,
    shouldStore: (result) => !result.partial,
  });
  return { ...value, cache: info };
}

/** The window ending now (app clock) and the metadata block every metrics result carries. */
export function metricsWindow<A>(ctx: ToolRunContext<A>, days: number): { window: TimeWindow; metadata: (repos: string[]) => MetricsMetadata } {
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
 * What a metrics result adds when some repositories failed: nothing when all were read. (Type aliases,
 * not interfaces: the output schemas' loose objects need types with implicit index signatures.)
 */
export type PartialFields = { partial?: true; failed_repositories?: Array<{ resource: string; error: { code: string; message: string } }> };
export type CacheField = { status: CacheStatus; computed_at: string };

/**
 * Runs `fn` over the repositories of `repo_ids` (every accessible one when omitted), with their
 * default branch. A repository that fails is named in `failed_repositories` and the result is marked
 * partial; when all fail the call fails.
 */
export async function overRepos<A, T>(ctx: ToolRunContext<A>, repoIds: string | undefined, fn: (target: RepoTarget) => Promise<T>): Promise<RepoFanOut<T> & { partial: PartialFields }> {
  const octokit = ctx.client('code_host');
  const fan = await forEachRepo(ctx, parseRepoIds(repoIds) ?? undefined, async (repo, info) => fn({ repo, defaultBranch: await defaultBranchOf(octokit, repo, info) }));
  return { ...fan, partial: fan.coverage.failed_repositories ? { partial: true as const, failed_repositories: fan.coverage.failed_repositories } : {} };
}

export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
