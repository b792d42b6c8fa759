import type { Request, Response } from 'express';
import type { WorkspaceId } from '../../credentials.js';
import { FakeError, workspaceOf } from '../../kit/index.js';
import type { SlackChannel, SlackState } from '../state.js';

export type States = Record<WorkspaceId, SlackState>;

/** Who a Web API call acts as: the app's bot, or one member through their user token. */
export interface SlackCaller {
  state: SlackState;
  kind: 'bot' | 'user';
  /** The member id the call acts as (the bot user for a bot token). */
  userId: string;
  scopes: string[];
}

/** A method's failure as Slack answers it: 200 with `{ok: false, error}` (and the scopes, for missing_scope). */
export const slackFailure = (error: string, extra?: Record<string, unknown>): FakeError =>
  new FakeError('bad_request', error, { code: error, status: 200, details: extra && { extra } });

const tokenOf = (req: Request): string =>
  req.get('authorization')?.match(/^bearer\s+(\S+)$/i)?.[1] ??
  String((req.body as { token?: unknown } | undefined)?.token ?? '');

export function callerOf(states: States, req: Request, res: Response): SlackCaller {
  const state = states[workspaceOf(res)];
  const token = tokenOf(req);
  const user = state.oauth.userTokens.get(token);
  if (user) return { state, kind: 'user', userId: state.people[user.personIndex].slackId, scopes: user.scopes };
  return { state, kind: 'bot', userId: state.botUserId, scopes: state.oauth.botTokens.get(token)?.scopes ?? [] };
}

/** Refuses with missing_scope unless the token holds one of the scopes. */
export function requireScope(caller: SlackCaller, ...anyOf: string[]): void {
  if (!anyOf.some((scope) => caller.scopes.includes(scope)))
    throw slackFailure('missing_scope', { needed: anyOf.join(','), provided: caller.scopes.join(',') });
}

/** The history scope a conversation kind needs (`channels:history` for a public channel...). */
export const scopeFor = (kind: SlackChannel['kind'], action: 'history' | 'read'): string =>
  `${{ public: 'channels', private: 'groups', im: 'im', mpim: 'mpim' }[kind]}:${action}`;

/** A method's parameters: query string, form body or JSON body, as Slack accepts all three. */
export function paramsOf(req: Request): Record<string, string> {
  const merged = { ...(req.query as Record<string, unknown>), ...((req.body ?? {}) as Record<string, unknown>) };
  return Object.fromEntries(
    Object.entries(merged)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

/**
 * The conversation a call names, if the caller may see it: members only for private channels and
 * direct messages (`channel_not_found` otherwise, as Slack hides them), and the bot only where it was
 * invited when reading history (`not_in_channel`).
 */
export function channelFor(
  caller: SlackCaller,
  id: string | undefined,
  action: 'history' | 'read' | 'write',
): SlackChannel {
  const channel = caller.state.channels.find((c) => c.id === id);
  const member = channel?.members.includes(caller.userId) ?? false;
  if (!channel || (channel.kind !== 'public' && !member)) throw slackFailure('channel_not_found');
  if (action !== 'write') requireScope(caller, scopeFor(channel.kind, action));
  if (action !== 'read' && !member && caller.kind === 'bot') throw slackFailure('not_in_channel');
  return channel;
}
