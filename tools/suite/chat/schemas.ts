import type { chat_v1 } from '@googleapis/chat';
import { z } from 'zod';
import type { PageRequest } from '../../../src/toolkit/pagination.js';
import { readWindow, type UpstreamPage, type Window } from '../../shared/cursor-window.js';
import { boundedCount } from '../bounds.js';

/** `spaces/AAAA` or `AAAA`: both name a space. */
export const SpaceId = z
  .string()
  .min(1)
  .max(256)
  .transform((id) => id.replace(/^spaces\//, ''))
  .describe('Space id, with or without the `spaces/` prefix (from suite_list_spaces)');
export const MessageId = z
  .string()
  .min(1)
  .max(256)
  .transform((id) => id.replace(/^spaces\/[^/]+\/messages\//, ''))
  .describe('Message id (the last part of its name spaces/…/messages/<id>)');
/** Google Chat's longest page. */
const CHAT_PAGE = 1000;
export const MaxResults = boundedCount('max_results', CHAT_PAGE, 100);
export const chatList = <K extends string>(key: K) => ({ key, defaultLimit: 100, limitAlias: 'max_results' });

/** The page's records of a Google Chat list, walked with its page tokens (see readWindow). */
export const readChatWindow = <M>(
  page: PageRequest,
  fetchPage: (pageSize: number, pageToken: string | undefined) => Promise<UpstreamPage<M>>,
): Promise<Window<M>> => readWindow((cursor, limit) => fetchPage(limit, cursor), page, CHAT_PAGE);

export const spaceName = (id: string) => `spaces/${id}`;

const ChatUserSchema = z.object({
  name: z.string().describe('users/<id>'),
  displayName: z.string().nullable(),
  email: z.string().nullable().describe('Known only when Google reports it'),
});

export const SpaceSchema = z.object({
  name: z.string().describe('spaces/<id>'),
  type: z.string().describe('ROOM or DM (spaceType SPACE, GROUP_CHAT or DIRECT_MESSAGE)'),
  spaceType: z.string().nullable(),
  displayName: z.string().nullable(),
  spaceThreadingState: z.string().nullable(),
  spaceUri: z.string().nullable(),
});

export const MessageSchema = z.object({
  name: z.string().describe('spaces/<id>/messages/<id>'),
  text: z.string(),
  sender: ChatUserSchema.extend({
    email: z
      .string()
      .nullable()
      .describe("Known when the space's membership confirmed it for the caller or a colleague already known"),
  }),
  createTime: z.string().nullable(),
  thread: z.string().nullable().describe('spaces/<id>/threads/<id>'),
});

export type Message = z.infer<typeof MessageSchema>;

export const MemberSchema = z.object({
  name: z.string().describe('spaces/<id>/members/<id>'),
  member: ChatUserSchema,
  role: z.string().describe('ROLE_MEMBER or ROLE_MANAGER'),
  createTime: z.string().nullable(),
});

const userOf = (user: chat_v1.Schema$User | undefined) => ({
  name: user?.name ?? '',
  displayName: user?.displayName ?? null,
  email: (user as { email?: string } | undefined)?.email ?? null,
});

export const spaceOf = (space: chat_v1.Schema$Space): z.infer<typeof SpaceSchema> => ({
  name: space.name ?? '',
  type: space.type ?? (space.spaceType === 'DIRECT_MESSAGE' ? 'DM' : 'ROOM'),
  spaceType: space.spaceType ?? null,
  displayName: space.displayName ?? null,
  spaceThreadingState: space.spaceThreadingState ?? null,
  spaceUri: space.spaceUri ?? null,
});

export const messageOf = (message: chat_v1.Schema$Message): z.infer<typeof MessageSchema> => ({
  name: message.name ?? '',
  text: message.text ?? '',
  sender: userOf(message.sender),
  createTime: message.createTime ?? null,
  thread: message.thread?.name ?? null,
});

export const memberOf = (membership: chat_v1.Schema$Membership): z.infer<typeof MemberSchema> => ({
  name: membership.name ?? '',
  member: userOf(membership.member),
  role: membership.role ?? 'ROLE_MEMBER',
  createTime: membership.createTime ?? null,
});
