import type { Router } from 'express';
import type { FakeContext } from '../../fake-upstream.js';
import type { SlackChannel } from '../state.js';
import { callerOf, channelFor, paramsOf, requireScope, slackFailure, type SlackCaller, type States } from './caller.js';
import { channelJson } from './serializers.js';

/** Slack's channel-name rule: lowercase letters, digits, hyphens and underscores, at most 80 characters. */
const NAME = /^[a-z0-9_-]+$/;
const MAX_NAME = 80;

/** The scope managing a conversation of this kind needs: channels:manage (public), groups:write (private). */
const manageScope = (kind: SlackChannel['kind']): string => (kind === 'public' ? 'channels:manage' : 'groups:write');

function managed(caller: SlackCaller, id: string | undefined): SlackChannel {
  const channel = channelFor(caller, id, 'write');
  requireScope(caller, manageScope(channel.kind));
  if (channel.archived) throw slackFailure('is_archived');
  return channel;
}

/** conversations.create, setPurpose and invite, with Slack's scopes, name rules and errors. */
export function channelAdminRoutes(router: Router, states: States, ctx: FakeContext): void {
  router.post('/api/conversations.create', (req, res) => {
    const caller = callerOf(states, req, res);
    const params = paramsOf(req);
    const kind = params.is_private === 'true' || params.is_private === '1' ? 'private' : 'public';
    requireScope(caller, manageScope(kind));
    const name = params.name ?? '';
    if (!name) throw slackFailure('invalid_name_required');
    if (name.length > MAX_NAME) throw slackFailure('invalid_name_maxlength');
    if (!NAME.test(name)) throw slackFailure('invalid_name_specials');
    if (caller.state.channels.some((c) => c.name === name)) throw slackFailure('name_taken');
    const letter = caller.state.team.id.charAt(1);
    const channel: SlackChannel = {
      id: `C${letter}${(++caller.state.sequence).toString(36).toUpperCase().padStart(9, '0')}`,
      name,
      kind,
      created: Math.floor(ctx.clock.now() / 1000),
      creator: caller.userId,
      topic: '',
      purpose: '',
      members: [caller.userId],
      archived: false,
      messages: [],
    };
    caller.state.channels.push(channel);
    res.json({ ok: true, channel: channelJson(caller.state, channel, caller.userId) });
  });

  router.post('/api/conversations.setPurpose', (req, res) => {
    const caller = callerOf(states, req, res);
    const params = paramsOf(req);
    const channel = managed(caller, params.channel);
    if (!channel.members.includes(caller.userId)) throw slackFailure('not_in_channel');
    if ((params.purpose ?? '').length > 250) throw slackFailure('too_long');
    channel.purpose = params.purpose ?? '';
    res.json({ ok: true, channel: channelJson(caller.state, channel, caller.userId) });
  });

  router.post('/api/conversations.invite', (req, res) => {
    const caller = callerOf(states, req, res);
    const params = paramsOf(req);
    const channel = managed(caller, params.channel);
    if (!channel.members.includes(caller.userId)) throw slackFailure('not_in_channel');
    const users = (params.users ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    if (users.length === 0) throw slackFailure('no_user');
    const known = new Set([...caller.state.people.map((p) => p.slackId), caller.state.botUserId]);
    for (const user of users) {
      if (!known.has(user)) throw slackFailure('user_not_found');
      if (user === caller.userId) throw slackFailure('cant_invite_self');
    }
    const fresh = users.filter((u) => !channel.members.includes(u));
    if (fresh.length === 0) throw slackFailure('already_in_channel');
    channel.members.push(...fresh);
    res.json({ ok: true, channel: channelJson(caller.state, channel, caller.userId) });
  });
}
