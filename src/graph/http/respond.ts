import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { App } from '../../app.js';
import { callerOf, requireCaller } from '../../http/auth.js';
import { requestError, setRetryAfter, shownError } from '../../http/errors.js';
import type { Caller } from '../../toolkit/context.js';
import { AppError } from '../../toolkit/errors.js';

/** The graph family's error body (spec Document 3, Errors). */
export interface GraphErrorBody {
  success: false;
  error: string;
  metadata: null;
}

/**
 * The graph family's error table: status, `Retry-After` and the graph error body of anything thrown.
 * An internal error shows no message of its own (the log keeps it).
 */
export function sendGraphError(app: App, res: Response, thrown: unknown): void {
  const error = shownError(graphError(thrown), app.log);
  if (res.headersSent) return;
  setRetryAfter(res, error);
  res.status(error.status).json({ success: false, error: error.message, metadata: null } satisfies GraphErrorBody);
}

interface Issue {
  path: string;
  message: string;
}

/** Validation failures, from a route schema (ZodError) or from a tool's schema (the executor's details), in the graph's words. */
function graphError(thrown: unknown): AppError {
  if (thrown instanceof z.ZodError)
    return new AppError(
      'VALIDATION_ERROR',
      describeIssues(thrown.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
    );
  const error = requestError(thrown);
  if (error.code === 'VALIDATION_ERROR' && isIssueList(error.details))
    return new AppError('VALIDATION_ERROR', describeIssues(error.details));
  return error;
}

const isIssueList = (details: unknown): details is Issue[] =>
  Array.isArray(details) &&
  details.length > 0 &&
  details.every(
    (d: { path?: unknown; message?: unknown } | null) =>
      d && typeof d === 'object' && typeof d.path === 'string' && typeof d.message === 'string',
  );

/** Fields whose values are entity or edge types: a value outside the list is told with the spec's text. */
const TYPE_FIELDS: Array<[RegExp, string]> = [
  [/(^|\.)(entity_type|entity_types|from_type|to_type)(\.\d+)?$/, 'Invalid entity type'],
  [/(^|\.)(edge_type|edge_types)(\.\d+)?$/, 'Invalid edge type'],
];

function describeIssues(issues: Issue[]): string {
  for (const issue of issues) {
    // zod's words for a value outside an enum
    if (!issue.message.startsWith('Invalid option')) continue;
    const text = TYPE_FIELDS.find(([pattern]) => pattern.test(issue.path))?.[1];
    if (text) return text;
  }
  const described = issues.slice(0, 5).map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
  return `Invalid request: ${described.join('; ')}`;
}

/** Validates a request part with a zod schema (a ZodError becomes a 400 in the graph form). */
export const parse = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => schema.parse(value ?? {});

/** `requireCaller`, with its failures (401) answered in the graph error form. */
export function graphAuth(app: App): RequestHandler {
  return requireCaller(app, (res, error) => sendGraphError(app, res, error));
}

/**
 * A graph route: the handler returns the response body (sent as JSON with 200) or throws; errors are
 * answered here, never by the global handler, whose body has another shape.
 */
export function graphRoute(
  app: App,
  handler: (req: Request, caller: Caller, res: Response) => unknown | Promise<unknown>,
): RequestHandler {
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
  if (!caller.userEmail)
    throw new AppError('VALIDATION_ERROR', 'The token carries no user_email; this route acts for a user');
  return caller.userEmail;
}
