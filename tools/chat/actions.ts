import type { ChatPostMessageArguments, WebClient } from '@slack/web-api';
import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { channelId, messageTs, sendAs } from './fields.js';
import { chatSession } from './session.js';
import { MessageSchema, messageOf, type RawMessage } from './shapes.js';

const text = z.string().min(1).max(40_000).describe('Message text (Slack mrkdwn)');
const blocks = z
  .array(z.record(z.string(), z.unknown()))
  .max(50)
  .optional()
  .describe('Block Kit layout blocks; text stays the notification fallback');

const SharedFileSchema = z.object({ id: z.string(), name: z.string(), title: z.string() });

const WrittenSchema = z.object({
  channel_id: z.string(),
  ts: z.string(),
  sent_as: z.enum(['user', 'bot']),
  message: MessageSchema.optional(),
  files: z.array(SharedFileSchema).optional().describe('The files shared with the message'),
});

const Attachment = z.object({
  filename: z.string().min(1).max(255).describe('File name with its extension, e.g. report.csv'),
  data: z
    .string()
    .min(1)
    .max(14_000_000)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'data must be base64')
    .describe('The bytes, base64 (up to about 10 MB)'),
  title: z.string().max(255).optional().describe('Title shown in Slack (default the file name)'),
});

interface Written {
  channel?: string;
  ts?: string;
  message?: RawMessage;
}

const verifyWritten = (result: { ts?: string }) => (result.ts ? undefined : 'Slack did not return the message ts');

export const sendMessage = defineTool({
  system: 'chat',
  name: 'send_message',
  title: 'Send a Slack message',
  description:
    'Posts a message to a Slack channel, DM or thread, as the user (default) or as the app’s bot (send_as=bot; not in DMs).',
  capability: { type: 'action', name: 'chat.messages.send' },
  input: z.object({
    channel_id: channelId,
    text,
    thread_ts: messageTs.optional().describe('Reply in this thread'),
    blocks,
    reply_broadcast: z.boolean().default(false).describe('Also show a thread reply in the channel'),
    unfurl_links: z.boolean().optional().describe('Unfurl text links'),
    unfurl_media: z.boolean().optional().describe('Unfurl media links'),
    attachments: z
      .array(Attachment)
      .max(10)
      .optional()
      .describe('Files to share; the text becomes their comment (not with blocks)'),
    send_as: sendAs,
  }),
  output: WrittenSchema,
  verify: verifyWritten,
  aliases: ['chatmessage:create', 'ChatMessage.send', 'ChatMessage.create'],
  hints: {
    aliases: ['chatmessage:create', 'ChatMessage.send', 'ChatMessage.create', 'post to slack', 'slack reply'],
    when_to_use: 'To post in Slack or reply in a thread once the user asked for it.',
    not_for: 'Google Chat (suite); email.',
    examples: [
      {
        query: 'post "deploy done" in #deploys',
        tool: 'send_message',
        params: { channel_id: 'CA003A098A', text: 'deploy done' },
      },
    ],
  },
  async run(ctx) {
    const { args } = ctx;
    if (args.send_as === 'bot' && args.channel_id.startsWith('D')) {
      throw new AppError('VALIDATION_ERROR', 'Direct messages can be sent only as the user (send_as=user)');
    }
    const session = await chatSession(ctx, 'write', { channelId: args.channel_id, sendAs: args.send_as });
    if (args.attachments?.length) {
      if (args.blocks)
        throw new AppError(
          'VALIDATION_ERROR',
          'blocks cannot be sent with attachments: the text becomes the files’ comment',
        );
      return {
        ...(await shareFiles(session.client, args.channel_id, args.text, args.attachments, args.thread_ts)),
        sent_as: session.identity,
      };
    }
    const post = {
      channel: args.channel_id,
      text: args.text,
      ...(args.thread_ts ? { thread_ts: args.thread_ts, reply_broadcast: args.reply_broadcast } : {}),
      ...(args.blocks ? { blocks: args.blocks } : {}),
      ...(args.unfurl_links !== undefined ? { unfurl_links: args.unfurl_links } : {}),
      ...(args.unfurl_media !== undefined ? { unfurl_media: args.unfurl_media } : {}),
    };
    // Slack's argument types are a union per option combination; our schema already checked the shape.
    const answer = (await session.client.chat.postMessage(post as unknown as ChatPostMessageArguments)) as Written;
    return written(answer, args.channel_id, session.identity, await session.names());
  },
});

