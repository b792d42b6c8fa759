import type { AgileClient, Version3Client } from 'jira.js';
import { z } from 'zod';
import { defineIntegration } from '../../src/integrations/integration.js';
import { upstreamError, type HeaderSource } from '../../src/integrations/http-status.js';
import { lazySdk } from '../../src/integrations/lazy-sdk.js';
import type { AppError } from '../../src/toolkit/errors.js';
import type { JiraClients } from './story-points.js';

declare module '../../src/toolkit/context.js' {
  interface ClientMap {
    jira: JiraClients;
  }
}

/** Credentials of Jira Cloud (the spec's `connections.ticketing`), or JIRA_* variables for a local user. */
const JiraCredentials = z.object({
  /** Site URL, e.g. `https://acme.atlassian.net` (the sandbox's `/jira` fake in demo mode). */
  baseUrl: z.url(),
  email: z.string().min(1),
  apiToken: z.string().min(1),
});
type JiraCredentials = z.infer<typeof JiraCredentials>;

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
function mapJiraError(error: unknown): AppError | undefined {
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

/**
 * A client whose SDK is imported on its first call: jira.js (with axios) takes about 200 ms to import,
 * which a process an MCP host spawns should not pay before anyone asks Jira anything. Property reads
 * (`v3.issues.getIssue`) build the call path; calling it loads the client once and calls the method on it.
 */
function lazyClient<T extends object>(load: () => Promise<T>): T {
  const client = lazySdk(load);
  const at = (path: readonly string[]): unknown =>
    new Proxy(() => undefined, {
      // Not a thenable: awaiting a client must not look like a call.
      get: (_target, property) =>
        property === 'then' || typeof property === 'symbol' ? undefined : at([...path, property]),
      apply: async (_target, _this, args: unknown[]) => {
        let owner: unknown = await client();
        for (const name of path.slice(0, -1)) owner = (owner as Record<string, unknown>)[name];
        const method = (owner as Record<string, unknown>)[path[path.length - 1]];
        if (typeof method !== 'function') throw new TypeError(`jira.js has no method ${path.join('.')}`);
        return (method as (...a: unknown[]) => unknown).apply(owner, args);
      },
    });
  return at([]) as T;
}

export const jiraIntegration = defineIntegration({
  id: 'jira',
  title: 'Jira',
  connectionKeys: ['ticketing'],
  credentials: JiraCredentials,
  sources: ['jwt', 'env'],
  env: { baseUrl: 'JIRA_BASE_URL', email: 'JIRA_EMAIL', apiToken: 'JIRA_API_TOKEN' },
  createClient: (credentials: JiraCredentials, { fetch }): JiraClients => {
    // jira.js has no retry of its own; axios's fetch adapter sends every request through our fetch.
    const config = {
      host: credentials.baseUrl.replace(/\/$/, ''),
      authentication: { basic: { email: credentials.email, apiToken: credentials.apiToken } },
      baseRequestConfig: { adapter: 'fetch' as const, env: { fetch } },
    };
    const sdk = lazySdk(() => import('jira.js'));
    return {
      v3: lazyClient<Version3Client>(async () => new (await sdk()).Version3Client(config)),
      agile: lazyClient<AgileClient>(async () => new (await sdk()).AgileClient(config)),
    };
  },
  classifyResponse: (response) =>
    response.status >= 400 ? upstreamError({ status: response.status, headers: response.headers }, 'Jira') : undefined,
  mapError: mapJiraError,
  demo: () => import('./demo.js').then((m) => m.jiraDemo),
});
