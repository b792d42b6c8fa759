import { upstreamError } from '../http-status.js';
import { AppError } from '../../toolkit/errors.js';

/** How the platform's errors name the upstream. */
export const APIDECK = 'Apideck';

interface ApideckFailure {
  httpMeta?: { response?: Response; body?: string };
  message?: string;
  detail?: unknown;
}

/**
 * The platform's error for an Apideck failure: the shared status table (401/403 become FORBIDDEN: the
 * platform's key was refused, 404, 400/422 VALIDATION_ERROR, 429 RATE_LIMITED with Retry-After, 5xx
 * UPSTREAM_ERROR), with Apideck's message and `detail`. Errors of our own (timeouts, AppErrors) pass through.
 */
export function unifyError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Error && error.cause instanceof AppError) return error.cause;
  const failure = error as ApideckFailure;
  const response = failure?.httpMeta?.response;
  if (!response)
    return new AppError(
      'UPSTREAM_ERROR',
      `${APIDECK} call failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  const body = bodyOf(failure.httpMeta?.body);
  const detail = failure.detail ?? body?.detail;
  // The consumer has no connection for the unified API (or not the one named): the tenant must connect one first.
  if (body?.type_name === 'InvalidServiceIdError') {
    return new AppError(
      'NOT_CONFIGURED',
      `${typeof detail === 'string' ? detail : 'No connection for this unified API'}: authorize one through POST /auth/vault-session`,
      {
        upstreamStatus: response.status,
        cause: error,
      },
    );
  }
  const message =
    [failure.message, typeof detail === 'string' ? detail : undefined].filter(Boolean).join(': ') || undefined;
  return upstreamError(
    {
      status: response.status,
      headers: response.headers,
      message,
      details: detail === undefined ? undefined : { detail },
      cause: error,
    },
    APIDECK,
  );
}

function bodyOf(text: string | undefined): { detail?: unknown; type_name?: unknown } | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A thrown value of `@apideck/unify` (it carries the HTTP exchange), as opposed to anything else. */
export const isApideckFailure = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'httpMeta' in error;
