import { upstreamError } from '../http-status.js';
import { AppError } from '../../toolkit/errors.js';

/**
 * confluence.js throws the answer's body: v1's `{statusCode, message}`, or v2's
 * `{errors: [{status, code, title, detail}]}`.
 */
export function confluenceFailure(error: unknown): AppError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const body = error as {
    statusCode?: unknown;
    message?: unknown;
    errors?: Array<{ status?: unknown; title?: unknown; detail?: unknown; code?: unknown }>;
  };
  if (typeof body.statusCode === 'number' && typeof body.message === 'string' && !(error instanceof Error)) {
    return upstreamError(
      { status: body.statusCode, headers: new Headers(), message: body.message, cause: error },
      'Confluence',
    );
  }
  const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
  if (first && typeof first.status === 'number') {
    const message = [first.title, first.detail].filter((p) => typeof p === 'string' && p).join(': ');
    return upstreamError(
      {
        status: first.status,
        headers: new Headers(),
        message: message || undefined,
        details: first.code ? { code: first.code } : undefined,
        cause: error,
      },
      'Confluence',
    );
  }
  return undefined;
}

const isNotFound = (error: unknown): boolean => error instanceof AppError && error.code === 'NOT_FOUND';

/** Runs a request about one page; its 404 names the page. */
export async function forPage<T>(pageId: string, request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (isNotFound(error))
      throw new AppError('NOT_FOUND', `Confluence page ${pageId} not found (or not visible to this account)`, {
        upstreamStatus: 404,
        cause: error,
      });
    throw error;
  }
}
