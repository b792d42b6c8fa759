import type { Response } from 'express';
import { z } from 'zod';
import type { Logger } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import { requestError, shownError } from '../toolkit/request-errors.js';
import { setRetryAfter } from './errors.js';

/** The graph family's error body (spec Document 3, Errors). */
interface GraphErrorBody {
  success: false;
  error: string;
  metadata: null;
}

/**
 * The graph family's error table: status, `Retry-After` and the graph error body of anything thrown.
 * An internal error shows no message of its own (the log keeps it).
 */
export function sendGraphError(log: Logger, res: Response, thrown: unknown): void {
  const error = shownError(graphError(thrown), log);
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
