import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import {
  defineIntegration,
  type ClientContext,
  type UpstreamFetch,
  type UserGrant,
} from '../../src/integrations/integration.js';
import { classifyByStatus, upstreamError } from '../../src/integrations/http-status.js';
import { lazySdk } from '../../src/integrations/lazy-sdk.js';
import { userTokenFetch } from '../../src/integrations/user-token-fetch.js';
import { AppError } from '../../src/toolkit/errors.js';
import type { ChatClients, MemberName } from './clients.js';
import { installationOf, type Identity } from './tokens.js';

export type { ChatClients, MemberName } from './clients.js';

declare module '../../src/toolkit/context.js' {
  interface ClientMap {
    slack: ChatClients;
  }
}

/** What a chat client is built from: where the Web API is (the sandbox in demo mode and tests; slack.com when absent). */
const SlackCredentials = z.object({ apiBase: z.url().optional() });
type SlackCredentials = z.infer<typeof SlackCredentials>;

/** Web API methods that only read: Slack takes their arguments as a GET query string too. */
const READ_METHODS = new Set([
  'auth.test',
  'conversations.history',
  'conversations.info',
  'conversations.list',
  'conversations.members',
  'conversations.replies',
  'search.messages',
  'users.info',
  'users.list',
  'users.lookupByEmail',
]);

/**
 * @slack/web-api POSTs every method. Reads go out as GETs with their form arguments in the query, so
 * the one retry layer treats them as safe (retried after a 5xx or within a tier's Retry-After), while
 * posting, editing and deleting stay POSTs that are never sent twice.
 */
function readsAsGet(fetch: UpstreamFetch): UpstreamFetch {
  return (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
    const body = init.body;
    if (
      (init.method ?? 'GET').toUpperCase() !== 'POST' ||
      !READ_METHODS.has(method) ||
      !(typeof body === 'string' || body instanceof URLSearchParams)
    )
      return fetch(input, init);
    for (const [key, value] of new URLSearchParams(body)) url.searchParams.append(key, value);
    const headers = new Headers(init.headers);
    headers.delete('content-type');
    return fetch(url, { ...init, method: 'GET', headers, body: undefined });
  };
}

/**
 * Slack's answers (HTTP 200) that mean the presented token is no longer good: a rotated token expired,
 * or the installation was revoked or removed in Slack (the token is then unknown: `invalid_auth`).
 */
const NO_LONGER_GOOD = new Set(['token_expired', 'token_revoked', 'invalid_auth', 'account_inactive']);

/**
 * Slack says a token is no longer good with `{ok: false, error}` on HTTP 200; the user-token fetch
 * refreshes once on a 401, so that answer is handed on as the 401 it means. A refresh Slack refuses
 * (or an installation whose tokens do not rotate) then drops the grant and asks the user to install again.
 */
function expiryAsUnauthorized(fetch: UpstreamFetch): UpstreamFetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('json')) return response;
    const text = await response.text();
    const error = (safeJson(text) as { ok?: boolean; error?: string } | undefined)?.error;
    return new Response(text, { status: error && NO_LONGER_GOOD.has(error) ? 401 : 200, headers: response.headers });
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const tokenOf =
  (identity: Identity) =>
  (grant: UserGrant): string | undefined =>
    installationOf(grant)[identity === 'user' ? 'userToken' : 'botToken'];

function chatClients(credentials: SlackCredentials, ctx: ClientContext): ChatClients {
  const names = new Map<string, Promise<Map<string, MemberName>>>();
  const build = async (identity: Identity) => {
    const { WebClient } = await import('@slack/web-api');
    // Our fetch carries the retries (honouring the tier's Retry-After) and presents the chosen token.
    return new WebClient(undefined, {
      slackApiUrl: credentials.apiBase,
      fetch: readsAsGet(userTokenFetch({ ...ctx, fetch: expiryAsUnauthorized(ctx.fetch) }, tokenOf(identity))),
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
    });
  };
  const clients: Record<Identity, () => Promise<WebClient>> = {
    user: lazySdk(() => build('user')),
    bot: lazySdk(() => build('bot')),
  };
  return {
    async installation() {
      if (!ctx.grant) throw new AppError('NOT_CONFIGURED', 'Chat acts for each user and needs their authorization');
      return installationOf(await ctx.grant.current());
    },
    as: (identity) => clients[identity](),
    names(teamId, load) {
      let known = names.get(teamId);
      if (!known) {
        names.set(teamId, (known = load()));
        known.catch(() => names.delete(teamId));
      }
      return known;
    },
  };
}

interface SlackSdkError {
  code?: string;
  data?: { error?: string };
  retryAfter?: number;
  statusCode?: number;
}

/**
 * @slack/web-api's failures: Slack's `{ok: false, error}` (200) is the spec's `Chat API error: <code>`
 * (400); a 429 our retries could not outlast keeps its Retry-After.
 */
function mapSlackError(error: unknown): AppError | undefined {
  if (!(error instanceof Error)) return undefined;
  const sdk = error as SlackSdkError;
  if (sdk.code === 'slack_webapi_platform_error' && sdk.data?.error) {
    return new AppError('VALIDATION_ERROR', `Chat API error: ${sdk.data.error}`, {
      upstreamStatus: 400,
      cause: error,
      details: { slack_error: sdk.data.error },
    });
  }
  if (sdk.code === 'slack_webapi_rate_limited_error')
    return upstreamError({ status: 429, retryAfter: sdk.retryAfter, cause: error }, 'Slack');
  if (sdk.code === 'slack_webapi_http_error' && typeof sdk.statusCode === 'number')
    return upstreamError({ status: sdk.statusCode, cause: error }, 'Slack');
  return undefined;
}

/** Slack for each user: their installation of the app (the chat OAuth flow), bot and user tokens from the vault. */
export const slackIntegration = defineIntegration({
  id: 'slack',
  title: 'Slack',
  connectionKeys: ['chat'],
  credentials: SlackCredentials,
  sources: ['vault'],
  createClient: chatClients,
  classifyResponse: classifyByStatus('Slack'),
  mapError: mapSlackError,
  demo: () => import('./demo.js').then((m) => m.slackDemo),
});
