import { headerOf, upstreamError, type HeaderSource } from '../http-status.js';
import { AppError, toAppError } from '../../toolkit/errors.js';

/**
 * GitHub answers an exhausted quota with 403 (primary: `x-ratelimit-remaining: 0`; secondary: with
 * `Retry-After`) as well as 429; the reset header gives the wait when Retry-After is absent.
 */
export function githubFailure(
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
export function mapOctokitError(error: unknown): AppError | undefined {
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
