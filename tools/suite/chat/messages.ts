import { z } from 'zod';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { windowListPage } from '../../shared/cursor-window.js';
import {
  chatList,
  MaxResults,
  MessageId,
  MessageSchema,
  messageOf,
  readChatWindow,
  SpaceId,
  spaceName,
} from './schemas.js';
import { senderEmails, withSenderEmail } from './senders.js';

const messageName = (space: string, message: string) => `${spaceName(space)}/messages/${message}`;
const Text = z
  .string()
  .trim()
  .min(1, 'text must not be empty')
  .max(32_000)
  .describe('Message text (Google Chat formatting: *bold*, _italic_)');

export const listMessages = defineTool({
  system: 'suite',
  name: 'list_messages',
  title: 'List messages of a Google Chat space',
  description:
    'Messages of a Google Chat space, oldest first, each with its sender, time and thread. A filter narrows by time, e.g. `createTime > "2026-11-01T00:00:00Z"`.',
  capability: { type: 'read', name: 'suite.chat.messages.list' },
  input: z.object({
    space_id: SpaceId,
    max_results: MaxResults,
    filter: z.string().max(500).optional().describe('Google Chat filter, e.g. createTime > "2026-11-01T00:00:00Z"'),
  }),
  list: chatList('messages'),
  item: MessageSchema,
  hints: {
    aliases: ['google chat history', 'read google chat space', 'chat space conversation'],
    when_to_use: 'To read what was said in a Google Chat space.',
    not_for: 'Slack messages (chat tools); Gmail (suite mail tools).',
    examples: [
      {
        query: 'read the latest messages in google chat space AAAAhlwewCq',
        tool: 'list_messages',
        params: { space_id: 'AAAAhlwewCq', max_results: 20 },
      },
    ],
  },
  async run(ctx) {
    const { client, args, page } = ctx;
    const chat = await client('google').chat();
    const window = await readChatWindow(page, async (pageSize, pageToken) => {
      const { data } = await chat.spaces.messages.list({
        parent: spaceName(args.space_id),
        pageSize,
        pageToken,
        filter: args.filter,
      });
      return { records: data.messages ?? [], next: data.nextPageToken ?? null };
    });
    const senders = window.records.length ? await senderEmails(ctx, args.space_id) : new Map<string, string>();
    return windowListPage(window, page, (m) => withSenderEmail(messageOf(m), senders));
  },
});

export const getMessage = defineTool({
  system: 'suite',
  name: 'get_message',
  title: 'Get a Google Chat message',
  description: 'One Google Chat message by space and message id: text, sender, time and thread.',
  capability: { type: 'read', name: 'suite.chat.messages.get' },
  input: z.object({ space_id: SpaceId, message_id: MessageId }),
  output: MessageSchema,
  hints: {
    aliases: ['google chat message', 'read chat message'],
    when_to_use: 'To read one Google Chat message in full.',
    not_for: 'Reading a whole space (suite_list_messages).',
    examples: [
      {
        query: 'show google chat message 6e9aab48ef5.847c00edf5c in space AAAAhlwewCq',
        tool: 'get_message',
        params: { space_id: 'AAAAhlwewCq', message_id: '6e9aab48ef5.847c00edf5c' },
      },
    ],
  },
  async run(ctx) {
    const chat = await ctx.client('google').chat();
    const { data } = await chat.spaces.messages.get({ name: messageName(ctx.args.space_id, ctx.args.message_id) });
    return withSenderEmail(messageOf(data), await senderEmails(ctx, ctx.args.space_id));
  },
});

