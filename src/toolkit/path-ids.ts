import { AppError } from './errors.js';

/**
 * Arguments that name an upstream object (`event_id`, `issue_key`, `repo_id`, `companyId`, `username`):
 * tools put them into upstream paths, where SDKs percent-encode them, but `.` and `..` survive
 * encoding and a URL resolves them as steps (`/calendars/primary/events/..` is the calendar itself).
 */
const IDENTIFIER_NAME = /(^|_)(id|key)$|[a-z]Id$|^username$/;

/** The first `.` or `..` step of a path (between slashes or at either end). */
const DOT_STEP = /(?:^|\/)(\.\.?)(?=\/|$)/;

/** `.`, `..` and nothing are never an object's id; an id with slashes (`owner/repo`) is checked step by step. */
function unsafeStep(value: string): string | undefined {
  if (value.trim() === '') return 'may not be empty';
  const step = DOT_STEP.exec(value)?.[1];
  return step === undefined ? undefined : `may not be "${step}" or contain it as a path step`;
}

/**
 * Refuses identifier arguments that would move an upstream path instead of naming an object: one
 * check every tool call passes (MCP, REST and the CLI alike) before any upstream request.
 */
export function assertPathSafeIds(args: Record<string, unknown>, toolName: string): void {
  for (const [name, value] of Object.entries(args)) {
    if (!IDENTIFIER_NAME.test(name) || typeof value !== 'string') continue;
    const problem = unsafeStep(value);
    if (problem)
      throw new AppError('VALIDATION_ERROR', `Invalid arguments for ${toolName}: ${name} ${problem}`, {
        details: [{ path: name, message: problem }],
      });
  }
}
