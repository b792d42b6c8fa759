import type { NextFunction, Request, Response } from 'express';
import type { WorkspaceId } from '../../credentials.js';
import type { FakeContext } from '../../fake-upstream.js';
import {
  documentAt,
  FakeError,
  invalid,
  kindOfStatus,
  linkPage,
  notFound,
  pathParam,
  queryParam,
  readLinkPage,
  workspaceOf,
  type ParamSource,
} from '../../kit/index.js';
import { viewOf, type View } from '../serializers/common.js';
import { issueOf, repoOf, type GithubState, type IssueRecord, type RepoRecord } from '../state.js';

export { jsonBody as body, notFound, pathParam as param, queryParam as query, sortBy } from '../../kit/index.js';

/** What each GitHub handler gets: the caller's workspace state and the URL view. */
export interface GithubRequest {
  workspace: WorkspaceId;
  state: GithubState;
  view: View;
  /** Absolute origin of the sandbox, for `Link` headers. */
  origin: string;
  now(): number;
}

const GITHUB = 'sandboxGithub';

/** Builds the handler context once the workspace is known; mount after `workspaceAuth`. */
export function githubContext(states: Record<WorkspaceId, GithubState>, ctx: FakeContext) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const workspace = workspaceOf(res);
    const state = states[workspace];
    const github: GithubRequest = {
      workspace,
      state,
      view: viewOf(state, ctx.origin()),
      origin: ctx.origin(),
      now: () => Math.floor(ctx.clock.now() / 1000) * 1000,
    };
    res.locals[GITHUB] = github;
    next();
  };
}

type Handler = (req: Request, res: Response, gh: GithubRequest) => void;

/** Wraps a handler: sets the endpoint's documentation URL for its errors and passes the request context. */
export function handle(docs: string, handler: Handler) {
  return (req: Request, res: Response): void => {
    documentAt(res, docs);
    handler(req, res, res.locals[GITHUB] as GithubRequest);
  };
}

/** An error answered with a status of GitHub's choosing (403 locked, 405 not mergeable, 409 stale SHA...). */
export function githubError(status: number, message: string): FakeError {
  return new FakeError(kindOfStatus(status), message, { status });
}

interface FieldError {
  resource: string;
  code: string;
  field?: string;
  message?: string;
  value?: string | number | string[] | null;
}

/** GitHub's 422 `Validation Failed` with its `errors` list. */
export function validationFailed(...errors: FieldError[]): FakeError {
  return invalid('Validation Failed', { details: errors });
}

/** Parses an ISO date parameter; 422 when malformed, as GitHub answers. */
export function dateQuery(req: Request, name: string): number | undefined {
  const raw = queryParam(req, name);
  if (raw === undefined || raw === '') return undefined;
  const value = Date.parse(raw);
  if (Number.isNaN(value)) throw validationFailed({ resource: 'Search', field: name, code: 'invalid', value: raw });
  return value;
}

export function direction(req: Request, fallback: 'asc' | 'desc'): 'asc' | 'desc' {
  const value = queryParam(req, 'direction');
  return value === 'asc' || value === 'desc' ? value : fallback;
}

export function requireRepo(req: Request, gh: GithubRequest): RepoRecord {
  const repo = repoOf(gh.state, `${pathParam(req, 'owner')}/${pathParam(req, 'repo')}`);
  if (!repo) throw notFound();
  return repo;
}

export function requireIssue(req: Request, repo: RepoRecord, name = 'issue_number'): IssueRecord {
  const raw = pathParam(req, name);
  const issue = /^\d+$/.test(raw) ? issueOf(repo, Number(raw)) : undefined;
  if (!issue) throw notFound();
  return issue;
}

/** One page by `page`/`per_page` (30 by default, at most 100), with GitHub's `Link` header of absolute URLs. */
export function paginate<T>(req: Request, res: Response, items: readonly T[], gh: GithubRequest): T[] {
  const page = linkPage(items, readLinkPage(req.query as ParamSource), new URL(req.originalUrl, gh.origin));
  if (page.link) res.setHeader('Link', page.link);
  return page.items;
}
