import type { UpstreamFetch } from '../integration.js';
import { parseJsonOrUndefined } from '../json-text.js';

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
export function readsAsGet(fetch: UpstreamFetch): UpstreamFetch {
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
export function expiryAsUnauthorized(fetch: UpstreamFetch): UpstreamFetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('json')) return response;
    const text = await response.text();
    const error = (parseJsonOrUndefined(text) as { ok?: boolean; error?: string } | undefined)?.error;
    return new Response(text, { status: error && NO_LONGER_GOOD.has(error) ? 401 : 200, headers: response.headers });
  };
}
