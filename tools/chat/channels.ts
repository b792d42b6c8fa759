import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { readWindow, windowListPage } from '../shared/cursor-window.js';
import { channelId } from './fields.js';
import { chatSession } from './session.js';
import { ChannelSchema, channelOf, isoOfTs, type RawChannel, type RawMessage } from './shapes.js';

/** Slack answers at most 999 items per call of its list methods. */
export const SLACK_LIST_PAGE = 999;

const TYPES = ['public_channel', 'private_channel', 'mpim', 'im'] as const;

function typesOf(value: string): string[] {
  const types = value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = types.filter((t) => !(TYPES as readonly string[]).includes(t));
  if (unknown.length || !types.length)
    throw new AppError('VALIDATION_ERROR', `types takes a comma-separated list of ${TYPES.join(', ')}`);
  return types;
}

export const listChannels = defineTool({
  system: 'chat',
  name: 'list_channels',
  title: 'List Slack channels',
  description:
    'Channels of the Slack workspace the user can see (public and their private ones by default; mpim and im on request), one page at a time.',
  capability: { type: 'read', name: 'chat.channels.list' },
  input: z.object({
    limit: z.number().int().min(1).max(1000).default(200).describe('Channels per page (default 200)'),
    exclude_archived: z.boolean().default(true).describe('Leave archived channels out'),
    types: z
      .string()
      .max(100)
      .default('public_channel,private_channel')
      .describe('Comma-separated: public_channel, private_channel, mpim, im'),
    team_id: z.string().max(40).optional().describe('Workspace of an Enterprise Grid org'),
  }),
  list: { key: 'channels', defaultLimit: 200, topLevelPaging: true },
  item: ChannelSchema,
  aliases: ['chatchannel:list', 'ChatChannel.list'],
  hints: {
    aliases: ['chatchannel:list', 'ChatChannel.list', 'slack channels', 'list slack channels'],
    when_to_use: 'To find a Slack channel’s id by name, or see which channels exist.',
    not_for: 'Channels and DMs by recent activity (chat_list_chats); Google Chat spaces (suite).',
    examples: [{ query: 'which slack channels are there', tool: 'list_channels', params: {} }],
  },
  async run(ctx) {
    const { args, page } = ctx;
    const types = typesOf(args.types);
    const session = await chatSession(ctx, 'read', { publicOnly: types.every((t) => t === 'public_channel') });
    const window = await readWindow(
      async (cursor, limit) => {
        const answer = await session.client.conversations.list({
          limit,
          exclude_archived: args.exclude_archived,
          types: types.join(','),
          ...(cursor ? { cursor } : {}),
          ...(args.team_id ? { team_id: args.team_id } : {}),
        });
        return {
          records: answer.channels ?? [],
          next: answer.response_metadata?.next_cursor || null,
        };
      },
      page,
      SLACK_LIST_PAGE,
    );
    const names = await session.names();
    return windowListPage(window, page, (c) => channelOf(c, names));
  },
});

