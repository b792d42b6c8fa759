import { z } from 'zod';
import { defineTool, type ListPage, type TypedTool } from '../../src/toolkit/define-tool.js';
import type { PageRequest } from '../../src/toolkit/pagination.js';
import type { UnifyClient } from '../../src/integrations/apideck/client.js';
import { readWindow, windowListPage } from '../shared/cursor-window.js';
import { ChannelIdArg, viaUserSlack, SLACK_MAX_PAGE } from './args.js';
import {
  type Member,
  memberOf,
  MemberSchema,
  type Message,
  messageOf,
  MessageSchema,
  messageTextOf,
} from './records.js';
import { memberEmails } from './directory.js';
import { nextCursorOf, slackCall } from './slack.js';

const withAuthorEmail = (message: Message, emails: ReadonlyMap<string, string>): Message => {
  const email = message.author_id ? emails.get(message.author_id) : undefined;
  return email ? { ...message, author_email: email } : message;
};

/** A page of one Slack list method of a channel, walked by Slack cursors from the start. */
async function channelWindow<M>(unify: UnifyClient, page: PageRequest, method: string, channel: string, key: string) {
  return readWindow(
    async (cursor, limit) => {
      const answer = await slackCall(unify, method, { channel, cursor, limit });
      return { records: answer[key] as M[], next: nextCursorOf(answer) };
    },
    page,
    SLACK_MAX_PAGE,
  );
}

const listMessagesTool = defineTool({
  system: 'team_chat',
  name: 'list_messages',
  title: 'List team chat messages',
  description:
    "List the messages of a channel of the tenant's connected team chat workspace, newest first (thread replies stay in their thread), one page at a time. The workspace's app must be a member of the channel.",
  capability: { type: 'read', name: 'team_chat.messages.list' },
  input: z.object({ channel_id: ChannelIdArg }),
  list: { key: 'messages', defaultLimit: 30 },
  item: MessageSchema,
  hints: {
    aliases: ['workspace channel history', 'read team channel', 'recent messages in workspace channel'],
    when_to_use: "To read what was said in a channel of the company's connected chat workspace.",
    not_for: viaUserSlack('chat_list_messages'),
    examples: [
      {
        query: 'latest messages in workspace channel CA002504DB',
        tool: 'list_messages',
        params: { channel_id: 'CA002504DB', limit: 20 },
      },
    ],
  },
  target: (args) => ({ type: 'chat_channel', id: args.channel_id }),
  async run({ client, args, page, clock }): Promise<ListPage<Message>> {
    const unify = client('unify');
    const window = await channelWindow<Record<string, unknown>>(
      unify,
      page,
      'conversations.history',
      args.channel_id,
      'messages',
    );
    const emails = await memberEmails(unify, clock);
    return windowListPage(window, page, (m) => withAuthorEmail(messageOf(args.channel_id, m), emails));
  },
});
export const listMessages = listMessagesTool as TypedTool<Record<string, unknown>, Record<string, Message[]>>;

export const sendMessage = defineTool({
  system: 'team_chat',
  name: 'send_message',
  title: 'Send a team chat message',
  description:
    "Post a message to a channel of the tenant's connected team chat workspace as the workspace's app (which must be a member); a subject becomes the message's bold first line. Not idempotent: a failed call is never resent automatically.",
  capability: { type: 'action', name: 'team_chat.messages.send', idempotent: false },
  input: z.object({
    channel_id: ChannelIdArg,
    content: z.string().trim().min(1).max(39_000).describe('The message text (Slack mrkdwn)'),
    subject: z.string().trim().min(1).max(200).optional().describe('A short subject shown as the bold first line'),
  }),
  output: MessageSchema,
  hints: {
    aliases: ['post to workspace channel', 'announce in team chat', 'send as the workspace app'],
    when_to_use: "To post in a channel of the company's connected chat workspace as the company's app.",
    not_for: `Sending as a person: ${viaUserSlack('chat_send_message')}`,
    examples: [
      {
        query: 'announce the release in workspace channel CA003A098A',
        tool: 'send_message',
        params: { channel_id: 'CA003A098A', subject: 'Release 2.4', content: 'Version 2.4 is live.' },
      },
    ],
  },
  target: (args) => ({ type: 'chat_channel', id: args.channel_id }),
  verify: (result, args) =>
    result.content === args.content && result.subject === (args.subject ?? null)
      ? undefined
      : 'the stored message differs from the one sent',
  async run({ client, args }) {
    const answer = await slackCall(
      client('unify'),
      'chat.postMessage',
      { channel: args.channel_id, text: messageTextOf(args.content, args.subject) },
      true,
    );
    return messageOf(String(answer.channel), answer.message as Record<string, unknown>);
  },
});

const listMembersTool = defineTool({
  system: 'team_chat',
  name: 'list_members',
  title: 'List team chat channel members',
  description: "List the member ids of a channel of the tenant's connected team chat workspace, one page at a time.",
  capability: { type: 'read', name: 'team_chat.members.list' },
  input: z.object({ channel_id: ChannelIdArg }),
  list: { key: 'members', defaultLimit: 100 },
  item: MemberSchema,
  hints: {
    aliases: ['who is in the workspace channel', 'channel members', 'team channel roster'],
    when_to_use: "To see who is in a channel of the company's connected chat workspace.",
    not_for: viaUserSlack('chat_list_channel_members'),
    examples: [
      { query: 'who is in workspace channel CA002504DB', tool: 'list_members', params: { channel_id: 'CA002504DB' } },
    ],
  },
  target: (args) => ({ type: 'chat_channel', id: args.channel_id }),
  async run({ client, args, page }): Promise<ListPage<Member>> {
    const window = await channelWindow<string>(
      client('unify'),
      page,
      'conversations.members',
      args.channel_id,
      'members',
    );
    return windowListPage(window, page, (id) => memberOf(args.channel_id, id));
  },
});
export const listMembers = listMembersTool as TypedTool<Record<string, unknown>, Record<string, Member[]>>;

export const addMember = defineTool({
  system: 'team_chat',
  name: 'add_member',
  title: 'Add a member to a team chat channel',
  description:
    "Invite a workspace member to a channel of the tenant's connected team chat workspace (the workspace's app must be a member). Returns the member; one already in the channel is refused (409).",
  capability: { type: 'action', name: 'team_chat.members.add', idempotent: false },
  input: z.object({
    channel_id: ChannelIdArg,
    user_id: z
      .string()
      .trim()
      .regex(/^[UW][A-Z0-9]{2,}$/, 'a Slack member id such as U0123ABCD')
      .describe('The member id to invite (from team_chat_list_members or the chat users)'),
  }),
  output: MemberSchema,
  hints: {
    aliases: ['invite to workspace channel', 'add someone to team channel'],
    when_to_use: "To add a person to a channel of the company's connected chat workspace.",
    not_for: viaUserSlack('chat_list_channel_members'),
    examples: [
      {
        query: 'add UA21446E320 to workspace channel CA002504DB',
        tool: 'add_member',
        params: { channel_id: 'CA002504DB', user_id: 'UA21446E320' },
      },
    ],
  },
  target: (args) => ({ type: 'chat_channel', id: args.channel_id }),
  verify: (result, args) => (result.id === args.user_id ? undefined : `member is ${result.id}, not ${args.user_id}`),
  async run({ client, args }) {
    const answer = await slackCall(
      client('unify'),
      'conversations.invite',
      { channel: args.channel_id, users: args.user_id },
      true,
    );
    return memberOf(String((answer.channel as { id?: string }).id ?? args.channel_id), args.user_id);
  },
});
