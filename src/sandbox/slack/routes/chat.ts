import type { Router } from 'express';
import { slackTs } from '../../kit/index.js';
import type { FakeContext } from '../../fake-upstream.js';
import { callerOf, channelFor, paramsOf, requireScope, slackFailure, type States } from './caller.js';
import { messageJson } from './serializers.js';

const MAX_TEXT = 40_000;

/** chat.postMessage, update and delete: as the token's identity, in threads, only one's own messages changed. */
export function chatRoutes(router: Router, states: States, ctx: FakeContext): void {
  router.post('/api/chat.postMessage', (req, res) => {
    const caller = callerOf(states, req, res);
    requireScope(caller, 'chat:write');
    const params = paramsOf(req);
    const channel = channelFor(caller, params.channel, 'write');
    const text = params.text ?? '';
    if (!text.trim()) throw slackFailure('no_text');
    if (text.length > MAX_TEXT) throw slackFailure('msg_too_long');
    const thread = params.thread_ts ? channel.messages.find((m) => m.ts === params.thread_ts) : undefined;
    if (params.thread_ts && !thread) throw slackFailure('thread_not_found');
    const ts = slackTs(ctx.clock.now(), ++caller.state.sequence % 1_000_000);
    if (thread && !thread.threadTs) thread.threadTs = thread.ts;
    const message = { ts, user: caller.userId, text, ...(thread ? { threadTs: thread.threadTs } : {}) };
    channel.messages.push(message);
    res.json({ ok: true, channel: channel.id, ts, message: messageJson(caller.state, channel, message) });
  });

  router.post('/api/chat.update', (req, res) => {
    const caller = callerOf(states, req, res);
    requireScope(caller, 'chat:write');
    const params = paramsOf(req);
    const channel = channelFor(caller, params.channel, 'write');
    const message = channel.messages.find((m) => m.ts === params.ts);
    if (!message) throw slackFailure('message_not_found');
    if (message.user !== caller.userId) throw slackFailure('cant_update_message');
    if (!params.text?.trim()) throw slackFailure('no_text');
    message.text = params.text;
    message.edited = { user: caller.userId, ts: slackTs(ctx.clock.now(), ++caller.state.sequence % 1_000_000) };
    res.json({
      ok: true,
      channel: channel.id,
      ts: message.ts,
      text: message.text,
      message: messageJson(caller.state, channel, message),
    });
  });

  router.post('/api/chat.delete', (req, res) => {
    const caller = callerOf(states, req, res);
    requireScope(caller, 'chat:write');
    const params = paramsOf(req);
    const channel = channelFor(caller, params.channel, 'write');
    const index = channel.messages.findIndex((m) => m.ts === params.ts);
    if (index < 0) throw slackFailure('message_not_found');
    if (channel.messages[index].user !== caller.userId) throw slackFailure('cant_delete_message');
    channel.messages.splice(index, 1);
    res.json({ ok: true, channel: channel.id, ts: params.ts });
  });
}