export const listChats = defineTool({
  system: 'chat',
  name: 'list_chats',
  title: 'List recent Slack chats',
  description:
    'Channels and direct messages together, most recently active first; DMs only when the user’s own token is connected.',
  capability: { type: 'read', name: 'chat.chats.list' },
  input: z.object({
    limit: z.number().int().min(1).max(200).default(20).describe('Conversations per page (default 20)'),
    include_direct_messages: z.boolean().default(true).describe('Include DMs and group DMs'),
    include_channels: z.boolean().default(true).describe('Include public and private channels'),
    unread_only: z.boolean().default(false).describe('Only conversations with messages the user has not read'),
  }),
  list: { key: 'chats', defaultLimit: 20 },
  item: ChannelSchema.extend({ last_activity: z.string().nullable().describe('ISO 8601 of the newest message') }),
  hints: {
    aliases: ['recent slack conversations', 'slack dms', 'my slack chats'],
    when_to_use: 'To see where the user’s Slack conversations are happening now.',
    not_for: 'Every channel of the workspace (chat_list_channels).',
    examples: [{ query: 'what are my most active slack conversations', tool: 'list_chats', params: { limit: 5 } }],
  },
  async run(ctx) {
    const { args } = ctx;
    const clients = ctx.client('slack');
    const installation = await clients.installation();
    const withDms = args.include_direct_messages && installation.userToken !== undefined;
    const types = [
      ...(args.include_channels ? ['public_channel', 'private_channel'] : []),
      ...(withDms ? ['im', 'mpim'] : []),
    ];
    if (!types.length) return { items: [] };
    const session = await chatSession(ctx, 'read', { publicOnly: !installation.userToken });
    const listed = await session.client.conversations.list({
      limit: 1000,
      exclude_archived: true,
      types: installation.userToken ? types.join(',') : 'public_channel',
    });
    const conversations = ((listed.channels ?? []) as Array<RawChannel & { last_read?: string }>).filter(
      (c) => c.is_member !== false || c.is_im,
    );
    const latest = await ctx.fanOut(conversations, async (c) => {
      const history = await session.client.conversations.history({ channel: c.id ?? '', limit: 1 });
      return (history.messages as RawMessage[] | undefined)?.[0]?.ts;
    });
    const names = await session.names();
    const lastTs = new Map(latest.results.map((r) => [r.resource.id, r.value]));
    const chats = conversations
      .map((c) => ({
        ...channelOf(c, names),
        last_activity: lastTs.get(c.id) ? isoOfTs(lastTs.get(c.id)) : null,
        unread: !c.last_read || Number(lastTs.get(c.id) ?? 0) > Number(c.last_read),
      }))
      .filter((c) => !args.unread_only || c.unread)
      .sort((a, b) => (b.last_activity ?? '').localeCompare(a.last_activity ?? ''))
      .map(({ unread: _unread, ...chat }) => chat);
    // Ordered by activity, which Slack cannot sort by: every conversation is read, so the list is whole.
    return { items: chats };
  },
});

export const getChannel = defineTool({
  system: 'chat',
  name: 'get_channel',
  title: 'Get a Slack channel',
  description: 'One Slack channel, private channel, DM or group DM by id: name, topic, purpose, members count.',
  capability: { type: 'read', name: 'chat.channels.get' },
  input: z.object({ channel_id: channelId }),
  output: ChannelSchema,
  aliases: ['chatchannel:read', 'ChatChannel.read', 'ChatChannel.get'],
  hints: {
    aliases: ['chatchannel:read', 'ChatChannel.read', 'ChatChannel.get', 'slack channel info'],
    when_to_use: 'To read a channel’s topic and purpose, or check what an id names.',
    not_for: 'Its messages (chat_list_messages).',
    examples: [{ query: 'what is the topic of #general', tool: 'get_channel', params: { channel_id: 'CA0016D330' } }],
  },
  async run(ctx) {
    const session = await chatSession(ctx, 'read', { channelId: ctx.args.channel_id });
    const answer = await session.client.conversations.info({ channel: ctx.args.channel_id });
    return channelOf(answer.channel ?? {}, await session.names());
  },
});

export const listChannelMembers = defineTool({
  system: 'chat',
  name: 'list_channel_members',
  title: 'Members of a Slack conversation',
  description: 'The member ids of a Slack conversation (chat_get_user or chat_list_users names them).',
  capability: { type: 'read', name: 'chat.channels.members' },
  input: z.object({ channel_id: channelId }),
  list: { key: 'members', defaultLimit: 100 },
  item: z.string().describe('Slack member id'),
  extra: z.object({ channel_id: z.string() }),
  hints: {
    aliases: ['slack channel members', 'who is in the channel'],
    when_to_use: 'To know who is in a Slack channel.',
    not_for: 'The whole directory (chat_list_users).',
    examples: [{ query: 'who is in #leads', tool: 'list_channel_members', params: { channel_id: 'CA00535D91' } }],
  },
  async run(ctx) {
    const { page } = ctx;
    const channel = ctx.args.channel_id;
    const session = await chatSession(ctx, 'read', { channelId: channel });
    const window = await readWindow(
      async (cursor, limit) => {
        const answer = await session.client.conversations.members({ channel, limit, ...(cursor ? { cursor } : {}) });
        return { records: answer.members ?? [], next: answer.response_metadata?.next_cursor || null };
      },
      page,
      SLACK_LIST_PAGE,
    );
    return { ...windowListPage(window, page), extra: { channel_id: channel } };
  },
});
