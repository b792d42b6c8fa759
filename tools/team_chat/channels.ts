import { z } from 'zod';
import { defineTool, type ListPage, type TypedTool } from '../../src/toolkit/define-tool.js';
import { readWindow, windowListPage } from '../shared/cursor-window.js';
import { ChannelIdArg, viaUserSlack, SLACK_MAX_PAGE } from './args.js';
import { type Channel, channelOf, ChannelSchema } from './records.js';
import { nextCursorOf, slackCall } from './slack.js';

type Slack = Record<string, unknown>;

const listChannelsTool = defineTool({
  system: 'team_chat',
  name: 'list_channels',
  title: 'List team chat channels',
  description:
    "List the public channels of the tenant's connected team chat workspace (Slack, through the unified API's proxy), one page at a time: repeat with cursor = pagination.next_cursor while has_more.",
  capability: { type: 'read', name: 'team_chat.channels.list' },
  input: z.object({ exclude_archived: z.boolean().optional().describe('Leave archived channels out') }),
  list: { key: 'channels', defaultLimit: 50 },
  item: ChannelSchema,
  hints: {
    aliases: ['workspace channels', 'team chat channels', 'company slack channels', 'unified messaging channels'],
    when_to_use: "To browse the channels of the company's connected chat workspace (the tenant's Slack connection).",
    not_for: viaUserSlack('chat_list_channels'),
    examples: [
      {
        query: "list the channels of the company's connected chat workspace",
        tool: 'list_channels',
        params: { limit: 20 },
      },
    ],
  },
  async run({ client, args, page }): Promise<ListPage<Channel>> {
    const unify = client('unify');
    const window = await readWindow(
      async (cursor, limit) => {
        const answer = await slackCall(unify, 'conversations.list', {
          types: 'public_channel',
          exclude_archived: args.exclude_archived,
          cursor,
          limit,
        });
        return { records: answer.channels as Slack[], next: nextCursorOf(answer) };
      },
      page,
      SLACK_MAX_PAGE,
    );
    return windowListPage(window, page, channelOf);
  },
});

export const listChannels = listChannelsTool as TypedTool<Record<string, unknown>, Record<string, Channel[]>>;

export const getChannel = defineTool({
  system: 'team_chat',
  name: 'get_channel',
  title: 'Get a team chat channel',
  description:
    "Get one channel of the tenant's connected team chat workspace by id: name, description, type, topic, member count.",
  capability: { type: 'read', name: 'team_chat.channels.get' },
  input: z.object({ channel_id: ChannelIdArg }),
  output: ChannelSchema,
  hints: {
    aliases: ['channel details', 'workspace channel info'],
    when_to_use: "When you know a channel id of the company's connected workspace and need its details.",
    not_for: viaUserSlack('chat_get_channel'),
    examples: [
      { query: 'show workspace channel CA002504DB', tool: 'get_channel', params: { channel_id: 'CA002504DB' } },
    ],
  },
  target: (args) => ({ type: 'chat_channel', id: args.channel_id }),
  run: async ({ client, args }) =>
    channelOf((await slackCall(client('unify'), 'conversations.info', { channel: args.channel_id })).channel as Slack),
});

export const createChannel = defineTool({
  system: 'team_chat',
  name: 'create_channel',
  title: 'Create a team chat channel',
  description:
    "Create a channel in the tenant's connected team chat workspace (the workspace's app creates it and is its first member), with its description as the channel purpose. Not idempotent: a taken name is refused (409).",
  capability: { type: 'action', name: 'team_chat.channels.create', idempotent: false },
  input: z.object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(80)
      .regex(/^[a-z0-9_-]+$/, 'lowercase letters, digits, hyphens and underscores only')
      .describe('Channel name: lowercase letters, digits, - and _, at most 80'),
    description: z
      .string()
      .max(250)
      .optional()
      .describe('What the channel is for (Slack purpose, at most 250 characters)'),
    type: z.enum(['public', 'private']).default('public').describe('public (default) or private'),
  }),
  output: ChannelSchema,
  hints: {
    aliases: ['new workspace channel', 'open a channel', 'create slack channel for the team'],
    when_to_use: "To create a channel in the company's connected chat workspace.",
    not_for: viaUserSlack('chat_list_channels'),
    examples: [
      {
        query: 'create a public channel launch-2027 for the launch',
        tool: 'create_channel',
        params: { name: 'launch-2027', description: 'Launch coordination' },
      },
    ],
  },
  verify: (result, args) => (result.name === args.name ? undefined : `name is ${result.name}, not ${args.name}`),
  async run({ client, args }) {
    const unify = client('unify');
    const created = (
      await slackCall(unify, 'conversations.create', { name: args.name, is_private: args.type === 'private' }, true)
    ).channel as Slack;
    if (!args.description) return channelOf(created);
    const described = await slackCall(
      unify,
      'conversations.setPurpose',
      { channel: String(created.id), purpose: args.description },
      true,
    );
    return channelOf(described.channel as Slack);
  },
});
