import type { NextFunction, Request, Response } from 'express';
import { workspaceOfToken, type WorkspaceId } from '../credentials.js';
import type { FakeContext } from '../fake-upstream.js';
import { viewOf, type View } from './serializers/common.js';
import { issueOf, repoOf, type GithubState, type IssueRecord, type RateWindow, type RepoRecord } from './state.js';

export const DOCS = 'https://docs.github.com/rest';

/** An error answered with GitHub's status and body. */
export class GithubError extends Error {
  constructor(readonly status: number, readonly body: Record<string, unknown>) {
    super(String(body.message));
  }
}

export function githubError(status: number, message: string, docs?: string): GithubError {
  return new GithubError(status, { message, ...(docs ? { documentation_url: docs } : {}), status: String(status) });
}

export function notFound(message = 'Not Found'): GithubError {
  return githubError(404, message);
}

export interface FieldError {
  resource: string;
  code: string;
  field?: string;
  message?: string;
  value?: string | number | string[] | null;
}

export function validationFailed(...errors: FieldError[]): GithubError {
  return new GithubError(422, { message: 'Validation Failed', errors, status: '422' });
}

/** What each handler gets: the caller's workspace state and the URL view. */
export interface GithubRequest {
  workspace: WorkspaceId;
  state: GithubState;
  view: View;
  /** Absolute origin of the sandbox, for `Link` headers. */
  origin: string;
  now(): number;
}

type Handler = (req: Request, res: Response, gh: GithubRequest) => void;

/** Wraps a handler: sets the endpoint's documentation URL for its errors and passes the request context. */
export function handle(docs: string, handler: Handler) {
  return (req: Request, res: Response): void => {
    res.locals.docs = docs;
    handler(req, res, res.locals.github as GithubRequest);
  };
}

function tokenOf(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header?.match(/^(?:token|bearer)\s+(\S+)$/i);
  return match?.[1];
}

function window(ctx: FakeContext, limit: RateWindow): RateWindow {
  const nowSec = Math.floor(ctx.clock.now() / 1000);
  if (limit.reset <= nowSec) {
    limit.reset = nowSec + 3600;
    limit.used = 0;
  }
  return limit;
}

function rateHeaders(res: Response, limit: RateWindow, resource: string): void {
  res.setHeader('x-ratelimit-limit', String(limit.limit));
  res.setHeader('x-ratelimit-remaining', String(Math.max(0, limit.limit - limit.used)));
  res.setHeader('x-ratelimit-reset', String(limit.reset));
  res.setHeader('x-ratelimit-used', String(limit.used));
  res.setHeader('x-ratelimit-resource', resource);
}

let requestCounter = 0;

/** Resolves the workspace from the token (401 otherwise) and sets GitHub's rate-limit and media headers. */
export function authenticate(states: Record<WorkspaceId, GithubState>, ctx: FakeContext) {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('x-github-media-type', 'github.v3; format=json');
    res.setHeader('x-github-api-version-selected', '2022-11-28');
    res.setHeader('x-github-request-id', `SANDBOX:${(++requestCounter).toString(16).toUpperCase().padStart(8, '0')}`);
    const workspace = workspaceOfToken('github', tokenOf(req));
    if (!workspace) {
      const anonymous: RateWindow = { limit: 60, used: 1, reset: Math.floor(ctx.clock.now() / 1000) + 3600 };
      rateHeaders(res, anonymous, 'core');
      res.status(401).json({ message: 'Bad credentials', documentation_url: DOCS, status: '401' });
      return;
    }
    const state = states[workspace];
    const resource = req.path.startsWith('/search/') ? 'search' : 'core';
    const limit = window(ctx, resource === 'search' ? state.rateLimit.search : state.rateLimit.core);
    limit.used++;
    rateHeaders(res, limit, resource);
    const github: GithubRequest = { workspace, state, view: viewOf(state, ctx.origin()), origin: ctx.origin(), now: () => Math.floor(ctx.clock.now() / 1000) * 1000 };
    res.locals.github = github;
    next();
  };
}

/** Turns thrown errors into GitHub's error bodies. */
export function errorHandler() {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const docs = (res.locals.docs as string | undefined) ?? DOCS;
    if (err instanceof GithubError) {
      res.status(err.status).json({ ...err.body, documentation_url: err.body.documentation_url ?? docs });
      return;
    }
    if ((err as { type?: string }).type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Problems parsing JSON', documentation_url: docs, status: '400' });
      return;
    }
    res.status(500).json({ message: 'Server Error', status: '500' });
  };
}

// ---- query and body helpers ----

export function query(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (Array.isArray(value)) return value.length ? String(value[value.length - 1]) : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function param(req: Request, name: string): string {
  const value = (req.params as Record<string, string | string[]>)[name];
  return Array.isArray(value) ? value.join('/') : (value ?? '');
}

export function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Parses an ISO date parameter; 422 when malformed, as GitHub answers. */
export function dateQuery(req: Request, name: string): number | undefined {
  const raw = query(req, name);
  if (raw === undefined || raw === '') return undefined;
  const value = Date.parse(raw);
  if (Number.isNaN(value)) throw validationFailed({ resource: 'Search', field: name, code: 'invalid', value: raw });
  return value;
}

export function requireRepo(req: Request, gh: GithubRequest): RepoRecord {
  const repo = repoOf(gh.state, `${param(req, 'owner')}/${param(req, 'repo')}`);
  if (!repo) throw notFound();
  return repo;
}

export function requireIssue(req: Request, repo: RepoRecord, name = 'issue_number'): IssueRecord {
  const raw = param(req, name);
  const issue = /^\d+$/.test(raw) ? issueOf(repo, Number(raw)) : undefined;
  if (!issue) throw notFound();
  return issue;
}

// ---- pagination ----

export interface Page {
  perPage: number;
  page: number;
}

export function pageOf(req: Request, defaultPerPage = 30): Page {
  const perPage = Number.parseInt(query(req, 'per_page') ?? '', 10);
  const page = Number.parseInt(query(req, 'page') ?? '', 10);
  return {
    perPage: Number.isFinite(perPage) && perPage > 0 ? Math.min(perPage, 100) : defaultPerPage,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** Slices one page and sets GitHub's `Link` header (prev, next, last, first) with absolute URLs. */
export function paginate<T>(req: Request, res: Response, items: readonly T[], gh: GithubRequest): T[] {
  const { perPage, page } = pageOf(req);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const base = new URL(req.originalUrl, gh.origin);
  const link = (n: number, rel: string): string => {
    base.searchParams.set('page', String(n));
    return `<${base.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'));
  if (links.length) res.setHeader('Link', links.join(', '));
  return items.slice((page - 1) * perPage, page * perPage);
}

/** Sorts a copy by a numeric or string key. */
export function sortBy<T>(items: readonly T[], key: (item: T) => number | string, direction: 'asc' | 'desc'): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -sign : x > y ? sign : 0;
  });
}

export function direction(req: Request, fallback: 'asc' | 'desc'): 'asc' | 'desc' {
  const value = query(req, 'direction');
  return value === 'asc' || value === 'desc' ? value : fallback;
}
