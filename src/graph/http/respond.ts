import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { App } from '../../app.js';
import { callerOf, requireCaller } from '../../http/auth.js';
import { fromBodyParser } from '../../http/errors.js';
import type { Caller } from '../../toolkit/context.js';
import { AppError, toAppError } from '../../toolkit/errors.js';

/** The graph family's error body (spec Document 3, Errors). */
export interface GraphErrorBody {
  success: false;
  error: string;
  metadata: null;
}

/** Maps anything thrown in a graph route to its status and the graph error body. */
export function sendGraphError(app: App, res: Response, thrown: unknown): void {
  const error = graphError(thrown);
  if (error.code === 'INTERNAL_ERROR') app.log.error('graph route failed', { error: error.message });
  if (res.headersSent) return;
  if (error.retryAfter !== undefined) res.setHeader('Retry-After', String(Math.ceil(error.retryAfter)));
  const message = error.code === 'INTERNAL_ERROR' ? 'Internal error' : error.message;
  res.status(error.status).json({ success: false, error: message, metadata: null } satisfies GraphErrorBody);
}

function graphError(thrown: unknown): AppError {
  if (thrown instanceof z.ZodError) return new AppError('VALIDATION_ERROR', describeIssues(thrown));
  return fromBodyParser(thrown) ?? toAppError(thrown);
}

function describeIssues(error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  return `Invalid request: ${issues.join('; ')}`;
}

/** Validates a request part with a zod schema (a ZodError becomes a 400 in the graph form). */
export const parse = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => schema.parse(value ?? {});

/** `requireCaller`, with its failures (401) answered in the graph error form. */
export function graphAuth(app: App): RequestHandler {
  const inner = requireCaller(app);
  return (req: Request, res: Response, next: NextFunction) => {
    inner(req, res, (error?: unknown) => (error ? sendGraphError(app, res, error) : next()));
  };
}

/**
 * A graph route: the handler returns the response body (sent as JSON with 200) or throws; errors are
 * answered here, never by the global handler, whose body has another shape.
 */
export function graphRoute(app: App, handler: (req: Request, caller: Caller, res: Response) => unknown | Promise<unknown>): RequestHandler {
  return (req: Request, res: Response) => {
    Promise.resolve()
      .then(() => handler(req, callerOf(res), res))
      .then((body) => {
        if (!res.headersSent) res.json(body);
      })
      .catch((error: unknown) => sendGraphError(app, res, error));
  };
}

/** The caller's email, required by routes that act for a person. */
export function callerEmail(caller: Caller): string {
  if (!caller.userEmail) throw new AppError('VALIDATION_ERROR', 'The token carries no user_email; this route acts for a user');
  return caller.userEmail;
}
