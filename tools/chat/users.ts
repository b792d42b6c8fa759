import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { readWindow, windowListPage } from '../shared/cursor-window.js';
import { SLACK_LIST_PAGE } from './channels.js';
import { chatSession } from './session.js';
import { UserSchema, userOf } from './shapes.js';

export const listUsers = defineTool({
  system: 'chat',
  name: 'list_users',
  title: 'List Slack members',
  description: 'Members of the Slack workspace with names and, where the token may read them, emails.',
  capability: { type: 'read', name: 'chat.users.list' },
  input: z.object({
    limit: z.number().int().min(1).max(1000).default(200).describe('Members per page (default 200)'),
  }),
  list: { key: 'users', defaultLimit: 200 },
  item: UserSchema,
  hints: {
    aliases: ['slack members', 'slack directory', 'slack people'],
    when_to_use: 'To find a colleague’s Slack member id or handle.',
    not_for: 'Members of one channel (chat_list_channel_members).',
    examples: [{ query: 'who is in our slack workspace', tool: 'list_users', params: { limit: 50 } }],
  },
  async run(ctx) {
    const { page } = ctx;
    const session = await chatSession(ctx, 'read', { publicOnly: true });
    const window = await readWindow(
      async (cursor, limit) => {
        const answer = await session.client.users.list({ limit, ...(cursor ? { cursor } : {}) });
        return { records: answer.members ?? [], next: answer.response_metadata?.next_cursor || null };
      },
      page,
      SLACK_LIST_PAGE,
    );
    return windowListPage(window, page, userOf);
  },
});

export const getUser = defineTool({
  system: 'chat',
  name: 'get_user',
  title: 'Get a Slack member',
  description: 'One Slack member by id (U…): names, email, time zone.',
  capability: { type: 'read', name: 'chat.users.get' },
  input: z.object({ user_id: z.string().min(1).max(40).describe('Slack member id, e.g. U0A1B2C3') }),
  output: UserSchema,
  hints: {
    aliases: ['slack user', 'slack profile'],
    when_to_use: 'To name the sender of a message or find their email.',
    not_for: 'Searching people by name (chat_list_users).',
    examples: [{ query: 'who is slack user UA21446E320', tool: 'get_user', params: { user_id: 'UA21446E320' } }],
  },
  async run(ctx) {
    const session = await chatSession(ctx, 'read', { publicOnly: true });
    const answer = await session.client.users.info({ user: ctx.args.user_id });
    return userOf(answer.user ?? {});
  },
});

export const getConnectionInfo = defineTool({
  system: 'chat',
  name: 'get_connection_info',
  title: 'Slack connection info',
  description:
    'The connected Slack identity: the authenticated member id, the workspace (team) id and name, and which tokens the connection holds.',
  capability: { type: 'read', name: 'chat.connection.info' },
  input: z.object({}),
  output: z.object({
    user_id: z.string(),
    user: z.string().optional(),
    email: z.string().optional(),
    team_id: z.string(),
    team: z.string().optional(),
    bot_user_id: z.string().optional(),
    has_user_token: z.boolean(),
    has_bot_token: z.boolean(),
  }),
  hints: {
    aliases: ['slack connection', 'connected slack workspace', 'slack team id'],
    when_to_use: 'To check that Slack is connected and as whom.',
    not_for: 'Other members (chat_get_user).',
    examples: [{ query: 'which slack workspace am I connected to', tool: 'get_connection_info', params: {} }],
  },
  async run(ctx) {
    const session = await chatSession(ctx, 'read', { publicOnly: true });
    const answer = await session.client.auth.test();
    const { installation } = session;
    const userId = installation.authedUserId ?? answer.user_id ?? '';
    const email = (await session.names()).get(userId)?.email;
    return {
      user_id: userId,
      ...(answer.user ? { user: answer.user } : {}),
      ...(email ? { email } : {}),
      team_id: answer.team_id ?? installation.teamId ?? '',
      ...(answer.team ? { team: answer.team } : {}),
      ...(installation.botUserId ? { bot_user_id: installation.botUserId } : {}),
      has_user_token: installation.userToken !== undefined,
      has_bot_token: installation.botToken !== undefined,
    };
  },
});
