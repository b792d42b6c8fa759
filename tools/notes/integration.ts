import { Client, isHTTPResponseError, LogLevel } from '@notionhq/client';
import { z } from 'zod';
import { defineIntegration } from '../../src/integrations/integration.js';
import { upstreamError, type HeaderSource } from '../../src/integrations/http-status.js';
import type { AppError } from '../../src/toolkit/errors.js';

declare module '../../src/toolkit/context.js' {
  interface ClientMap {
    notion: Client;
  }
}

/** Credentials of Notion: an internal integration's token under `notes` in a JWT's connections, or NOTION_TOKEN. */
const NotionCredentials = z.object({
  token: z.string().min(1),
  /** API root; the sandbox sets it. */
  baseUrl: z.url().optional(),
});
type NotionCredentials = z.infer<typeof NotionCredentials>;

/** Notion's `{object: 'error', status, code, message}` as the platform's error, with Notion's wording (also for Notion reached through the unified API). */
export function notionFailure(
  status: number,
  headers: HeaderSource,
  body: string | undefined,
  cause: unknown,
): AppError {
  let message: string | undefined;
  let code: string | undefined;
  try {
    const parsed = JSON.parse(body ?? '') as { message?: string; code?: string };
    message = parsed.message;
    code = parsed.code;
  } catch {
    message = undefined;
  }
  return upstreamError({ status, headers, message, details: code ? { code } : undefined, cause }, 'Notion');
}

export const notionIntegration = defineIntegration({
  id: 'notion',
  title: 'Notion',
  connectionKeys: ['notes'],
  credentials: NotionCredentials,
  sources: ['jwt', 'env'],
  env: { token: 'NOTION_TOKEN', baseUrl: 'NOTION_API_URL' },
  createClient: (credentials: NotionCredentials, { fetch }) =>
    new Client({
      auth: credentials.token,
      baseUrl: credentials.baseUrl?.replace(/\/$/, ''),
      fetch,
      // Our fetch carries the retries; the client's own are off. Its logs would reach stdout.
      retry: false,
      logLevel: LogLevel.ERROR,
      logger: () => undefined,
    }),
  classifyResponse: (response) =>
    response.status >= 400 ? notionFailure(response.status, response.headers, undefined, undefined) : undefined,
  mapError: (error) =>
    isHTTPResponseError(error)
      ? notionFailure(error.status, error.headers as HeaderSource, error.body, error)
      : undefined,
  demo: () => import('./demo.js').then((m) => m.notionDemo),
});
