import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import type { PageRequest } from '../../src/toolkit/pagination.js';
import { AppError } from '../../src/toolkit/errors.js';
import { readWindow, windowListPage } from '../shared/cursor-window.js';
import { cappedLimit, channelId, messageTs, timeBound } from './fields.js';
import { chatSession } from './session.js';
import { MessageSchema, messageOf, type ChatMessage, type RawMessage } from './shapes.js';
import { slackTimeBound } from './time-bounds.js';

const MESSAGE_CAP = 1000;
/** conversations.history and replies answer at most 999 per call. */
const SLACK_PAGE = 999;

const pageInput = {
  limit: cappedLimit(100, MESSAGE_CAP),
  oldest: timeBound('Only messages after this'),
  latest: timeBound('Only messages before this'),
  inclusive: z.boolean().optional().describe('Include messages exactly at oldest or latest'),
};

interface RawPage {
  messages?: RawMessage[];
  has_more?: boolean;
  response_metadata?: { next_cursor?: string };
}

/**
 * The page's messages of a Slack conversation method (history, replies), walked with Slack's cursors
 * (see readWindow), each call given the conversation's own arguments besides limit and cursor.
 */
async function readMessages(
  page: PageRequest,
  method: (args: { limit: number; cursor?: string }) => Promise<unknown>,
): Promise<ListPage<RawMessage>> {
  const window = await readWindow(
    async (next, limit) => {
      const answer = (await method({ limit, ...(next ? { cursor: next } : {}) })) as RawPage;
      return { records: answer.messages ?? [], next: answer.response_metadata?.next_cursor || null };
    },
    page,
    SLACK_PAGE,
  );
  return windowListPage(window, page);
}

/** The spec's page form (`{messages, has_more, next_cursor}`) with the common paging around it. */
const messageList = { key: 'messages' as const, defaultLimit: 100, topLevelPaging: true };

const boundsOf = (args: { oldest?: string; latest?: string; inclusive?: boolean }) => ({
  ...(args.oldest ? { oldest: slackTimeBound(args.oldest, 'oldest') } : {}),
  ...(args.latest ? { latest: slackTimeBound(args.latest, 'latest') } : {}),
  ...(args.inclusive !== undefined ? { inclusive: args.inclusive } : {}),
});

export const listMessages = defineTool({
  system: 'chat',
  name: 'list_messages',
  title: 'List messages of a Slack conversation',
  description:
    'Messages of one Slack channel, private channel, DM or group DM, newest first, one page at a time (thread replies stay in chat_list_thread_replies). Repeat with cursor = next_cursor until has_more is false.',
  capability: { type: 'read', name: 'chat.messages.list' },
  input: z.object({ channel_id: channelId, ...pageInput }),
  list: messageList,
  item: MessageSchema,
  aliases: ['chatmessage:list', 'ChatMessage.list'],
  hints: {
    aliases: ['chatmessage:list', 'ChatMessage.list', 'slack history', 'channel messages', 'read slack channel'],
    when_to_use: 'To read what was said in a Slack channel or DM, optionally between two times.',
    not_for: 'Finding messages by words across channels (chat_search_messages); Google Chat (suite).',
    examples: [
      {
        query: 'what was posted in #general since October',
        tool: 'list_messages',
        params: { channel_id: 'CA0016D330', oldest: '2026-10-01', limit: 20 },
      },
    ],
  },
  async run(ctx) {
    const { args, page } = ctx;
    const session = await chatSession(ctx, 'read', { channelId: args.channel_id });
    const bounds = boundsOf(args);
    const read = await readMessages(page, (more) =>
      session.client.conversations.history({ channel: args.channel_id, ...bounds, ...more }),
    );
    const names = await session.names();
    return { ...read, items: read.items.map((m) => messageOf(m, args.channel_id, names)) };
  },
});

export const listThreadReplies = defineTool({
  system: 'chat',
  name: 'list_thread_replies',
  title: 'List the replies of a Slack thread',
  description:
    'A thread’s parent message and its replies, oldest first, one page at a time; repeat with cursor = next_cursor until has_more is false.',
  capability: { type: 'read', name: 'chat.messages.replies' },
  input: z.object({ channel_id: channelId, thread_ts: messageTs.describe('The thread parent’s ts'), ...pageInput }),
  list: messageList,
  item: MessageSchema,
  hints: {
    aliases: ['slack thread', 'thread replies', 'conversation replies'],
    when_to_use: 'To read a whole Slack thread once a message with reply_count was found.',
    not_for: 'Top-level channel history (chat_list_messages).',
    examples: [
      {
        query: 'show the replies to that slack thread',
        tool: 'list_thread_replies',
        params: { channel_id: 'CA0016D330', thread_ts: '1783454403.855019' },
      },
    ],
  },
  async run(ctx) {
    const { args, page } = ctx;
    const session = await chatSession(ctx, 'read', { channelId: args.channel_id });
    const bounds = boundsOf(args);
    const read = await readMessages(page, (more) =>
      session.client.conversations.replies({ channel: args.channel_id, ts: args.thread_ts, ...bounds, ...more }),
    );
    const names = await session.names();
    return { ...read, items: read.items.map((m) => messageOf(m, args.channel_id, names)) };
  },
});

export const getMessage = defineTool({
  system: 'chat',
  name: 'get_message',
  title: 'Get one Slack message',
  description: 'One message of a conversation by its ts, a top-level message or a thread reply.',
  capability: { type: 'read', name: 'chat.messages.get' },
  input: z.object({ channel_id: channelId, message_ts: messageTs }),
  output: MessageSchema,
  aliases: ['chatmessage:read', 'ChatMessage.read', 'ChatMessage.get'],
  hints: {
    aliases: ['chatmessage:read', 'ChatMessage.read', 'ChatMessage.get', 'slack message'],
    when_to_use: 'To read one message whose channel and ts are known (from a search match or a link).',
    not_for: 'Reading a conversation (chat_list_messages).',
    examples: [
      {
        query: 'open that slack message',
        tool: 'get_message',
        params: { channel_id: 'CA0016D330', message_ts: '1783454403.855019' },
      },
    ],
  },
  async run(ctx): Promise<ChatMessage> {
    const { channel_id: channel, message_ts: ts } = ctx.args;
    const session = await chatSession(ctx, 'read', { channelId: channel });
    const bound = slackTimeBound(ts, 'message_ts') ?? ts;
    const top = (await session.client.conversations.history({
      channel,
      oldest: bound,
      latest: bound,
      inclusive: true,
      limit: 1,
    })) as RawPage;
    let found = top.messages?.find((m) => m.ts === bound);
    // A reply is not in the channel's history: Slack finds it in its thread through its own ts.
    if (!found)
      found = (
        (await session.client.conversations.replies({ channel, ts: bound, limit: 1000 })) as RawPage
      ).messages?.find((m) => m.ts === bound);
    if (!found) throw new AppError('VALIDATION_ERROR', 'Chat API error: message_not_found', { upstreamStatus: 400 });
    return messageOf(found, channel, await session.names());
  },
});
