import { STATUS_CODES } from './status-codes.js';
import { defineErrorShape } from './error-shape.js';
import { FakeError, errorOfStatus, unauthorized } from './errors.js';

/** The error conventions of the upstreams the sandbox fakes, each declared once. */

const GITHUB_DOCS = 'https://docs.github.com/rest';

/** `{message, documentation_url, status, errors?}`; validation is 422, a spent rate limit 403. */
export const githubErrors = defineErrorShape({
  statuses: { validation: 422, rate_limited: 403 },
  messages: { unauthorized: 'Bad credentials', internal: 'Server Error', rate_limited: 'API rate limit exceeded.' },
  body: (e) => ({
    message: e.message,
    ...(e.details !== undefined ? { errors: e.details } : {}),
    documentation_url:
      e.documentationUrl ??
      (e.kind === 'rate_limited' ? `${GITHUB_DOCS}/overview/rate-limits-for-the-rest-api` : GITHUB_DOCS),
    status: String(e.status),
  }),
  malformedJson: 'Problems parsing JSON',
  injected: (status) => {
    if (status === 403 || status === 429) {
      return new FakeError(
        'rate_limited',
        'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        { status },
      );
    }
    return status >= 500 ? new FakeError('internal', 'Server Error', { status }) : undefined;
  },
});

/** Jira's `{errorMessages: [...], errors: {field: message}}`. */
export const jiraErrors = defineErrorShape({
  messages: {
    unauthorized: 'Client must be authenticated to access this resource.',
    not_found: 'Issue does not exist or you do not have permission to see it.',
    rate_limited: 'Rate limit exceeded.',
  },
  body: (e) => ({ errorMessages: e.details === undefined ? [e.message] : [], errors: e.details ?? {} }),
  malformedJson: 'Unexpected character in the request body.',
});

/** Confluence's `{statusCode, message}` (REST v1 form, which confluence.js reads). */
export const confluenceErrors = defineErrorShape({
  messages: { unauthorized: 'Unauthorized; scope does not match' },
  body: (e) => ({
    statusCode: e.status,
    message: e.message,
    ...(e.details !== undefined ? { data: { errors: e.details } } : {}),
  }),
  expired: unauthorized('Unauthorized; scope does not match'),
});

/** Notion's `{object: 'error', status, code, message}`. */
export const notionErrors = defineErrorShape({
  statuses: { forbidden: 403 },
  messages: {
    unauthorized: 'API token is invalid.',
    rate_limited: 'You have been rate limited. Please try again in a few minutes.',
    not_found: 'Could not find object.',
  },
  codes: {
    bad_request: 'invalid_request',
    unauthorized: 'unauthorized',
    forbidden: 'restricted_resource',
    not_found: 'object_not_found',
    conflict: 'conflict_error',
    validation: 'validation_error',
    rate_limited: 'rate_limited',
    internal: 'internal_server_error',
    unavailable: 'service_unavailable',
  },
  body: (e) => ({
    object: 'error',
    status: e.status,
    code: e.code === 'invalid_cursor' ? 'validation_error' : e.code,
    message: e.message,
  }),
  malformedJson: 'Error parsing JSON body.',
});

const GOOGLE_REASON: Record<string, string> = {
  bad_request: 'badRequest',
  validation: 'invalid',
  unauthorized: 'authError',
  forbidden: 'forbidden',
  not_found: 'notFound',
  conflict: 'duplicate',
  rate_limited: 'rateLimitExceeded',
  internal: 'backendError',
  unavailable: 'backendError',
};

/** Google's `{error: {code, message, status, errors: [{message, domain, reason}]}}`. */
export const googleErrors = defineErrorShape({
  messages: {
    unauthorized: 'Request had invalid authentication credentials.',
    not_found: 'Requested entity was not found.',
    rate_limited: 'Quota exceeded.',
  },
  codes: {
    bad_request: 'INVALID_ARGUMENT',
    validation: 'INVALID_ARGUMENT',
    unauthorized: 'UNAUTHENTICATED',
    forbidden: 'PERMISSION_DENIED',
    not_found: 'NOT_FOUND',
    conflict: 'ALREADY_EXISTS',
    rate_limited: 'RESOURCE_EXHAUSTED',
    internal: 'INTERNAL',
    unavailable: 'UNAVAILABLE',
  },
  body: (e) => ({
    error: {
      code: e.status,
      message: e.message,
      status: e.code === 'invalid_cursor' ? 'INVALID_ARGUMENT' : e.code,
      errors: Array.isArray(e.details)
        ? e.details
        : [
            {
              message: e.message,
              domain: 'global',
              reason: e.code === 'invalid_cursor' ? 'invalid' : (GOOGLE_REASON[e.kind] ?? 'unknown'),
            },
          ],
    },
  }),
});

/** Slack's `{ok: false, error: code}` on HTTP 200, except a rate limit (429) and server faults. */
export const slackErrors = defineErrorShape({
  statuses: {
    bad_request: 200,
    unauthorized: 200,
    forbidden: 200,
    not_found: 200,
    not_allowed: 200,
    conflict: 200,
    validation: 200,
  },
  codes: {
    bad_request: 'invalid_arguments',
    unauthorized: 'invalid_auth',
    forbidden: 'not_allowed_token_type',
    not_found: 'not_found',
    validation: 'invalid_arguments',
    rate_limited: 'ratelimited',
    internal: 'internal_error',
    unavailable: 'service_unavailable',
  },
  // Details as a list are warnings (`response_metadata.messages`); `{extra}` adds fields to the error itself (`needed`, `provided`).
  body: (e) => ({
    ok: false,
    error: e.code,
    ...(Array.isArray(e.details) ? { response_metadata: { messages: e.details } } : {}),
    ...((e.details as { extra?: Record<string, unknown> } | undefined)?.extra ?? {}),
  }),
  expired: unauthorized(undefined, { code: 'token_expired' }),
  malformedJson: 'invalid_json',
  injected: (status) => (status >= 500 ? errorOfStatus(status) : undefined),
});

/** Apideck Unify's `{status_code, error, type_name, message, detail?, ref}`; `ref` links the type's documentation. */
export const apideckErrors = defineErrorShape({
  statuses: { validation: 422 },
  messages: { unauthorized: 'Unauthorized Request' },
  codes: {
    bad_request: 'BadRequestError',
    validation: 'RequestValidationError',
    unauthorized: 'UnauthorizedError',
    forbidden: 'ForbiddenError',
    not_found: 'NotFoundError',
    conflict: 'ConflictError',
    rate_limited: 'TooManyRequestsError',
    internal: 'InternalServerError',
    unavailable: 'ServiceUnavailableError',
  },
  body: (e) => {
    const typeName = e.code === 'invalid_cursor' ? 'BadRequestError' : e.code;
    return {
      status_code: e.status,
      error: STATUS_CODES[e.status] ?? 'Error',
      type_name: typeName,
      message: e.message,
      ...(e.details !== undefined ? { detail: e.details } : {}),
      ref: `https://developers.apideck.com/errors#${typeName.toLowerCase()}`,
    };
  },
});
