import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { callerOf, requireCaller } from '../../http/auth.js';
import { sendGraphError } from '../../http/graph-errors.js';
import type { CallerChecks, Logging } from '../../http/route-context.js';
import type { Caller } from '../../toolkit/context.js';
import { AppError } from '../../toolkit/errors.js';

/** Validates a request part with a zod schema (a ZodError becomes a 400 in the graph form). */
export const parse = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => schema.parse(value ?? {});

/** `requireCaller`, with its failures (401) answered in the graph error form. */
export function graphAuth(app: CallerChecks & Logging): RequestHandler {
  return requireCaller(app, (res, error) => sendGraphError(app.log, res, error));
}

/**
 * A graph route: the handler returns the response body (sent as JSON with 200) or throws; errors are
 * answered here, never by the global handler, whose body has another shape.
 */
export function graphRoute(
  app: Logging,
  handler: (req: Request, caller: Caller, res: Response) => unknown | Promise<unknown>,
): RequestHandler {
  return graphAnswer(app, (req, res) => handler(req, callerOf(res), res));
}

/** A graph route that acts for no caller (an admin's, behind the API key), answered as `graphRoute`'s are. */
export function graphAnswer(
  app: Logging,
  handler: (req: Request, res: Response) => unknown | Promise<unknown>,
): RequestHandler {
  return (req: Request, res: Response) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .then((body) => {
        if (!res.headersSent) res.json(body);
      })
      .catch((error: unknown) => sendGraphError(app.log, res, error));
  };
}

/** The caller's email, required by routes that act for a person. */
export function callerEmail(caller: Caller): string {
  if (!caller.userEmail)
    throw new AppError('VALIDATION_ERROR', 'The token carries no user_email; this route acts for a user');
  return caller.userEmail;
}
