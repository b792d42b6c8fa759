import { upstreamError, type HeaderSource } from '../http-status.js';
import { parseJsonOrUndefined } from '../json-text.js';
import type { AppError } from '../../toolkit/errors.js';

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; errors?: Array<{ reason?: string }> };
}

/** gaxios marks its errors with this symbol (its `instanceof` works across copies of the package through it). */
const GAXIOS_ERROR = Symbol.for('gaxios-gaxios-error');

/** A gaxios failure: the response it carries (status, headers, Google's `{error}` body). */
function responseOf(error: unknown): { status: number; headers: HeaderSource; data: unknown } | undefined {
  if (!(error instanceof Error) || !(GAXIOS_ERROR in error) || !('response' in error)) return undefined;
  const response = (error as { response?: { status?: unknown; headers?: unknown; data?: unknown } }).response;
  if (!response || typeof response.status !== 'number') return undefined;
  return { status: response.status, headers: response.headers as HeaderSource, data: response.data };
}

const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

/** Google's error, with its own message; a 403 whose reason is a quota is a rate limit. */
function googleFailure(status: number, headers: HeaderSource, data: unknown, cause: unknown): AppError {
  const body = (typeof data === 'string' ? parseJsonOrUndefined(data) : data) as GoogleErrorBody | undefined;
  const reasons = body?.error?.errors?.map((e) => e.reason).filter((r): r is string => !!r) ?? [];
  return upstreamError(
    {
      status,
      headers,
      message: body?.error?.message,
      rateLimited: status === 403 && reasons.some((r) => RATE_REASONS.has(r)),
      details: reasons.length ? { reasons } : undefined,
      cause,
    },
    'Google',
  );
}

/** A gaxios error (what every googleapis client throws) as the platform's error. */
export function mapGoogleError(error: unknown): AppError | undefined {
  const response = responseOf(error);
  return response ? googleFailure(response.status, response.headers, response.data, error) : undefined;
}
