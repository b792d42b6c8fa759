import type { ClientContext, UpstreamFetch } from '../integration.js';
import { lazySdk } from '../lazy-sdk.js';
import { userTokenFetch } from '../user-token-fetch.js';
import type { GoogleClients } from './clients.js';
import type { GoogleCredentials } from './credentials.js';

declare module '../../toolkit/context.js' {
  interface ClientMap {
    google: GoogleClients;
  }
}

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

/** The calling user's Calendar, Gmail and Chat clients, each imported on first use. */
export function googleClients(credentials: GoogleCredentials, ctx: ClientContext): GoogleClients {
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
