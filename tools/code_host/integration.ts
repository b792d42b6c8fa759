import { Octokit } from '@octokit/rest';
import { z } from 'zod';
import { defineIntegration } from '../../src/integrations/integration.js';
import { headerOf, upstreamError, type HeaderSource } from '../../src/integrations/http-status.js';
import { AppError, toAppError } from '../../src/toolkit/errors.js';

declare module '../../src/toolkit/context.js' {
  interface ClientMap {
    github: Octokit;
  }
}

const DEFAULT_GITHUB_API = 'https://api.github.com';

/** Credentials of GitHub: under `code_host` in a JWT's connections, or GITHUB_TOKEN for a local user. */
const GithubCredentials = z.object({
  token: z.string().min(1),
  /** API root; GitHub Enterprise and the sandbox set it. */
  baseUrl: z.url().optional(),
});
type GithubCredentials = z.infer<typeof GithubCredentials>;

/**
 * GitHub answers an exhausted quota with 403 (primary: `x-ratelimit-remaining: 0`; secondary: with
 * `Retry-After`) as well as 429; the reset header gives the wait when Retry-After is absent.
 */
function githubFailure(
  status: number,
  headers: HeaderSource,
  message: string | undefined,
  details: unknown,
  cause: unknown,
): AppError {
  const remaining = headerOf(headers, 'x-ratelimit-remaining');
  const rateLimited = status === 403 && (remaining === '0' || headerOf(headers, 'retry-after') !== undefined);
  const reset = Number(headerOf(headers, 'x-ratelimit-reset'));
  const retryAfter =
    headerOf(headers, 'retry-after') === undefined && Number.isFinite(reset) && reset > 0
      ? Math.max(0, reset - Math.floor(Date.now() / 1000))
      : undefined;
  return upstreamError({ status, headers, message, details, rateLimited, retryAfter, cause }, 'GitHub');
}

interface OctokitErrorShape {
  name?: unknown;
  status?: unknown;
  response?: { headers?: Record<string, unknown>; data?: unknown };
}

/** Octokit's RequestError: `{name: 'HttpError', status, response: {headers, data: {message, errors}}}`. */
function mapOctokitError(error: unknown): AppError | undefined {
  const e = error as OctokitErrorShape | null;
  if (!e || typeof e !== 'object' || e.name !== 'HttpError' || typeof e.status !== 'number' || e.status < 400)
    return undefined;
  const data = (e.response?.data ?? {}) as { message?: unknown; errors?: unknown };
  const message = typeof data.message === 'string' ? data.message : error instanceof Error ? error.message : undefined;
  return githubFailure(e.status, e.response?.headers, message, data.errors, error);
}

/** Anything a GitHub call threw, as an AppError (for handlers that branch on the outcome, e.g. a 404). */
export const githubError = (error: unknown): AppError => toAppError(error, mapOctokitError);

/**
 * Runs a GitHub call for one resource; its 404 says which resource was missing ("Issue acme/api#999
 * not found") instead of GitHub's bare "Not Found". Other failures pass unchanged.
 */
export async function naming<T>(resource: string, request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    const mapped = githubError(error);
    if (mapped.code !== 'NOT_FOUND') throw error;
    throw new AppError('NOT_FOUND', `${resource} not found`, { upstreamStatus: mapped.upstreamStatus, cause: error });
  }
}

export const githubIntegration = defineIntegration({
  id: 'github',
  title: 'GitHub',
  connectionKeys: ['code_host'],
  credentials: GithubCredentials,
  sources: ['jwt', 'env'],
  env: { token: 'GITHUB_TOKEN', baseUrl: 'GITHUB_API_URL' },
  createClient: (credentials: GithubCredentials, { fetch }) =>
    new Octokit({
      auth: credentials.token,
      baseUrl: (credentials.baseUrl ?? DEFAULT_GITHUB_API).replace(/\/$/, ''),
      userAgent: 'constellation-mcp',
      request: { fetch },
      // Octokit logs warnings (deprecations) to console: keep stdout clean for stdio MCP.
      log: { debug() {}, info() {}, warn() {}, error() {} },
    }),
  classifyResponse: (response) =>
    response.status >= 400
      ? githubFailure(response.status, response.headers, undefined, undefined, undefined)
      : undefined,
  mapError: mapOctokitError,
  demo: () => import('./demo.js').then((m) => m.githubDemo),
});
