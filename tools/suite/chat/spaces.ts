import { z } from 'zod';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { windowListPage } from '../../shared/cursor-window.js';
import {
  chatList,
  MaxResults,
  MemberSchema,
  memberOf,
  readChatWindow,
  SpaceId,
  SpaceSchema,
  spaceName,
  spaceOf,
} from './schemas.js';

export const listSpaces = defineTool({
  system: 'suite',
  name: 'list_spaces',
  title: 'List my Google Chat spaces',
  description:
    'The Google Chat spaces, group chats and direct messages the user is a member of. A filter narrows by type, e.g. `spaceType = "SPACE"`.',
  capability: { type: 'read', name: 'suite.chat.spaces.list' },
  input: z.object({
    max_results: MaxResults,
    filter: z
      .string()
      .max(500)
      .optional()
      .describe('Google Chat filter, e.g. spaceType = "SPACE" or spaceType = "DIRECT_MESSAGE"'),
  }),
  list: chatList('spaces'),
  item: SpaceSchema,
  hints: {
    aliases: ['google chat rooms', 'my chat spaces', 'hangouts chat spaces', 'google chat groups'],
    when_to_use: 'To see which Google Chat spaces and DMs the user has, or find a space id.',
    not_for: 'Slack channels (chat tools); messages of a space (suite_list_messages).',
    examples: [
      { query: 'which google chat spaces am I in', tool: 'list_spaces', params: { filter: 'spaceType = "SPACE"' } },
    ],
  },
  async run({ client, args, page }) {
    const chat = await client('google').chat();
    const window = await readChatWindow(page, async (pageSize, pageToken) => {
      const { data } = await chat.spaces.list({ pageSize, pageToken, filter: args.filter });
      return { records: data.spaces ?? [], next: data.nextPageToken ?? null };
    });
    return windowListPage(window, page, spaceOf);
  },
});

export const getSpace = defineTool({
  system: 'suite',
  name: 'get_space',
  title: 'Get a Google Chat space',
  description: 'One Google Chat space by id (with or without the `spaces/` prefix): its type, name and threading.',
  capability: { type: 'read', name: 'suite.chat.spaces.get' },
  input: z.object({ space_id: SpaceId }),
  output: SpaceSchema,
  hints: {
    aliases: ['google chat space details', 'chat room info'],
    when_to_use: 'To read one Google Chat space’s name and type.',
    not_for: 'Its messages (suite_list_messages) or members (suite_list_members).',
    examples: [
      {
        query: 'details of google chat space spaces/AAAAsbx0001',
        tool: 'get_space',
        params: { space_id: 'spaces/AAAAsbx0001' },
      },
    ],
  },
  async run({ client, args }) {
    const chat = await client('google').chat();
    return spaceOf((await chat.spaces.get({ name: spaceName(args.space_id) })).data);
  },
});

export const listMembers = defineTool({
  system: 'suite',
  name: 'list_members',
  title: 'List members of a Google Chat space',
  description: 'The people in a Google Chat space with their role (member or manager).',
  capability: { type: 'read', name: 'suite.chat.members.list' },
  input: z.object({ space_id: SpaceId, max_results: MaxResults }),
  list: chatList('members'),
  item: MemberSchema,
  hints: {
    aliases: ['who is in the google chat space', 'chat space members', 'space managers'],
    when_to_use: 'To see who belongs to a Google Chat space.',
    not_for: 'Slack channel members (chat tools).',
    examples: [
      { query: 'who is in google chat space AAAAsbx0001', tool: 'list_members', params: { space_id: 'AAAAsbx0001' } },
    ],
  },
  async run({ client, args, page }) {
    const chat = await client('google').chat();
    const window = await readChatWindow(page, async (pageSize, pageToken) => {
      const { data } = await chat.spaces.members.list({ parent: spaceName(args.space_id), pageSize, pageToken });
      return { records: data.memberships ?? [], next: data.nextPageToken ?? null };
    });
    return windowListPage(window, page, memberOf);
  },
});

export const getMember = defineTool({
  system: 'suite',
  name: 'get_member',
  title: 'Get a Google Chat space member',
  description: 'One membership of a Google Chat space: the person and their role.',
  capability: { type: 'read', name: 'suite.chat.members.get' },
  input: z.object({
    space_id: SpaceId,
    member_id: z
      .string()
      .min(1)
      .max(256)
      .transform((id) => id.replace(/^spaces\/[^/]+\/members\//, '').replace(/^users\//, ''))
      .describe('Member id: the last part of a membership name, or the users/<id> of the person'),
  }),
  output: MemberSchema,
  hints: {
    aliases: ['google chat member role', 'is this person a space manager'],
    when_to_use: 'To check one person’s membership and role in a Google Chat space.',
    not_for: 'Listing everyone (suite_list_members).',
    examples: [
      {
        query: 'role of member 100000000000000001 in google chat space AAAAsbx0001',
        tool: 'get_member',
        params: { space_id: 'AAAAsbx0001', member_id: '100000000000000001' },
      },
    ],
  },
  async run({ client, args }) {
    const chat = await client('google').chat();
    return memberOf(
      (await chat.spaces.members.get({ name: `${spaceName(args.space_id)}/members/${args.member_id}` })).data,
    );
  },
});
