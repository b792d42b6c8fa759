/** What went wrong, independent of how an upstream words it; each upstream's `ErrorShape` renders it. */
export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'not_allowed'
  | 'conflict'
  | 'validation'
  | 'rate_limited'
  | 'internal'
  | 'unavailable';

interface FakeErrorOptions {
  /** Overrides the status the upstream's shape gives the kind (e.g. GitHub's 405 "not mergeable"). */
  status?: number;
  /** The upstream's machine code, e.g. Slack `channel_not_found`, Notion `object_not_found`. */
  code?: string;
  /** Field-level details: GitHub's `errors` list, Jira's `errors` map, Google's `errors` array. */
  details?: unknown;
  /** Seconds, sent as `Retry-After`. */
  retryAfter?: number;
}

/**
 * An error a fake's handler throws; the kit's error handler renders it with the fake's `ErrorShape`.
 * Without a message the shape's own wording for the kind is used.
 */
export class FakeError extends Error {
  readonly status?: number;
  readonly code?: string;
  readonly details?: unknown;
  readonly retryAfter?: number;

  constructor(
    readonly kind: ErrorKind,
    readonly explicitMessage?: string,
    options: FakeErrorOptions = {},
  ) {
    super(explicitMessage ?? kind);
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }
}

export const badRequest = (message?: string, options?: FakeErrorOptions) =>
  new FakeError('bad_request', message, options);
export const unauthorized = (message?: string, options?: FakeErrorOptions) =>
  new FakeError('unauthorized', message, options);
export const forbidden = (message?: string, options?: FakeErrorOptions) => new FakeError('forbidden', message, options);
export const notFound = (message?: string, options?: FakeErrorOptions) => new FakeError('not_found', message, options);
export const conflict = (message?: string, options?: FakeErrorOptions) => new FakeError('conflict', message, options);
/** Input the upstream refuses field by field (GitHub 422, Jira/Notion/Google 400). */
export const invalid = (message?: string, options?: FakeErrorOptions) => new FakeError('validation', message, options);
export const rateLimited = (retryAfter?: number, message?: string, options?: FakeErrorOptions) =>
  new FakeError('rate_limited', message, { retryAfter, ...options });
/** A page cursor or token the fake did not issue, or one edited by the client. */
export const invalidCursor = (message?: string) =>
  new FakeError('bad_request', message ?? 'The cursor provided is invalid.', { code: 'invalid_cursor' });

/** The kind an HTTP status stands for, for faults injected by status. */
export function kindOfStatus(status: number): ErrorKind {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'not_allowed';
    case 409:
      return 'conflict';
    case 422:
      return 'validation';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}

/** A FakeError for an arbitrary status, keeping that status. */
export const errorOfStatus = (status: number, message?: string): FakeError =>
  new FakeError(kindOfStatus(status), message, { status });