export const createMessage = defineTool({
  system: 'suite',
  name: 'create_message',
  title: 'Send a Google Chat message',
  description:
    'Post a message as the user in a Google Chat space; a thread_key groups messages into one thread (the first starts it, later ones reply).',
  capability: { type: 'action', name: 'suite.chat.messages.create', idempotent: false },
  input: z.object({
    space_id: SpaceId,
    text: Text,
    thread_key: z
      .string()
      .min(1)
      .max(4000)
      .optional()
      .describe('Your own key for a thread: messages with the same key share a thread'),
  }),
  output: z.object({
    name: z.string(),
    text: z.string(),
    createTime: z.string().nullable(),
    thread: z.string().nullable(),
  }),
  hints: {
    aliases: ['post in google chat', 'message google chat space', 'send chat message', 'reply in google chat thread'],
    when_to_use: 'To say something in a Google Chat space as the user.',
    not_for: 'Slack (chat tools); email (suite mail tools).',
    examples: [
      {
        query: 'post "deploy done" in google chat space AAAAsbx0001',
        tool: 'create_message',
        params: { space_id: 'AAAAsbx0001', text: 'deploy done' },
      },
    ],
  },
  verify: (result, args) =>
    result.name
      ? result.text === args.text
        ? undefined
        : 'the message text differs from what was sent'
      : 'no message was created',
  async run({ client, args }) {
    const chat = await client('google').chat();
    const { data } = await chat.spaces.messages.create({
      parent: spaceName(args.space_id),
      requestBody: { text: args.text, ...(args.thread_key ? { thread: { threadKey: args.thread_key } } : {}) },
      ...(args.thread_key ? { messageReplyOption: 'REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD' } : {}),
    });
    const message = messageOf(data);
    return { name: message.name, text: message.text, createTime: message.createTime, thread: message.thread };
  },
});

export const updateMessage = defineTool({
  system: 'suite',
  name: 'update_message',
  title: 'Edit a Google Chat message',
  description: 'Replace the text of a Google Chat message the user sent.',
  capability: { type: 'action', name: 'suite.chat.messages.update', idempotent: true },
  input: z.object({ space_id: SpaceId, message_id: MessageId, text: Text }),
  output: MessageSchema,
  hints: {
    aliases: ['edit google chat message', 'fix my chat message'],
    when_to_use: 'To correct a Google Chat message the user posted.',
    not_for: 'Messages of other people (Google refuses).',
    examples: [
      {
        query: 'change my google chat message abc.abc in AAAAsbx0001 to "deploy at 5"',
        tool: 'update_message',
        params: { space_id: 'AAAAsbx0001', message_id: 'abc.abc', text: 'deploy at 5' },
      },
    ],
  },
  verify: (result, args) => (result.text === args.text ? undefined : 'the message still has its old text'),
  async run({ client, args }) {
    const chat = await client('google').chat();
    const { data } = await chat.spaces.messages.patch({
      name: messageName(args.space_id, args.message_id),
      updateMask: 'text',
      requestBody: { text: args.text },
    });
    return messageOf(data);
  },
});

export const deleteMessage = defineTool({
  system: 'suite',
  name: 'delete_message',
  title: 'Delete a Google Chat message',
  description: 'Delete a Google Chat message the user sent.',
  capability: { type: 'action', name: 'suite.chat.messages.delete', idempotent: true, destructive: true },
  input: z.object({ space_id: SpaceId, message_id: MessageId }),
  output: z.object({ deleted: z.boolean(), name: z.string() }),
  hints: {
    aliases: ['remove google chat message', 'unsend chat message'],
    when_to_use: 'To delete a Google Chat message the user posted.',
    not_for: 'Slack messages (chat tools).',
    examples: [
      {
        query: 'delete my google chat message abc.abc in AAAAsbx0001',
        tool: 'delete_message',
        params: { space_id: 'AAAAsbx0001', message_id: 'abc.abc' },
      },
    ],
  },
  verify: (result) => (result.deleted ? undefined : 'the message was not deleted'),
  async run({ client, args }) {
    const chat = await client('google').chat();
    const name = messageName(args.space_id, args.message_id);
    await chat.spaces.messages.delete({ name });
    return { deleted: true, name };
  },
});
