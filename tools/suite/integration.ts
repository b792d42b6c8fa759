import { z } from 'zod';
import { defineIntegration, type ClientContext, type UpstreamFetch } from '../../src/integrations/integration.js';
import { classifyByStatus, upstreamError, type HeaderSource } from '../../src/integrations/http-status.js';
import { lazySdk } from '../../src/integrations/lazy-sdk.js';
import { userTokenFetch } from '../../src/integrations/user-token-fetch.js';
import type { AppError } from '../../src/toolkit/errors.js';
import type { SuiteClients } from './clients.js';

export type { SuiteClients } from './clients.js';

declare module '../../src/toolkit/context.js' {
  interface ClientMap {
    google: SuiteClients;
  }
}

/**
 * What a suite client is built from: nothing of the vault row itself. The tokens stay in the vault and
 * are read per request (so a refresh reaches a client already built); `apiBase` points every Google API at one root (the
 * sandbox in demo mode and tests; Google's own hosts when absent).
 */
const GoogleCredentials = z.object({
  apiBase: z.url().optional(),
});
type GoogleCredentials = z.infer<typeof GoogleCredentials>;

/**
 * googleapis keeps only the origin of a `rootUrl`, so an API root with a path (the sandbox's `/google`)
 * is reached by putting the path back on each request.
 */
function underBase(base: string | undefined, fetch: UpstreamFetch): UpstreamFetch {
  const prefix = base ? new URL(base).pathname.replace(/\/$/, '') : '';
  if (!prefix) return fetch;
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.startsWith(`${prefix}/`)) url.pathname = `${prefix}${url.pathname}`;
    return fetch(url, init);
  };
}

function suiteClients(credentials: GoogleCredentials, ctx: ClientContext): SuiteClients {
  const fetchImplementation = underBase(credentials.apiBase, userTokenFetch(ctx));
  // Our fetch carries the retries and the user's token: gaxios's own retry and auth stay out.
  const options = {
    ...(credentials.apiBase ? { rootUrl: `${new URL(credentials.apiBase).origin}/` } : {}),
    retry: false,
    fetchImplementation,
  };
  return {
    calendar: lazySdk(async () => (await import('@googleapis/calendar')).calendar({ version: 'v3', ...options })),
    gmail: lazySdk(async () => (await import('@googleapis/gmail')).gmail({ version: 'v1', ...options })),
    chat: lazySdk(async () => (await import('@googleapis/chat')).chat({ version: 'v1', ...options })),
  };
}

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; errors?: Array<{ reason?: string }> };
}

/** gaxios marks its errors with this symbol (its `instanceof` works across copies of the package through it). */
const GAXIOS_ERROR = Symbol.for('gaxios-gaxios-error');

/** A gaxios failure: the response it carries (status, headers, Google's `{error}` body). */
function responseOf(error: unknown): { status: number; headers: HeaderSource; data: unknown } | undefined {
  if (!(error instanceof Error) || !(GAXIOS_ERROR in error) || !('response' in error)) return undefined;
  const response = (error as { response?: { status?: unknown; headers?: unknown; data?: unknown } }).response;
  if (!response || typeof response.status !== 'number') return undefined;
  return { status: response.status, headers: response.headers as HeaderSource, data: response.data };
}

const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

/** Google's error, with its own message; a 403 whose reason is a quota is a rate limit. */
function googleFailure(status: number, headers: HeaderSource, data: unknown, cause: unknown): AppError {
  const body = (typeof data === 'string' ? safeParse(data) : data) as GoogleErrorBody | undefined;
  const reasons = body?.error?.errors?.map((e) => e.reason).filter((r): r is string => !!r) ?? [];
  return upstreamError(
    {
      status,
      headers,
      message: body?.error?.message,
      rateLimited: status === 403 && reasons.some((r) => RATE_REASONS.has(r)),
      details: reasons.length ? { reasons } : undefined,
      cause,
    },
    'Google',
  );
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Google Workspace for each user: their own consent (the suite OAuth flow), their tokens from the vault. */
export const googleIntegration = defineIntegration({
  id: 'google',
  title: 'Google',
  connectionKeys: ['suite'],
  credentials: GoogleCredentials,
  sources: ['vault'],
  createClient: suiteClients,
  classifyResponse: classifyByStatus('Google'),
  mapError: (error) => {
    const response = responseOf(error);
    return response ? googleFailure(response.status, response.headers, response.data, error) : undefined;
  },
  demo: () => import('./demo.js').then((m) => m.googleDemo),
});
