import type { SlackChannel, SlackFile, SlackMessage, SlackState } from '../state.js';
import { fileJson } from './files.js';

export function channelJson(state: SlackState, channel: SlackChannel, viewer: string): Record<string, unknown> {
  const base = {
    id: channel.id,
    created: channel.created,
    is_archived: channel.archived,
    is_org_shared: false,
    context_team_id: state.team.id,
  };
  if (channel.kind === 'im') {
    return {
      ...base,
      is_im: true,
      is_user_deleted: false,
      user: channel.members.find((m) => m !== viewer) ?? channel.members[0],
      priority: 0,
    };
  }
  const topic = {
    value: channel.topic,
    creator: channel.topic ? channel.creator : '',
    last_set: channel.topic ? channel.created : 0,
  };
  return {
    ...base,
    name: channel.name,
    name_normalized: channel.name,
    is_channel: channel.kind === 'public',
    is_group: channel.kind === 'private',
    is_im: false,
    is_mpim: channel.kind === 'mpim',
    is_private: channel.kind !== 'public',
    is_general: channel.name === 'general',
    is_member: channel.members.includes(viewer),
    creator: channel.creator,
    topic,
    purpose: { ...topic, value: channel.purpose },
    num_members: channel.members.length,
  };
}

/** A message as conversations.history shows it; a thread's parent carries its reply counts. */
export function messageJson(state: SlackState, channel: SlackChannel, message: SlackMessage): Record<string, unknown> {
  const base: Record<string, unknown> = {
    type: 'message',
    user: message.user,
    text: message.text,
    ts: message.ts,
    team: state.team.id,
  };
  if (message.edited) base.edited = message.edited;
  if (message.files?.length) {
    const files = state.files ?? new Map<string, SlackFile>();
    base.files = message.files.flatMap((id) => {
      const file = files.get(id);
      return file ? [fileJson(state, file)] : [];
    });
    base.upload = true;
  }
  if (!message.threadTs) return base;
  base.thread_ts = message.threadTs;
  if (message.threadTs !== message.ts)
    return { ...base, parent_user_id: channel.messages.find((m) => m.ts === message.threadTs)?.user };
  const replies = channel.messages.filter((m) => m.threadTs === message.ts && m.ts !== message.ts);
  return {
    ...base,
    reply_count: replies.length,
    reply_users: [...new Set(replies.map((r) => r.user))],
    reply_users_count: new Set(replies.map((r) => r.user)).size,
    latest_reply: replies.at(-1)?.ts ?? message.ts,
  };
}

export function userJson(state: SlackState, personIndex: number, withEmail: boolean): Record<string, unknown> {
  const person = state.people[personIndex];
  const profile: Record<string, unknown> = {
    real_name: person.name,
    display_name: person.first,
    first_name: person.first,
    last_name: person.last,
    image_72: `https://avatars.slack.test/${person.slackId}.png`,
  };
  if (withEmail) profile.email = person.email;
  return {
    id: person.slackId,
    team_id: state.team.id,
    name: person.login,
    real_name: person.name,
    deleted: false,
    is_bot: false,
    is_admin: person.index === 0,
    tz: 'Europe/Berlin',
    profile,
  };
}
