import type { Octokit } from '@octokit/rest';
import type { ToolRunContext } from '../../src/toolkit/define-tool.js';
import type { PageRequest } from '../../src/toolkit/pagination.js';
import { AppError, type ErrorCode } from '../../src/toolkit/errors.js';
import type { GithubRepoLike } from './shapes.js';

/** Most repositories a fan-out covers; beyond it the result says the coverage was capped. */
const FAN_OUT_REPO_CAP = 300;

/** Every repository the credential can access (owned, collaborator, organisation member). */
export async function accessibleRepos(octokit: Octokit, max = FAN_OUT_REPO_CAP): Promise<GithubRepoLike[]> {
  const pages = octokit.paginate.iterator(octokit.rest.repos.listForAuthenticatedUser, {
    per_page: 100,
    sort: 'full_name',
  });
  return (await collect(pages as AsyncIterable<ListPage<GithubRepoLike>>, max)).items;
}

/** One page of a GitHub list as Octokit's paginator yields it. */
type ListPage<T> = { data: T[]; url?: string };

/**
 * The items of one page, refusing an answer that is not a list: an upstream (or a proxy in front of
 * it) that answers an object for a list endpoint is a 502 naming the request, never a crash.
 */
function itemsOf<T>(page: ListPage<T>): T[] {
  if (Array.isArray(page.data)) return page.data;
  const shown = page.data === null ? 'null' : typeof page.data;
  throw new AppError(
    'UPSTREAM_ERROR',
    `GitHub answered ${shown === 'object' ? 'an object' : shown} where a list was expected${page.url ? ` for GET ${new URL(page.url).pathname}` : ''}`,
  );
}

/**
 * Reads pages of a GitHub list until `want` items passed `keep`, or an item meets `stop` (lists
 * sorted by time stop at the first item older than the window), or the list ends. Returns the kept
 * items and whether nothing more was left to read.
 */
export async function collect<T>(
  pages: AsyncIterable<ListPage<T>>,
  want: number,
  keep: (item: T) => boolean = () => true,
  stop: (item: T) => boolean = () => false,
): Promise<{ items: T[]; exhausted: boolean }> {
  const items: T[] = [];
  for await (const page of pages) {
    for (const item of itemsOf(page)) {
      if (stop(item)) return { items, exhausted: true };
      if (keep(item)) items.push(item);
      if (items.length >= want) return { items: items.slice(0, want), exhausted: false };
    }
  }
  return { items, exhausted: true };
}

/**
 * Reads what one page of a list tool needs from a GitHub list: items from the start up to the page's
 * end plus one (which tells whether more exist), asking for pages no larger than that.
 */
export function readPage<T>(
  page: PageRequest,
  open: (perPage: number) => AsyncIterable<{ data: unknown }>,
  keep?: (item: T) => boolean,
): Promise<{ items: T[]; exhausted: boolean }> {
  const want = page.offset + page.limit + 1;
  return collect(open(Math.min(100, want)) as AsyncIterable<{ data: T[] }>, want, keep);
}

/** Every item of a list up to the first one that meets `stop`. */
export async function collectUntil<T>(
  pages: AsyncIterable<ListPage<T>>,
  stop: (item: T) => boolean,
  keep?: (item: T) => boolean,
): Promise<T[]> {
  return (await collect(pages, Number.POSITIVE_INFINITY, keep, stop)).items;
}

/** Every item of a GitHub list (all pages), each page checked to be a list. */
export async function allItems<T>(pages: AsyncIterable<{ data: T[] }>): Promise<T[]> {
  return (await collect(pages, Number.POSITIVE_INFINITY)).items;
}

export interface RepoFanOut<T> {
  /** Results per repository, in repository order. */
  perRepo: Array<{ repo: string; value: T }>;
  /** Extra result fields saying what the fan-out covered (failures reach `failed_sources` through the executor). */
  coverage: { repositories_covered: number };
}

/**
 * Runs `fn` for one repository (errors propagate), for a list of repositories, or for every accessible
 * repository when `repos` is omitted (bounded concurrency; in fan-out mode the listing's repository
 * object is passed along). Failures of single repositories are reported, not thrown, unless every
 * repository failed.
 */
export async function forEachRepo<A, T>(
  ctx: ToolRunContext<A>,
  repos: string | readonly string[] | undefined,
  fn: (repo: string, info?: GithubRepoLike) => Promise<T>,
): Promise<RepoFanOut<T>> {
  if (typeof repos === 'string')
    return { perRepo: [{ repo: repos, value: await fn(repos) }], coverage: { repositories_covered: 1 } };
  const targets: Array<{ name: string; info?: GithubRepoLike }> = repos?.length
    ? repos.map((name) => ({ name }))
    : (await accessibleRepos(ctx.client('github')))
        .filter((r) => !r.archived)
        .map((r) => ({ name: r.full_name, info: r }));
  const outcome = await ctx.fanOut(targets, (t) => fn(t.name, t.info), { label: (t) => t.name });
  if (outcome.results.length === 0 && outcome.failed.length > 0) {
    const first = outcome.failed[0];
    throw new AppError(first.error.code as ErrorCode, `${first.resource}: ${first.error.message}`, {
      details: outcome.failed,
    });
  }
  return {
    perRepo: outcome.results.map(({ resource, value }) => ({ repo: resource.name, value })),
    coverage: { repositories_covered: outcome.covered - outcome.failed.length },
  };
}

/** Maps items with bounded concurrency; unlike a fan-out, the first failure fails the whole call. */
export async function mapBounded<A, R, T>(
  ctx: ToolRunContext<A>,
  items: readonly R[],
  fn: (item: R) => Promise<T>,
  concurrency = 4,
): Promise<T[]> {
  const outcome = await ctx.fanOut(items, fn, { concurrency });
  if (outcome.failed.length > 0) {
    const first = outcome.failed[0];
    throw new AppError(first.error.code as ErrorCode, first.error.message);
  }
  return outcome.results.map((r) => r.value);
}

/** The default branch of a repository: from the listing when known, else from the repository itself. */
export async function defaultBranchOf(octokit: Octokit, repo: string, info?: GithubRepoLike): Promise<string> {
  if (info?.default_branch) return info.default_branch;
  const [owner, name] = repo.split('/');
  const { data } = await octokit.rest.repos.get({ owner, repo: name });
  return data.default_branch;
}

/** The login whose (public) email is `email`, via user search; undefined when none matches. */
export async function loginByEmail(octokit: Octokit, email: string): Promise<string | undefined> {
  const { data } = await octokit.rest.search.users({ q: `${email} in:email`, per_page: 5 });
  return data.items[0]?.login;
}

/** Newest first by an ISO timestamp field. */
export const byNewest =
  <T>(field: (item: T) => string | null | undefined) =>
  (a: T, b: T) =>
    (field(b) ?? '').localeCompare(field(a) ?? '');

/** Epoch ms of an ISO timestamp, or null. */
export const ms = (iso: string | null | undefined): number | null => (iso ? Date.parse(iso) : null);
