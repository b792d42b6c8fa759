import { z } from 'zod';

/**
 * The spec's team_chat records (snake_case) and the one place Slack's answers become them. The spec
 * shows a channel's id, name, description and type, and a sent message's content and subject; the
 * rest follows Slack's own model (ids, authors, times, member ids).
 */
export const ChannelSchema = z.object({
  id: z.string().describe('Channel id (Slack C... id)'),
  name: z.string(),
  description: z.string().describe("The channel's purpose"),
  type: z.enum(['public', 'private']),
  topic: z.string(),
  member_count: z.number().int().nullable(),
  is_archived: z.boolean(),
  created_at: z.string().describe('ISO 8601'),
});
export type Channel = z.infer<typeof ChannelSchema>;

export const MessageSchema = z.object({
  id: z.string().describe('Message id (Slack ts, unique in its channel)'),
  channel_id: z.string(),
  content: z.string(),
  subject: z.string().nullable().describe('The bold first line a message was sent with, if any'),
  author_id: z.string().nullable().describe('Member id of the author'),
  author_email: z.string().optional().describe("The author's email, where the workspace's member directory gives it"),
  thread_id: z.string().nullable().describe('Id of the thread parent, when in a thread'),
  reply_count: z.number().int(),
  created_at: z.string().describe('ISO 8601'),
});
export type Message = z.infer<typeof MessageSchema>;

export const MemberSchema = z.object({
  id: z.string().describe('Member id (Slack U... id)'),
  channel_id: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

type Slack = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const isoOfSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString();

export function channelOf(channel: Slack): Channel {
  const purpose = channel.purpose as { value?: string } | undefined;
  const topic = channel.topic as { value?: string } | undefined;
  return {
    id: text(channel.id),
    name: text(channel.name),
    description: purpose?.value ?? '',
    type: channel.is_private === true ? 'private' : 'public',
    topic: topic?.value ?? '',
    member_count: typeof channel.num_members === 'number' ? channel.num_members : null,
    is_archived: channel.is_archived === true,
    created_at: isoOfSeconds(Number(channel.created ?? 0)),
  };
}

/** A subject is sent as a bold first line (Slack messages have none); this reads it back. */
const SUBJECT_LINE = /^\*([^*\n]+)\*\n/;

export function messageTextOf(content: string, subject: string | undefined): string {
  return subject ? `*${subject}*\n${content}` : content;
}

export function messageOf(channelId: string, message: Slack): Message {
  const raw = text(message.text);
  const subject = SUBJECT_LINE.exec(raw);
  const ts = text(message.ts);
  const thread = typeof message.thread_ts === 'string' && message.thread_ts !== ts ? message.thread_ts : null;
  return {
    id: ts,
    channel_id: channelId,
    content: subject ? raw.slice(subject[0].length) : raw,
    subject: subject ? subject[1] : null,
    author_id: typeof message.user === 'string' ? message.user : null,
    thread_id: thread,
    reply_count: typeof message.reply_count === 'number' ? message.reply_count : 0,
    created_at: isoOfSeconds(Number(ts)),
  };
}

export const memberOf = (channelId: string, id: string): Member => ({ id, channel_id: channelId });
