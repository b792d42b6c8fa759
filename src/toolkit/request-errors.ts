import type { Logger } from './context.js';
import { AppError, toAppError } from './errors.js';

/**
 * What every surface shares about failures: which message a caller may see, and the failures of
 * reading a request. Each surface renders its own body from these (spec: Errors):
 * - REST envelope family (`src/http/errors.ts`): `{success: false, error: {code, message, details?, retry_after?}}`,
 *   401 as `{detail: {code, message}}`, 500 as `{detail}`;
 * - REST graph family (`src/http/graph-errors.ts`): `{success: false, error: <string>, metadata: null}`;
 * - REST `{detail}` family (`src/http/detail-errors.ts`);
 * - MCP (`src/mcp/results.ts`): an `isError` result carrying `{error: {code, message, ...}}`.
 */

/** What an INTERNAL_ERROR says to the caller: its own message may carry internals, so it stays in the logs. */
export const INTERNAL_MESSAGE = 'Internal error';

/** Anything thrown in a request, as an AppError (a path or body that cannot be read included). */
export function requestError(thrown: unknown): AppError {
  return fromRequestReading(thrown) ?? toAppError(thrown);
}

/** The error as its caller may see it: an internal error is logged and replaced by a neutral one. */
export function shownError(error: AppError, log?: Logger): AppError {
  if (error.code !== 'INTERNAL_ERROR') return error;
  log?.error('request failed', { error: error.message });
  return new AppError('INTERNAL_ERROR', INTERNAL_MESSAGE);
}

interface ReadingFailure {
  type?: string;
  status?: number;
  code?: string;
  expose?: boolean;
  message?: string;
}

/** A body whose bytes are not what its headers say: malformed JSON, or a `Content-Encoding` it is not in. */
export function isUnreadableBody(err: unknown): boolean {
  const e = err as ReadingFailure | undefined;
  return (
    e?.type === 'entity.parse.failed' || (e?.status === 400 && typeof e.code === 'string' && e.code.startsWith('Z_'))
  );
}

/**
 * Maps failures of reading the request itself to AppErrors: the body parser's (malformed, too large,
 * bad encoding, a gzip body that is not gzip) and the router's (a path parameter whose percent-escape
 * does not decode). They are the caller's, never internal errors.
 */
function fromRequestReading(err: unknown): AppError | undefined {
  const e = err as ReadingFailure | undefined;
  if (e?.type === 'entity.parse.failed') return new AppError('VALIDATION_ERROR', `Malformed JSON body: ${e.message}`);
  if (isUnreadableBody(err))
    return new AppError('VALIDATION_ERROR', `The body is not in its Content-Encoding: ${e?.message}`);
  if (e?.type === 'entity.too.large')
    return new AppError('PAYLOAD_TOO_LARGE', 'Request body is larger than the 1 MB limit');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported')
    return new AppError('VALIDATION_ERROR', e.message ?? 'Unsupported encoding');
  if (err instanceof URIError && e?.status === 400)
    return new AppError('VALIDATION_ERROR', `Malformed percent-escape in the path: ${err.message}`);
  return undefined;
}
