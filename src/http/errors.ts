import type { NextFunction, Request, Response } from 'express';
import type { App } from '../app.js';
import { AppError, toAppError } from '../toolkit/errors.js';

/**
 * The error body of each route family, in one place (spec: Errors):
 * - 401 UNAUTHORIZED (invalid, expired or missing JWT): `{detail: {code, message}}`
 * - everything else: the envelope `{success: false, error: {code, message, details?}}`
 * - route families with their own form (graph, documents) catch their errors themselves.
 */
export function errorBody(error: AppError): unknown {
  if (error.code === 'UNAUTHORIZED') return { detail: { code: error.code, message: error.message } };
  return { success: false, error: error.toJSON() };
}

export function sendError(res: Response, error: AppError): void {
  if (error.retryAfter !== undefined) res.setHeader('Retry-After', String(Math.ceil(error.retryAfter)));
  res.status(error.status).json(errorBody(error));
}

/** Express error handler: maps body-parser failures and AppErrors; never leaks a stack trace. */
export function errorHandler(app: App) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const error = fromBodyParser(err) ?? toAppError(err);
    if (error.code === 'INTERNAL_ERROR') {
      app.log.error('request failed', { error: error.message });
      res.status(500).json({ detail: error.message });
      return;
    }
    sendError(res, error);
  };
}

/** Maps the JSON body parser's failures (malformed, too large, bad encoding) to AppErrors. */
export function fromBodyParser(err: unknown): AppError | undefined {
  const e = err as { type?: string; status?: number; message?: string };
  if (e?.type === 'entity.parse.failed') return new AppError('VALIDATION_ERROR', `Malformed JSON body: ${e.message}`);
  if (e?.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'Request body is larger than the 1 MB limit');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') return new AppError('VALIDATION_ERROR', e.message ?? 'Unsupported encoding');
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
