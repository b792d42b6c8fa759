import { viaDirectory, type GraphBatch } from '../../src/graph/ingest/batch.js';
import { clip } from '../../src/graph/ingest/read.js';
import { extractorOf, readsResultsOf } from '../../src/graph/ingest/tool-readers.js';
import { createChannel, getChannel, listChannels } from './channels.js';
import { listMembers, listMessages, sendMessage } from './messages-members.js';
import type { Channel, Message } from './records.js';

/** Messages land as metadata and a short excerpt, as the chat system's do. */
const EXCERPT = 200;

/**
 * How the graph reads team_chat results: channels and messages as the chat system's `chat_channel` and
 * `chat_message` nodes (a Slack channel is one node whichever family read it), each message
 * `BELONGS_TO` its channel and is `AUTHORED_BY` its author's person node where the workspace's member directory
 * gave the author's email (known by their member id too); an author without one stays unlinked.
 */
export const extractTeamChat = extractorOf([
  readsResultsOf(listChannels, ({ result }, batch) => result.channels.forEach((c) => channel(batch, c))),
  readsResultsOf(getChannel, ({ result }, batch) => void channel(batch, result)),
  readsResultsOf(createChannel, ({ result }, batch) => void channel(batch, result)),
  readsResultsOf(listMessages, ({ result }, batch) => result.messages.forEach((m) => message(batch, m))),
  readsResultsOf(sendMessage, ({ result }, batch) => void message(batch, result)),
  readsResultsOf(
    listMembers,
    ({ args }, batch) => void batch.ref('chat_channel', String(args.channel_id), { id: String(args.channel_id) }),
  ),
]);

function channel(batch: GraphBatch, c: Channel): void {
  batch.node('chat_channel', c.id, {
    id: c.id,
    name: c.name,
    type: c.type,
    topic: clip(c.topic, 300),
    is_archived: c.is_archived,
    num_members: c.member_count,
  });
}

function message(batch: GraphBatch, m: Message): void {
  const node = batch.node('chat_message', `${m.channel_id}/${m.id}`, {
    ts: m.id,
    channel_id: m.channel_id,
    excerpt: clip(m.subject ? `${m.subject}: ${m.content}` : m.content, EXCERPT),
    sent_at: m.created_at,
    thread_ts: m.thread_id ?? undefined,
  });
  batch.edge(node, 'BELONGS_TO', batch.ref('chat_channel', m.channel_id, { id: m.channel_id }));
  if (m.author_id && m.author_email)
    batch.edge(node, 'AUTHORED_BY', batch.person(viaDirectory({ email: m.author_email, slackId: m.author_id })));
}
