import type { UnifyClient } from '../../src/integrations/apideck/client.js';
import { withConnectedProvider, type FamilyProvider } from '../../src/integrations/apideck/connection.js';
import { proxyRequest } from '../../src/integrations/apideck/proxy.js';
import { AppError, type ErrorCode } from '../../src/toolkit/errors.js';

/** Apideck's unified API whose connection names the tenant's chat workspace. */
const UNIFIED_API = 'team-messaging';
const SLACK: FamilyProvider = { service: 'slack', name: 'Slack', family: 'team chat' };

/** Slack's `ok: false` errors as the platform's codes; any other is the provider refusing (422). */
const SLACK_ERRORS: Readonly<Record<string, ErrorCode>> = {
  channel_not_found: 'NOT_FOUND',
  user_not_found: 'NOT_FOUND',
  thread_not_found: 'NOT_FOUND',
  name_taken: 'CONFLICT',
  already_in_channel: 'CONFLICT',
  invalid_name_required: 'VALIDATION_ERROR',
  invalid_name_specials: 'VALIDATION_ERROR',
  invalid_name_maxlength: 'VALIDATION_ERROR',
  cant_invite_self: 'VALIDATION_ERROR',
  no_text: 'VALIDATION_ERROR',
  msg_too_long: 'VALIDATION_ERROR',
  too_long: 'VALIDATION_ERROR',
  ratelimited: 'RATE_LIMITED',
};

/** What a Slack error means for the caller, where the code alone says little. */
const EXPLAINED: Readonly<Record<string, string>> = {
  not_in_channel: "the workspace's app is not a member of this channel: invite it in Slack first",
  missing_scope:
    "the workspace's Slack connection lacks a permission this needs: reconnect it through POST /auth/vault-session",
};

type SlackAnswer = Record<string, unknown> & { ok?: boolean; error?: string };

function slackError(method: string, error: string, retryAfter: number | undefined): AppError {
  const code = SLACK_ERRORS[error] ?? 'UPSTREAM_REJECTED';
  const message = `Slack ${method} failed: ${error}${EXPLAINED[error] ? ` (${EXPLAINED[error]})` : ''}`;
  return new AppError(code, message, {
    details: { provider_error: error },
    ...(retryAfter === undefined ? {} : { retryAfter }),
  });
}

/**
 * One Slack Web API call through Apideck's Proxy API, authorized by the tenant's team-messaging
 * connection: reads as GET with a query, writes as POST with a JSON body. Slack's `ok: false` answers
 * and HTTP failures become the platform's errors (429 with Retry-After, 5xx as 502).
 */
export function slackCall(
  client: UnifyClient,
  method: string,
  params: Record<string, string | number | boolean | undefined>,
  write = false,
): Promise<SlackAnswer> {
  const defined = Object.entries(params).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  );
  const query = write
    ? ''
    : `?${new URLSearchParams(defined.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
  return withConnectedProvider(client, UNIFIED_API, SLACK, async () => {
    const answer = await proxyRequest(client, {
      serviceId: SLACK.service,
      path: `/${method}${query}`,
      method: write ? 'POST' : 'GET',
      ...(write ? { body: Object.fromEntries(defined) } : {}),
    });
    const retryAfter = Number(answer.headers.get('retry-after') ?? NaN);
    const waited = Number.isFinite(retryAfter) ? retryAfter : undefined;
    if (answer.status === 429) throw slackError(method, 'ratelimited', waited ?? 1);
    if (answer.status >= 500) throw new AppError('UPSTREAM_ERROR', `Slack ${method} failed with HTTP ${answer.status}`);
    const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as SlackAnswer;
    if (answer.status >= 400 || body.ok !== true)
      throw slackError(method, body.error ?? `http_${answer.status}`, waited);
    return body;
  });
}

/** The cursor of Slack's next page, or null on the last. */
export const nextCursorOf = (answer: SlackAnswer): string | null =>
  (answer.response_metadata as { next_cursor?: string } | undefined)?.next_cursor || null;
