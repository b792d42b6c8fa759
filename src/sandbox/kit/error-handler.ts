import type { NextFunction, Request, Response } from 'express';
import type { ErrorShape } from './error-shape.js';
import { FakeError, notFound } from './errors.js';

const DOCUMENTATION_URL = 'sandboxDocumentationUrl';

/** Remembers the endpoint's documentation URL for error bodies that carry one (GitHub's `documentation_url`). */
export function documentAt(res: Response, url: string): void {
  res.locals[DOCUMENTATION_URL] = url;
}

/** Writes an error as the upstream answers it, with `Retry-After` when the error says when to come back. */
function sendFakeError(res: Response, shape: ErrorShape, error: FakeError): void {
  const { status, body } = shape.render(error, {
    documentationUrl: res.locals[DOCUMENTATION_URL] as string | undefined,
  });
  if (error.retryAfter !== undefined) res.setHeader('Retry-After', String(Math.ceil(error.retryAfter)));
  res.status(status).json(body);
}

/** The last middleware of a fake: kit errors and body-parser failures in the upstream's shape, anything else a 500. */
export function fakeErrorHandler(shape: ErrorShape) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    if (err instanceof FakeError) return sendFakeError(res, shape, err);
    if ((err as { type?: string } | undefined)?.type === 'entity.parse.failed')
      return sendFakeError(res, shape, shape.malformedJson);
    sendFakeError(res, shape, new FakeError('internal'));
  };
}

/** Answers every request no route took with the upstream's 404. */
export function unmatchedRoute() {
  return (_req: Request, _res: Response, next: NextFunction): void => next(notFound());
}