export const updateMessage = defineTool({
  system: 'chat',
  name: 'update_message',
  title: 'Edit a Slack message',
  description:
    'Replaces the text of a message; only the identity that sent it may edit it, so send_as must match (default user).',
  capability: { type: 'action', name: 'chat.messages.update', idempotent: true },
  input: z.object({ channel_id: channelId, message_ts: messageTs, text, blocks, send_as: sendAs }),
  output: WrittenSchema,
  verify: verifyWritten,
  aliases: ['chatmessage:update', 'ChatMessage.update'],
  hints: {
    aliases: ['chatmessage:update', 'ChatMessage.update', 'edit slack message'],
    when_to_use: 'To correct a message the user (or the bot) posted.',
    not_for: 'Messages of other people (Slack refuses: cant_update_message).',
    examples: [
      {
        query: 'fix the typo in my last slack message',
        tool: 'update_message',
        params: { channel_id: 'CA003A098A', message_ts: '1783454403.855019', text: 'deploy done' },
      },
    ],
  },
  async run(ctx) {
    const { args } = ctx;
    const session = await chatSession(ctx, 'write', { channelId: args.channel_id, sendAs: args.send_as });
    const edit = {
      channel: args.channel_id,
      ts: args.message_ts,
      text: args.text,
      ...(args.blocks ? { blocks: args.blocks } : {}),
    };
    const answer = (await session.client.chat.update(edit)) as Written;
    return written(answer, args.channel_id, session.identity, await session.names());
  },
});

export const deleteMessage = defineTool({
  system: 'chat',
  name: 'delete_message',
  title: 'Delete a Slack message',
  description: 'Deletes a message; only the identity that sent it may delete it, so send_as must match (default user).',
  capability: { type: 'action', name: 'chat.messages.delete', idempotent: true, destructive: true },
  input: z.object({ channel_id: channelId, message_ts: messageTs, send_as: sendAs }),
  output: z.object({ deleted: z.boolean(), channel_id: z.string(), ts: z.string(), sent_as: z.enum(['user', 'bot']) }),
  verify: (result) => (result.deleted ? undefined : 'Slack did not confirm the deletion'),
  aliases: ['chatmessage:delete', 'ChatMessage.delete'],
  hints: {
    aliases: ['chatmessage:delete', 'ChatMessage.delete', 'remove slack message'],
    when_to_use: 'To take back a message the user (or the bot) posted, once the user asked for it.',
    not_for: 'Messages of other people (Slack refuses: cant_delete_message).',
    examples: [
      {
        query: 'delete the message I just posted in #deploys',
        tool: 'delete_message',
        params: { channel_id: 'CA003A098A', message_ts: '1783454403.855019' },
      },
    ],
  },
  async run(ctx) {
    const { args } = ctx;
    const session = await chatSession(ctx, 'write', { channelId: args.channel_id, sendAs: args.send_as });
    const answer = (await session.client.chat.delete({ channel: args.channel_id, ts: args.message_ts })) as Written;
    return {
      deleted: answer.ts === args.message_ts,
      channel_id: answer.channel ?? args.channel_id,
      ts: answer.ts ?? args.message_ts,
      sent_as: session.identity,
    };
  },
});

function written(answer: Written, channel: string, identity: 'user' | 'bot', names: Parameters<typeof messageOf>[2]) {
  const channelId = answer.channel ?? channel;
  return {
    channel_id: channelId,
    ts: answer.ts ?? '',
    sent_as: identity,
    ...(answer.message ? { message: messageOf({ ts: answer.ts, ...answer.message }, channelId, names) } : {}),
  };
}

/**
 * Slack's upload flow (files.getUploadURLExternal, the upload, files.completeUploadExternal, through
 * the SDK's filesUploadV2): the files are shared in the channel as one message whose text is the
 * comment. Slack's answer names the files only; the message is found through files.info's shares.
 */
async function shareFiles(
  client: WebClient,
  channel: string,
  text: string,
  attachments: Array<z.infer<typeof Attachment>>,
  threadTs?: string,
) {
  const upload = (await client.filesUploadV2({
    channel_id: channel,
    initial_comment: text,
    ...(threadTs ? { thread_ts: threadTs } : {}),
    file_uploads: attachments.map((a) => ({
      file: Buffer.from(a.data, 'base64'),
      filename: a.filename,
      title: a.title ?? a.filename,
    })),
  })) as { files?: Array<{ files?: Array<{ id?: string }> }> };
  const ids = (upload.files ?? []).flatMap((done) => done.files ?? []).flatMap((f) => (f.id ? [f.id] : []));
  const infos = await Promise.all(
    ids.map(async (id) => ((await client.files.info({ file: id })) as { file?: FileInfo }).file),
  );
  const files = infos.flatMap((f) => (f?.id ? [{ id: f.id, name: f.name ?? '', title: f.title ?? f.name ?? '' }] : []));
  const share = infos[0]?.shares;
  const ts = (share?.public?.[channel] ?? share?.private?.[channel])?.[0]?.ts ?? '';
  return { channel_id: channel, ts, files };
}

interface FileInfo {
  id?: string;
  name?: string;
  title?: string;
  shares?: { public?: Record<string, Array<{ ts?: string }>>; private?: Record<string, Array<{ ts?: string }>> };
}
