import { AppError } from '../toolkit/errors.js';

/** Headers as the SDKs expose them: a fetch `Headers` or a plain record. */
export type HeaderSource = Headers | Record<string, unknown> | undefined;

export function headerOf(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return value == null ? undefined : String(value);
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date); undefined when absent or unreadable. */
function retryAfterSeconds(headers: HeaderSource, now = Date.now()): number | undefined {
  const raw = headerOf(headers, 'retry-after');
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

interface UpstreamFailure {
  status: number;
  headers?: HeaderSource;
  /** The upstream's own message, as its mapper read it from the body. */
  message?: string;
  details?: unknown;
  /** The integration says this answer is a rate limit whatever its status (GitHub's 403). */
  rateLimited?: boolean;
  /** Seconds to wait when the integration knows better than `Retry-After` (a reset timestamp). */
  retryAfter?: number;
  cause?: unknown;
}

/**
 * The HTTP status table every integration shares: 404 stays 404, 400/422 become VALIDATION_ERROR,
 * 401 and 403 become FORBIDDEN towards our caller (the integration's credential was refused, not the
 * caller's JWT), 429 keeps its Retry-After, 408/504 become UPSTREAM_TIMEOUT, 501 (the upstream, or the
 * connector behind a unified API, does not implement the operation) UPSTREAM_REJECTED, other 5xx UPSTREAM_ERROR.
 */
export function upstreamError(failure: UpstreamFailure, upstream: string): AppError {
  const { status } = failure;
  const message = failure.message ?? `${upstream} answered ${status}`;
  const options = { upstreamStatus: status, cause: failure.cause };
  if (status === 429 || failure.rateLimited) {
    const retryAfter = failure.retryAfter ?? retryAfterSeconds(failure.headers);
    return new AppError('RATE_LIMITED', `${upstream} rate limit exceeded: ${message}`, { ...options, retryAfter });
  }
  if (status === 404) return new AppError('NOT_FOUND', message, options);
  if (status === 400 || status === 422)
    return new AppError('VALIDATION_ERROR', message, { ...options, details: failure.details });
  if (status === 401 || status === 403)
    return new AppError('FORBIDDEN', `${upstream} refused the credentials: ${message}`, options);
  if (status === 409) return new AppError('CONFLICT', message, options);
  if (status === 504 || status === 408)
    return new AppError('UPSTREAM_TIMEOUT', `${upstream} timed out (${status}): ${message}`, options);
  // Not implemented is an answer, not an outage: asking again cannot change it, so it is not retried.
  if (status === 501)
    return new AppError('UPSTREAM_REJECTED', `${upstream} does not implement this operation: ${message}`, options);
  if (status >= 500) return new AppError('UPSTREAM_ERROR', `${upstream} error ${status}: ${message}`, options);
  // Any other 4xx (405 not mergeable, 410 gone, 412...): the upstream refused this request; sending it
  // again would not help, so it is not retryable.
  return new AppError('UPSTREAM_REJECTED', `${upstream} refused the request (${status}): ${message}`, options);
}

/** Classifies a response by status and headers alone (the default for integrations without quirks). */
export function classifyByStatus(upstream: string) {
  return (response: Response): AppError | undefined =>
    response.status >= 400
      ? upstreamError({ status: response.status, headers: response.headers }, upstream)
      : undefined;
}
