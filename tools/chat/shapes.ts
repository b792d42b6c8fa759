import { z } from 'zod';
import type { MemberName, SlackClients } from '../../src/integrations/slack/clients.js';
import type { Identity, Installation } from '../../src/integrations/slack/installation.js';

const SenderSchema = z.object({
  id: z.string().describe('Slack member id'),
  name: z.string().describe('Display name, resolved from the member directory'),
  email: z.string().optional(),
});

export const MessageSchema = z.object({
  id: z.string().describe('The message id: its Slack ts'),
  ts: z.string(),
  channel_id: z.string(),
  text: z.string().describe('Text with member mentions resolved to @names'),
  sender: SenderSchema,
  sent_at: z.string().describe('ISO 8601'),
  thread_ts: z.string().optional().describe('The thread this message belongs to (equal to ts on a thread parent)'),
  reply_count: z.number().int().optional(),
  edited: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof MessageSchema>;

export const ChannelSchema = z.object({
  id: z.string().describe('C: channel, G: private channel or group DM, D: direct message'),
  name: z.string().describe('Channel name, or the other member’s name for a DM'),
  type: z.enum(['public_channel', 'private_channel', 'mpim', 'im']),
  topic: z.string().optional(),
  purpose: z.string().optional(),
  is_archived: z.boolean(),
  is_member: z.boolean().optional(),
  num_members: z.number().int().optional(),
  created: z.string().optional().describe('ISO 8601'),
});
export type ChatChannel = z.infer<typeof ChannelSchema>;

export const UserSchema = z.object({
  id: z.string(),
  name: z.string().describe('Handle'),
  real_name: z.string().optional(),
  display_name: z.string().optional(),
  email: z.string().optional(),
  is_bot: z.boolean(),
  is_admin: z.boolean().optional(),
  deleted: z.boolean(),
  tz: z.string().optional(),
});
export type ChatUser = z.infer<typeof UserSchema>;

/** Slack's message as the Web API returns it (the fields we read). */
export interface RawMessage {
  ts?: string;
  user?: string;
  bot_id?: string;
  username?: string;
  text?: string;
  thread_ts?: string;
  reply_count?: number;
  edited?: unknown;
}

export interface RawChannel {
  id?: string;
  name?: string;
  user?: string;
  is_im?: boolean;
  is_mpim?: boolean;
  is_private?: boolean;
  is_archived?: boolean;
  is_member?: boolean;
  num_members?: number;
  created?: number;
  topic?: { value?: string };
  purpose?: { value?: string };
}

export interface RawUser {
  id?: string;
  name?: string;
  real_name?: string;
  deleted?: boolean;
  is_bot?: boolean;
  is_admin?: boolean;
  tz?: string;
  profile?: { real_name?: string; display_name?: string; email?: string };
}

export const isoOfTs = (ts: string | number | undefined): string => new Date(Number(ts ?? 0) * 1000).toISOString();

export type Names = Map<string, MemberName>;

const MENTION = /<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g;

/** Member mentions (`<@U123>`) as `@Name`, for readers. */
export const resolveMentions = (text: string, names: Names): string =>
  text.replace(MENTION, (whole, id: string) => (names.has(id) ? `@${names.get(id)?.name}` : whole));

export function senderOf(
  raw: { user?: string; bot_id?: string; username?: string },
  names: Names,
): z.infer<typeof SenderSchema> {
  const id = raw.user ?? raw.bot_id ?? '';
  const known = names.get(id);
  return { id, name: known?.name ?? raw.username ?? id, ...(known?.email ? { email: known.email } : {}) };
}

export function messageOf(raw: RawMessage, channelId: string, names: Names): ChatMessage {
  const ts = raw.ts ?? '';
  return {
    id: ts,
    ts,
    channel_id: channelId,
    text: resolveMentions(raw.text ?? '', names),
    sender: senderOf(raw, names),
    sent_at: isoOfTs(ts),
    ...(raw.thread_ts ? { thread_ts: raw.thread_ts } : {}),
    ...(raw.reply_count !== undefined ? { reply_count: raw.reply_count } : {}),
    ...(raw.edited ? { edited: true } : {}),
  };
}

export function channelOf(raw: RawChannel, names: Names): ChatChannel {
  const type = raw.is_im ? 'im' : raw.is_mpim ? 'mpim' : raw.is_private ? 'private_channel' : 'public_channel';
  return {
    id: raw.id ?? '',
    name: raw.is_im ? (names.get(raw.user ?? '')?.name ?? raw.user ?? '') : (raw.name ?? ''),
    type,
    ...(raw.topic?.value ? { topic: raw.topic.value } : {}),
    ...(raw.purpose?.value ? { purpose: raw.purpose.value } : {}),
    is_archived: raw.is_archived ?? false,
    ...(raw.is_member !== undefined ? { is_member: raw.is_member } : {}),
    ...(raw.num_members !== undefined ? { num_members: raw.num_members } : {}),
    ...(raw.created ? { created: isoOfTs(raw.created) } : {}),
  };
}

export function userOf(raw: RawUser): ChatUser {
  const profile = raw.profile ?? {};
  return {
    id: raw.id ?? '',
    name: raw.name ?? '',
    ...(raw.real_name || profile.real_name ? { real_name: raw.real_name ?? profile.real_name } : {}),
    ...(profile.display_name ? { display_name: profile.display_name } : {}),
    ...(profile.email ? { email: profile.email } : {}),
    is_bot: raw.is_bot ?? false,
    ...(raw.is_admin !== undefined ? { is_admin: raw.is_admin } : {}),
    deleted: raw.deleted ?? false,
    ...(raw.tz ? { tz: raw.tz } : {}),
  };
}

/** The name a reader shows for a member: their real name, else display name, else handle. */
const nameOf = (user: RawUser): string =>
  user.real_name || user.profile?.real_name || user.profile?.display_name || user.name || user.id || '';

/**
 * The workspace's member names, read once per workspace with the identity the call already uses
 * (users.list, paged) and kept for the client's lifetime.
 */
export async function memberNames(
  clients: SlackClients,
  installation: Installation,
  identity: Identity,
): Promise<Names> {
  return clients.names(installation.teamId ?? '', async () => {
    const client = await clients.as(identity);
    const names: Names = new Map();
    let cursor: string | undefined;
    do {
      const page = await client.users.list({ limit: 1000, ...(cursor ? { cursor } : {}) });
      for (const member of (page.members ?? []) as RawUser[]) {
        if (member.id)
          names.set(member.id, {
            name: nameOf(member),
            ...(member.profile?.email ? { email: member.profile.email } : {}),
          });
      }
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    return names;
  });
}
