import { viaDirectory, type GraphBatch, type Handle } from '../../src/graph/ingest/batch.js';
import { clip } from '../../src/graph/ingest/read.js';
import { extractorOf, readsResultsOf } from '../../src/graph/ingest/tool-readers.js';
import { deleteMessage, sendMessage, updateMessage } from './actions.js';
import { getChannel, listChannelMembers, listChannels, listChats } from './channels.js';
import { getMessage, listMessages, listThreadReplies } from './messages.js';
import { searchMessages } from './search.js';
import type { ChatChannel, ChatMessage, ChatUser } from './shapes.js';
import { getConnectionInfo, getUser, listUsers } from './users.js';

/** Messages land as metadata and a short excerpt: the graph links, it does not archive a workspace. */
const EXCERPT = 200;

/**
 * How the graph reads chat results: channels, messages (metadata and an excerpt) and the people who
 * wrote them, the same person nodes as other systems through their email (the member directory's), each known by its Slack
 * member id too.
 */
export const extractChat = extractorOf([
  readsResultsOf(listChannels, ({ result }, batch) => result.channels.forEach((c) => channel(batch, c))),
  readsResultsOf(listChats, ({ result }, batch) => result.chats.forEach((c) => channel(batch, c))),
  readsResultsOf(getChannel, ({ result }, batch) => void channel(batch, result)),
  readsResultsOf(
    listChannelMembers,
    ({ args }, batch) => void batch.ref('chat_channel', args.channel_id, { id: args.channel_id }),
  ),
  readsResultsOf(listMessages, ({ result }, batch) => result.messages.forEach((m) => message(batch, m))),
  readsResultsOf(listThreadReplies, ({ result }, batch) => result.messages.forEach((m) => message(batch, m))),
  readsResultsOf(getMessage, ({ result }, batch) => void message(batch, result)),
  readsResultsOf(searchMessages, ({ result }, batch) =>
    result.matches.forEach((m) => message(batch, { ...m, ts: m.id })),
  ),
  readsResultsOf(sendMessage, ({ result }, batch) => void (result.message && message(batch, result.message))),
  readsResultsOf(updateMessage, ({ result }, batch) => void (result.message && message(batch, result.message))),
  readsResultsOf(deleteMessage, () => undefined),
  readsResultsOf(listUsers, ({ result }, batch) => result.users.forEach((u) => member(batch, u))),
  readsResultsOf(getUser, ({ result }, batch) => void member(batch, result)),
  readsResultsOf(
    getConnectionInfo,
    ({ result }, batch) => void (result.email && batch.person({ email: result.email, slackId: result.user_id })),
  ),
]);

function channel(batch: GraphBatch, c: ChatChannel): Handle | undefined {
  return batch.node('chat_channel', c.id, {
    id: c.id,
    name: c.name,
    type: c.type,
    topic: clip(c.topic, 300),
    is_archived: c.is_archived,
    num_members: c.num_members,
  });
}

function member(batch: GraphBatch, u: ChatUser): Handle | undefined {
  if (u.is_bot || !u.email) return undefined;
  // Slack's user directory (users.list, users.info) gave the member's email.
  return batch.person(viaDirectory({ email: u.email, slackId: u.id }), { name: u.real_name ?? u.name });
}

function message(
  batch: GraphBatch,
  m: Pick<ChatMessage, 'ts' | 'channel_id' | 'text' | 'sender' | 'sent_at'> & { thread_ts?: string },
): void {
  const node = batch.node('chat_message', `${m.channel_id}/${m.ts}`, {
    ts: m.ts,
    channel_id: m.channel_id,
    excerpt: clip(m.text, EXCERPT),
    sent_at: m.sent_at,
    thread_ts: m.thread_ts,
  });
  batch.edge(node, 'BELONGS_TO', batch.ref('chat_channel', m.channel_id, { id: m.channel_id }));
  if (m.sender.email)
    batch.edge(
      node,
      'AUTHORED_BY',
      batch.person({ email: m.sender.email, slackId: m.sender.id }, { name: m.sender.name }),
    );
}
