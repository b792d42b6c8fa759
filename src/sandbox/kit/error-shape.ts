import { errorOfStatus, FakeError, unauthorized, type ErrorKind } from './errors.js';

/** An error with everything resolved that a body needs: the upstream's status, wording and code. */
interface ResolvedError {
  kind: ErrorKind;
  status: number;
  message: string;
  /** The upstream's code for the kind unless the error named its own. */
  code: string;
  details?: unknown;
  /** The documentation URL of the endpoint, when the handler declared one (GitHub does). */
  documentationUrl?: string;
}

/** How one upstream answers errors: the status and body of each kind. */
export interface ErrorShape {
  render(error: FakeError, context?: { documentationUrl?: string }): { status: number; body: unknown };
  /** The error this upstream answers an expired or revoked credential with. */
  readonly expired: FakeError;
  /** What a fault injected with a bare status looks like on this upstream. */
  injected(status: number): FakeError;
  /** The error of a request body that is not JSON. */
  readonly malformedJson: FakeError;
}

interface ErrorShapeSpec {
  /** Statuses that differ from the common ones (e.g. GitHub answers validation with 422). */
  statuses?: Partial<Record<ErrorKind, number>>;
  /** The upstream's wording when a handler gives none. */
  messages?: Partial<Record<ErrorKind, string>>;
  /** The upstream's machine codes by kind (Slack `error`, Notion `code`, Google `status`). */
  codes?: Partial<Record<ErrorKind, string>>;
  body(error: ResolvedError): unknown;
  expired?: FakeError;
  injected?(status: number): FakeError | undefined;
  malformedJson?: string;
}

const STATUS: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  not_allowed: 405,
  conflict: 409,
  validation: 400,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

const MESSAGE: Record<ErrorKind, string> = {
  bad_request: 'Bad Request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  not_found: 'Not Found',
  not_allowed: 'Method Not Allowed',
  conflict: 'Conflict',
  validation: 'Validation Failed',
  rate_limited: 'Too Many Requests',
  internal: 'Internal Server Error',
  unavailable: 'Service Unavailable',
};

/** Declares an upstream's error convention once; handlers then throw kit errors and never build bodies. */
export function defineErrorShape(spec: ErrorShapeSpec): ErrorShape {
  const resolve = (error: FakeError, documentationUrl?: string): ResolvedError => ({
    kind: error.kind,
    status: error.status ?? spec.statuses?.[error.kind] ?? STATUS[error.kind],
    message: error.explicitMessage ?? spec.messages?.[error.kind] ?? MESSAGE[error.kind],
    code: error.code ?? spec.codes?.[error.kind] ?? error.kind,
    details: error.details,
    documentationUrl,
  });
  return {
    render(error, context = {}) {
      const resolved = resolve(error, context.documentationUrl);
      return { status: resolved.status, body: spec.body(resolved) };
    },
    expired: spec.expired ?? unauthorized(),
    injected: (status) => spec.injected?.(status) ?? errorOfStatus(status),
    malformedJson: new FakeError('bad_request', spec.malformedJson ?? 'Malformed JSON body'),
  };
}
