import { z } from 'zod';
import { defineIntegration } from '../../src/integrations/integration.js';
import { upstreamError } from '../../src/integrations/http-status.js';
import { lazySdk } from '../../src/integrations/lazy-sdk.js';
import type { AppError } from '../../src/toolkit/errors.js';
import { recordingFetch, WikiApi } from './api.js';

declare module '../../src/toolkit/context.js' {
  interface ClientMap {
    confluence: WikiApi;
  }
}

/** Credentials of Confluence Cloud: the site, an account's email and API token (HTTP basic). */
const ConfluenceCredentials = z.object({
  baseUrl: z.url().describe('Site root, e.g. https://acme.atlassian.net'),
  email: z.string().min(1),
  apiToken: z.string().min(1),
});
type ConfluenceCredentials = z.infer<typeof ConfluenceCredentials>;

/**
 * confluence.js throws the answer's body: v1's `{statusCode, message}`, or v2's
 * `{errors: [{status, code, title, detail}]}`.
 */
function confluenceFailure(error: unknown): AppError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const body = error as {
    statusCode?: unknown;
    message?: unknown;
    errors?: Array<{ status?: unknown; title?: unknown; detail?: unknown; code?: unknown }>;
  };
  if (typeof body.statusCode === 'number' && typeof body.message === 'string' && !(error instanceof Error)) {
    return upstreamError(
      { status: body.statusCode, headers: new Headers(), message: body.message, cause: error },
      'Confluence',
    );
  }
  const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
  if (first && typeof first.status === 'number') {
    const message = [first.title, first.detail].filter((p) => typeof p === 'string' && p).join(': ');
    return upstreamError(
      {
        status: first.status,
        headers: new Headers(),
        message: message || undefined,
        details: first.code ? { code: first.code } : undefined,
        cause: error,
      },
      'Confluence',
    );
  }
  return undefined;
}

export const confluenceIntegration = defineIntegration({
  id: 'confluence',
  title: 'Confluence',
  connectionKeys: ['wiki'],
  credentials: ConfluenceCredentials,
  sources: ['jwt', 'env'],
  env: { baseUrl: 'CONFLUENCE_BASE_URL', email: 'CONFLUENCE_EMAIL', apiToken: 'CONFLUENCE_API_TOKEN' },
  createClient: (credentials: ConfluenceCredentials, { fetch }) => {
    const site = credentials.baseUrl.replace(/\/+$/, '').replace(/\/wiki$/, '');
    return new WikiApi(
      lazySdk(async () => {
        const { ConfluenceClient } = await import('confluence.js');
        return new ConfluenceClient({
          host: site,
          authentication: { basic: { email: credentials.email, apiToken: credentials.apiToken } },
          // axios's fetch adapter on our fetch: the one retry layer; the SDK has none of its own.
          baseRequestConfig: { adapter: 'fetch', env: { fetch: recordingFetch(fetch) } },
        });
      }),
      site,
    );
  },
  classifyResponse: (response) =>
    response.status >= 400
      ? upstreamError({ status: response.status, headers: response.headers }, 'Confluence')
      : undefined,
  mapError: confluenceFailure,
  demo: () => import('./demo.js').then((m) => m.confluenceDemo),
});
