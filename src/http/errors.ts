import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../toolkit/context.js';
import { AppError, toAppError } from '../toolkit/errors.js';

/**
 * What every surface family shares about failures: which message a caller may see and the
 * `Retry-After` header. Each family renders its own body from these (spec: Errors):
 * - envelope family (this file): `{success: false, error: {code, message, details?, retry_after?}}`,
 *   401 as `{detail: {code, message}}`, 500 as `{detail}`;
 * - graph family (src/graph/http/respond.ts): `{success: false, error: <string>, metadata: null}`;
 * - MCP (src/mcp/results.ts): an `isError` result carrying `{error: {code, message, ...}}`.
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

/** `Retry-After` (whole seconds) for errors that carry a wait: 429 and upstream rate limits. */
export function setRetryAfter(res: Response, error: AppError): void {
  if (error.retryAfter !== undefined) res.setHeader('Retry-After', String(Math.max(0, Math.ceil(error.retryAfter))));
}

/** The envelope family's body of an error (extra top-level fields such as `meta` for tool executions). */
export function errorBody(error: AppError, extra: Record<string, unknown> = {}): unknown {
  if (error.code === 'UNAUTHORIZED') return { detail: { code: error.code, message: error.message } };
  if (error.code === 'INTERNAL_ERROR') return { detail: error.message };
  return { success: false, error: error.toJSON(), ...extra };
}

/** The envelope family's error table: status, `Retry-After` and body of anything thrown. */
export function sendError(
  res: Response,
  thrown: unknown,
  options: { log?: Logger; extra?: Record<string, unknown> } = {},
): void {
  if (res.headersSent) return;
  const error = shownError(requestError(thrown), options.log);
  setRetryAfter(res, error);
  res.status(error.status).json(errorBody(error, options.extra));
}

/** Express error handler of the envelope family; never leaks a stack trace or an internal message. */
export function errorHandler(log: Logger) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction): void => sendError(res, err, { log });
}

/** Largest JSON body accepted (uploads use multipart and have their own limit). */
export const JSON_BODY_LIMIT = '1mb';

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
export function fromRequestReading(err: unknown): AppError | undefined {
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

/** Wraps an async route so a rejection reaches the error handler. */
export function route<Req extends Request = Request>(handler: (req: Req, res: Response) => Promise<void> | void) {
  return (req: Req, res: Response, next: NextFunction): void => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(next);
  };
}
