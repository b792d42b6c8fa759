/**
 * The one error type of the project. Every layer throws `AppError`; each surface (REST, MCP, CLI)
 * maps it to its own status code and body in one place (`src/toolkit/request-errors.ts` holds what they share).
 */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'PAYLOAD_TOO_LARGE'
  | 'REQUEST_TIMEOUT'
  | 'UNAUTHORIZED'
  | 'AUTHORIZATION_REQUIRED'
  | 'FORBIDDEN'
  | 'POLICY_DENIED'
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
  | 'SECRET_DETECTED'
  | 'CONFIRMATION_REQUIRED'
  | 'UNAVAILABLE'
  | 'INSUFFICIENT_STORAGE'
  | 'CANCELLED'
  | 'INTERNAL_ERROR';

/** HTTP status of each code: the single table every surface reads. */
const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  PAYLOAD_TOO_LARGE: 413,
  // A body that stopped arriving before it was complete.
  REQUEST_TIMEOUT: 408,
  INVALID_INTEGRATION: 400,
  UNAUTHORIZED: 401,
  // The user must authorize a provider first (per-user OAuth); details carry `provider` and `auth_url`.
  AUTHORIZATION_REQUIRED: 401,
  FORBIDDEN: 403,
  // The tenant's governance policy refuses the tool to this caller (the message names the rule).
  POLICY_DENIED: 403,
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
  // An action's arguments carry a credential: nothing was sent (the body names the kind and where).
  SECRET_DETECTED: 422,
  // A person must confirm the call first: the body says what would happen, where to confirm, and why any
  // confirmation given was refused. Nothing was sent.
  CONFIRMATION_REQUIRED: 409,
  UNAVAILABLE: 503,
  // A tenant's storage quota is used up (WebDAV's status for it): the caller frees space, then retries.
  INSUFFICIENT_STORAGE: 507,
  // The caller withdrew the call (an MCP cancellation, a closed connection): nginx's "client closed request".
  CANCELLED: 499,
  INTERNAL_ERROR: 500,
};

interface AppErrorOptions {
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

/** An AppError anywhere in the cause chain (SDKs wrap what their fetch threw). */
function findAppError(error: unknown): AppError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof AppError) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

/**
 * Anything thrown, as an AppError: itself, one its cause chain carries, what `mapUpstream` (the
 * integrations' mappers) recognises, or INTERNAL_ERROR with its message.
 */
export function toAppError(error: unknown, mapUpstream?: (error: unknown) => AppError | undefined): AppError {
  const known = findAppError(error) ?? mapUpstream?.(error);
  if (known) return known;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('INTERNAL_ERROR', message, { cause: error });
}

/** True for errors worth retrying: rate limits, upstream 5xx, timeouts and network failures. */
export function isRetryable(error: AppError): boolean {
  return error.code === 'RATE_LIMITED' || error.code === 'UPSTREAM_ERROR' || error.code === 'UPSTREAM_TIMEOUT';
}
