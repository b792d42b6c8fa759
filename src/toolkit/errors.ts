/**
 * The one error type of the project. Every layer throws `AppError`; each surface (REST, MCP, CLI)
 * maps it to its own status code and body in one place (`src/http/errors.ts`, `src/mcp/results.ts`).
 */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'TOOL_NOT_FOUND'
  | 'TENANT_NOT_FOUND'
  | 'TENANT_EXISTS'
  | 'INVALID_INTEGRATION'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'NOT_CONFIGURED'
  | 'UPSTREAM_ERROR'
  | 'UPSTREAM_REJECTED'
  | 'UPSTREAM_TIMEOUT'
  | 'VERIFICATION_FAILED'
  | 'INTERNAL_ERROR';

/** HTTP status of each code: the single table every surface reads. */
export const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_INTEGRATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOOL_NOT_FOUND: 404,
  TENANT_NOT_FOUND: 404,
  TENANT_EXISTS: 409,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  NOT_CONFIGURED: 403,
  UPSTREAM_ERROR: 502,
  UPSTREAM_REJECTED: 422,
  UPSTREAM_TIMEOUT: 504,
  VERIFICATION_FAILED: 502,
  INTERNAL_ERROR: 500,
};

export interface AppErrorOptions {
  details?: unknown;
  /** Seconds the caller should wait before trying again (429 and some 503). */
  retryAfter?: number;
  /** Status the upstream answered with, when the error came from one. */
  upstreamStatus?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  readonly retryAfter?: number;
  readonly upstreamStatus?: number;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
    this.upstreamStatus = options.upstreamStatus;
  }

  get status(): number {
    return STATUS_OF[this.code];
  }

  /** The public, log-safe form of the error. */
  toJSON(): { code: ErrorCode; message: string; details?: unknown; retry_after?: number } {
    return {
      code: this.code,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
      ...(this.retryAfter === undefined ? {} : { retry_after: this.retryAfter }),
    };
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;

/** Anything thrown, as an AppError; unknown errors become INTERNAL_ERROR with their message. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const upstream = fromUpstreamError(error);
  if (upstream) return upstream;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('INTERNAL_ERROR', message, { cause: error });
}

interface UpstreamLike {
  status?: unknown;
  response?: { status?: unknown; headers?: unknown; data?: unknown };
  headers?: unknown;
  message?: unknown;
  code?: unknown;
}

function headerOf(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    const value = (headers as { get(n: string): unknown }).get(name);
    return value == null ? undefined : String(value);
  }
  const record = headers as Record<string, unknown>;
  const value = record[name] ?? record[name.toLowerCase()];
  return value == null ? undefined : String(value);
}

/**
 * Recognises the error shapes the official SDKs throw (Octokit's RequestError, axios-based clients,
 * fetch-based clients) by their HTTP status, and maps them: 404 stays 404, 400/422 become
 * VALIDATION_ERROR, 401 and 403 become FORBIDDEN towards our caller (the integration's credential was
 * refused, not the caller's JWT), 429 and rate-limit 403s keep their Retry-After, 5xx become 502.
 */
export function fromUpstreamError(error: unknown): AppError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as UpstreamLike;
  const rawStatus = e.status ?? e.response?.status;
  const status = typeof rawStatus === 'number' ? rawStatus : Number.NaN;
  if (!Number.isInteger(status) || status < 400) {
    if (typeof e.code === 'string' && /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|UND_ERR/.test(e.code)) {
      return new AppError('UPSTREAM_ERROR', `Upstream unreachable (${e.code})`, { cause: error });
    }
    return undefined;
  }
  const headers = e.response?.headers ?? e.headers;
  const message = upstreamMessage(e) ?? `Upstream answered ${status}`;
  const retryAfterHeader = headerOf(headers, 'retry-after');
  const remaining = headerOf(headers, 'x-ratelimit-remaining');
  const reset = headerOf(headers, 'x-ratelimit-reset');
  const rateLimited = status === 429 || (status === 403 && (remaining === '0' || retryAfterHeader !== undefined));
  if (rateLimited) {
    let retryAfter = retryAfterHeader ? Number(retryAfterHeader) : undefined;
    if ((retryAfter === undefined || Number.isNaN(retryAfter)) && reset) {
      retryAfter = Math.max(0, Number(reset) - Math.floor(Date.now() / 1000));
    }
    return new AppError('RATE_LIMITED', `Upstream rate limit exceeded: ${message}`, {
      retryAfter: retryAfter !== undefined && Number.isFinite(retryAfter) ? retryAfter : undefined,
      upstreamStatus: status,
      cause: error,
    });
  }
  const options = { upstreamStatus: status, cause: error };
  if (status === 404) return new AppError('NOT_FOUND', message, options);
  if (status === 400 || status === 422) return new AppError('VALIDATION_ERROR', message, { ...options, details: upstreamDetails(e) });
  if (status === 401 || status === 403) return new AppError('FORBIDDEN', `Upstream refused the credentials: ${message}`, options);
  if (status === 409) return new AppError('CONFLICT', message, options);
  if (status === 504 || status === 408) return new AppError('UPSTREAM_TIMEOUT', message, options);
  if (status >= 500) return new AppError('UPSTREAM_ERROR', `Upstream error ${status}: ${message}`, options);
  // Any other 4xx (405 not mergeable, 410 gone, 412...): the upstream refused this request; sending it
  // again would not help, so it is not retryable.
  return new AppError('UPSTREAM_REJECTED', `Upstream refused the request (${status}): ${message}`, options);
}

function upstreamMessage(e: UpstreamLike): string | undefined {
  const data = e.response?.data as Record<string, unknown> | undefined;
  if (data && typeof data === 'object') {
    if (typeof data.message === 'string') return data.message;
    if (Array.isArray(data.errorMessages) && data.errorMessages.length) return data.errorMessages.join('; ');
    if (typeof data.error === 'string') return data.error;
  }
  return typeof e.message === 'string' ? e.message : undefined;
}

function upstreamDetails(e: UpstreamLike): unknown {
  const data = e.response?.data as Record<string, unknown> | undefined;
  if (data && typeof data === 'object' && 'errors' in data) return data.errors;
  return undefined;
}

/** True for errors worth retrying: rate limits, upstream 5xx, timeouts and network failures. */
export function isRetryable(error: AppError): boolean {
  return error.code === 'RATE_LIMITED' || error.code === 'UPSTREAM_ERROR' || error.code === 'UPSTREAM_TIMEOUT';
}
