import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../toolkit/context.js';
import type { AppError } from '../toolkit/errors.js';
import { requestError, shownError } from '../toolkit/request-errors.js';

/** The envelope family's error form (what every surface shares is in `src/toolkit/request-errors.ts`). */

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
  // What the request's audit record says its outcome was.
  res.locals.errorCode = error.code;
  res.status(error.status).json(errorBody(error, options.extra));
}

/** Express error handler of the envelope family; never leaks a stack trace or an internal message. */
export function errorHandler(log: Logger) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction): void => sendError(res, err, { log });
}

/** Largest JSON body accepted (uploads use multipart and have their own limit). */
export const JSON_BODY_LIMIT = '1mb';

/** Wraps an async route so a rejection reaches the error handler. */
export function route<Req extends Request = Request>(handler: (req: Req, res: Response) => Promise<void> | void) {
  return (req: Req, res: Response, next: NextFunction): void => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(next);
  };
}
