import { upstreamError, type HeaderSource } from '../http-status.js';
import { parseJsonOrUndefined } from '../json-text.js';
import { notionSdkIfLoaded } from './client.js';
import type { AppError } from '../../toolkit/errors.js';

/** Notion's `{object: 'error', status, code, message}` as the platform's error, with Notion's wording (also for Notion reached through the unified API). */
export function notionFailure(
  status: number,
  headers: HeaderSource,
  body: string | undefined,
  cause: unknown,
): AppError {
  const parsed = parseJsonOrUndefined(body ?? '') as { message?: string; code?: string } | null | undefined;
  const code = parsed?.code;
  return upstreamError(
    { status, headers, message: parsed?.message, details: code ? { code } : undefined, cause },
    'Notion',
  );
}

/**
 * @notionhq/client's APIResponseError (and its other HTTP errors): status, headers and the raw body. Only
 * a loaded SDK throws them, so the check never loads it.
 */
export const mapNotionError = (error: unknown): AppError | undefined =>
  notionSdkIfLoaded()?.isHTTPResponseError(error)
    ? notionFailure(error.status, error.headers as HeaderSource, error.body, error)
    : undefined;
