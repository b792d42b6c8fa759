import { upstreamError, type HeaderSource } from '../http-status.js';
import type { AppError } from '../../toolkit/errors.js';

/** Jira's error body: `{errorMessages: [...], errors: {field: message}}`. */
interface JiraErrorBody {
  errorMessages?: unknown;
  errors?: unknown;
  message?: unknown;
}

/** Jira's messages joined (`errorMessages`, then `field: message` of `errors`); undefined when it gave none. */
function jiraErrorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object')
    return typeof body === 'string' && body.trim() ? body.trim().slice(0, 500) : undefined;
  const data = body as JiraErrorBody;
  const messages = Array.isArray(data.errorMessages)
    ? data.errorMessages.filter((m): m is string => typeof m === 'string')
    : [];
  const fields =
    data.errors && typeof data.errors === 'object'
      ? Object.entries(data.errors as Record<string, unknown>).map(([field, m]) => `${field}: ${String(m)}`)
      : [];
  const all = [...messages, ...fields];
  if (all.length) return all.join('; ');
  return typeof data.message === 'string' ? data.message : undefined;
}

/** The field errors of a body (`errors`), passed on as the AppError's details. */
const fieldErrors = (body: unknown): unknown => {
  const errors = (body as JiraErrorBody | null)?.errors;
  return errors && typeof errors === 'object' && Object.keys(errors).length ? errors : undefined;
};

interface JiraHttpExceptionShape {
  name?: unknown;
  status?: unknown;
  message?: unknown;
  response?: { data?: unknown; headers?: HeaderSource };
  cause?: { response?: { headers?: unknown } };
}

/**
 * jira.js wraps a failed answer in its HttpException: `{status, response: {data, status, statusText}}`,
 * the axios error (with the response headers, e.g. Retry-After) as `cause`.
 */
export function mapJiraError(error: unknown): AppError | undefined {
  const e = error as JiraHttpExceptionShape | null;
  if (!e || typeof e !== 'object' || typeof e.status !== 'number' || e.status < 400) return undefined;
  if (e.name !== 'HttpException' && e.name !== 'AxiosError') return undefined;
  const data = e.response?.data;
  const headers = (e.cause?.response?.headers ?? e.response?.headers) as HeaderSource;
  return upstreamError(
    {
      status: e.status,
      headers,
      message: jiraErrorMessage(data) ?? (typeof e.message === 'string' ? e.message : undefined),
      details: fieldErrors(data),
      cause: error,
    },
    'Jira',
  );
}
