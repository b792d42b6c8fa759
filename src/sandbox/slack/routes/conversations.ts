import type { Router } from 'express';
import { cursorFields, cursorPage, readCursorPage } from '../../kit/index.js';
import { callerOf, channelFor, paramsOf, requireScope, scopeFor, slackFailure, type States } from './caller.js';
import { channelJson, messageJson } from './serializers.js';

const PAGE = { cursor: 'cursor', limit: 'limit', defaultLimit: 100, maxLimit: 999 };
const KINDS: Record<string, 'public' | 'private' | 'im' | 'mpim'> = {
  public_channel: 'public',
  private_channel: 'private',
  im: 'im',
  mpim: 'mpim',
};

const tsNumber = (value: string | undefined, fallback: number): number =>
  value === undefined || value === '' ? fallback : Number(value);

/** conversations.list, info, members, history and replies, with each kind's scopes and membership rules. */
export function conversationRoutes(router: Router, states: States): void {
  router.all('/api/conversations.list', (req, res) => {
    const caller = callerOf(states, req, res);
    const params = paramsOf(req);
    const types = (params.types ?? 'public_channel').split(',').map((t) => t.trim());
    const kinds = types.map((t) => {
      const kind = KINDS[t];
      if (!kind) throw slackFailure('invalid_types');
      return kind;
    });
    for (const kind of kinds) requireScope(caller, scopeFor(kind, 'read'));
    const visible = caller.state.channels.filter(
      (c) =>
        kinds.includes(c.kind) &&
        (c.kind === 'public' || c.members.includes(caller.userId)) &&
        (params.exclude_archived !== 'true' || !c.archived),
    );
    const page = cursorPage(visible, readCursorPage(params, PAGE), `conversations.list:${kinds.join(',')}`);
    res.json({
      ok: true,
      channels: page.items.map((c) => channelJson(caller.state, c, caller.userId)),
      ...cursorFields.slack(page),
    });
  });

  router.all('/api/conversations.info', (req, res) => {
    const caller = callerOf(states, req, res);
    const channel = channelFor(caller, paramsOf(req).channel, 'read');
    res.json({ ok: true, channel: channelJson(caller.state, channel, caller.userId) });
  });

  router.all('/api/conversations.members', (req, res) => {
    const caller = callerOf(states, req, res);
    const params = paramsOf(req);
    const channel = channelFor(caller, params.channel, 'read');
    const page = cursorPage(channel.members, readCursorPage(params, PAGE), `members:${channel.id}`);
    res.json({ ok: true, members: page.items, ...cursorFields.slack(page) });
  });

  router.all('/api/conversations.history', (req, res) => {
    const caller = callerOf(states, req, res);
    const params = paramsOf(req);
    const channel = channelFor(caller, params.channel, 'history');
    const inclusive = params.inclusive === 'true' || params.inclusive === '1';
    const oldest = tsNumber(params.oldest, 0);
    const latest = tsNumber(params.latest, Number.POSITIVE_INFINITY);
    if (Number.isNaN(oldest) || Number.isNaN(latest)) throw slackFailure('invalid_ts_oldest');
    const inRange = (ts: number) => (inclusive ? ts >= oldest && ts <= latest : ts > oldest && ts < latest);
    // Replies stay in their thread: history shows top-level messages and thread parents, newest first.
    const messages = channel.messages
      .filter((m) => (!m.threadTs || m.threadTs === m.ts) && inRange(Number(m.ts)))
      .reverse();
    const page = cursorPage(
      messages,
      readCursorPage(params, PAGE),
      `history:${channel.id}:${oldest}:${latest}:${String(inclusive)}`,
    );
    res.json({
      ok: true,
      messages: page.items.map((m) => messageJson(caller.state, channel, m)),
      has_more: page.nextCursor !== null,
      pin_count: 0,
      // Slack sends these on every history page (no channel actions in the sandbox).
      channel_actions_ts: null,
      channel_actions_count: 0,
      ...cursorFields.slack(page),
    });
  });

  router.all('/api/conversations.replies', (req, res) => {
    const caller = callerOf(states, req, res);
    const params = paramsOf(req);
    const channel = channelFor(caller, params.channel, 'history');
    const parent = channel.messages.find((m) => m.ts === params.ts);
    if (!parent) throw slackFailure('thread_not_found');
    const thread = parent.threadTs ? channel.messages.filter((m) => m.threadTs === parent.threadTs) : [parent];
    const page = cursorPage(thread, readCursorPage(params, PAGE), `replies:${channel.id}:${parent.ts}`);
    res.json({
      ok: true,
      messages: page.items.map((m) => messageJson(caller.state, channel, m)),
      has_more: page.nextCursor !== null,
      ...cursorFields.slack(page),
    });
  });
}
