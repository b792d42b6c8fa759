import type { gmail_v1 } from '@googleapis/gmail';
import { z } from 'zod';
import { defineTool, type ListPage } from '../../../src/toolkit/define-tool.js';
import { readWindow, windowListPage } from '../../shared/cursor-window.js';
import { boundedCount } from '../bounds.js';
import { decodePayload } from './decode.js';
import {
  LabelIds,
  LabelSchema,
  MailQuery,
  MessageId,
  MessageSchema,
  ThreadId,
  ThreadSchema,
  ThreadSummarySchema,
  type Message,
  type MessagePart,
} from './schemas.js';

const ME = 'me';

/** A Gmail message with, for formats that carry the content, its decoded view. */
export function readable(message: gmail_v1.Schema$Message): Message {
  const out = { ...message, id: message.id ?? '', threadId: message.threadId ?? '' } as Message;
  if (message.payload && (message.payload.body?.data || message.payload.parts?.length))
    out.decoded = decodePayload(message.payload as MessagePart);
  else if (message.raw) out.decoded = decodePayload(rawAsPart(message.raw));
  return out;
}

/** A raw message as one text part, for the decoded view of format `raw` (its headers read by decodePayload). */
function rawAsPart(raw: string): MessagePart {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const split = text.search(/\r?\n\r?\n/);
  const head = split < 0 ? text : text.slice(0, split);
  const headers = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .map((line) => ({ name: line.slice(0, line.indexOf(':')), value: line.slice(line.indexOf(':') + 1).trim() }))
    .filter((h) => h.name);
  return { mimeType: 'message/rfc822', headers };
}

const listing = {
  max_results: boundedCount('max_results', 500, 100),
  query: MailQuery,
  label_ids: LabelIds,
};
/** Gmail's longest page. */
const GMAIL_PAGE = 500;
const mailList = <K extends string>(key: K) => ({ key, defaultLimit: 100, limitAlias: 'max_results' });

export const listThreads = defineTool({
  system: 'suite',
  name: 'list_mail_threads',
  title: 'List my mail threads',
  description:
    'Conversations in the user’s Gmail, newest first, optionally matching a Gmail search string or labels. Each has its id, snippet and history id; read one with suite_get_mail_thread.',
  capability: { type: 'read', name: 'suite.mail.list_threads' },
  input: z.object(listing),
  list: mailList('threads'),
  item: ThreadSummarySchema,
  hints: {
    aliases: ['my email threads', 'gmail conversations', 'inbox', 'unread mail', 'search my email'],
    when_to_use: 'To find conversations in the user’s Gmail: unread mail, mail from someone, about a topic.',
    not_for: 'Single messages (suite_list_mail_messages); the body of a conversation (suite_get_mail_thread).',
    examples: [
      {
        query: 'unread emails in my inbox',
        tool: 'list_mail_threads',
        params: { query: 'is:unread', label_ids: ['INBOX'] },
      },
    ],
  },
  async run({ client, args, page }) {
    const gmail = await client('google').gmail();
    const window = await readWindow(
      async (pageToken, maxResults) => {
        const { data } = await gmail.users.threads.list({
          userId: ME,
          maxResults,
          pageToken,
          q: args.query,
          labelIds: args.label_ids,
        });
        return { records: data.threads ?? [], next: data.nextPageToken ?? null };
      },
      page,
      GMAIL_PAGE,
    );
    return windowListPage(window, page, (t) => ({
      id: t.id ?? '',
      snippet: t.snippet ?? '',
      historyId: t.historyId ?? '',
    }));
  },
});

export const getThread = defineTool({
  system: 'suite',
  name: 'get_mail_thread',
  title: 'Read a mail thread',
  description:
    'One Gmail conversation with its messages in order; in format full each message has its headers and bodies decoded for reading (text, HTML, attachments by name).',
  capability: { type: 'read', name: 'suite.mail.get_thread' },
  input: z.object({
    thread_id: ThreadId,
    format: z
      .enum(['full', 'metadata', 'minimal'])
      .default('full')
      .describe('full (headers and bodies), metadata (headers only) or minimal (ids and labels)'),
  }),
  output: ThreadSchema,
  hints: {
    aliases: ['read email thread', 'open conversation', 'email conversation'],
    when_to_use: 'To read a whole conversation once its thread id is known.',
    not_for: 'Finding conversations (suite_list_mail_threads).',
    examples: [
      { query: 'read the thread 18c000000010000c', tool: 'get_mail_thread', params: { thread_id: '18c000000010000c' } },
    ],
  },
  async run({ client, args }) {
    const gmail = await client('google').gmail();
    const { data } = await gmail.users.threads.get({ userId: ME, id: args.thread_id, format: args.format });
    const messages = (data.messages ?? []).map(readable);
    return {
      id: data.id ?? args.thread_id,
      snippet: data.snippet ?? messages.at(-1)?.snippet ?? '',
      historyId: data.historyId ?? '',
      messages,
    };
  },
});

export const listMessages = defineTool({
  system: 'suite',
  name: 'list_mail_messages',
  title: 'List my mail messages',
  description:
    'Messages in the user’s Gmail, newest first, optionally matching a Gmail search string or labels: ids and thread ids, or with include_content each message read and decoded (sender, subject, date, text).',
  capability: { type: 'read', name: 'suite.mail.list_messages' },
  input: z.object({
    ...listing,
    include_content: z
      .boolean()
      .default(false)
      .describe('Read each message too (headers and decoded bodies); one request per message'),
  }),
  // Messages that could not be read are reported by the executor as `partial` and `failed_sources`.
  list: mailList('messages'),
  item: MessageSchema,
  hints: {
    aliases: ['my emails', 'gmail messages', 'emails from', 'latest emails'],
    when_to_use:
      'To list single emails, e.g. the latest ten from someone, with their content when include_content is set.',
    not_for: 'Whole conversations (suite_list_mail_threads, suite_get_mail_thread).',
    examples: [
      {
        query: 'my last 10 emails from john with their text',
        tool: 'list_mail_messages',
        params: { query: 'from:johnr@acme.test', max_results: 10, include_content: true },
      },
    ],
  },
  async run({ client, args, fanOut, page }): Promise<ListPage<Message>> {
    const gmail = await client('google').gmail();
    const window = await readWindow(
      async (pageToken, maxResults) => {
        const { data } = await gmail.users.messages.list({
          userId: ME,
          maxResults,
          pageToken,
          q: args.query,
          labelIds: args.label_ids,
        });
        return { records: data.messages ?? [], next: data.nextPageToken ?? null };
      },
      page,
      GMAIL_PAGE,
    );
    const listed = windowListPage(window, page, (m) => ({ id: m.id ?? '', threadId: m.threadId ?? '' }));
    if (!args.include_content) return listed;
    const read = await fanOut(
      listed.items,
      async (m) => readable((await gmail.users.messages.get({ userId: ME, id: m.id, format: 'full' })).data),
      { label: (m) => `message ${m.id}` },
    );
    return { ...listed, items: read.results.map((r) => r.value) };
  },
});

export const getMessage = defineTool({
  system: 'suite',
  name: 'get_mail_message',
  title: 'Read a mail message',
  description:
    'One Gmail message; in format full or raw with its headers and bodies decoded for reading (charset honoured, HTML rendered as text when there is no text part, attachments by name).',
  capability: { type: 'read', name: 'suite.mail.get_message' },
  input: z.object({
    message_id: MessageId,
    format: z
      .enum(['full', 'metadata', 'minimal', 'raw'])
      .default('full')
      .describe('full (headers and bodies), metadata, minimal, or raw (the RFC 2822 message)'),
  }),
  output: MessageSchema,
  hints: {
    aliases: ['read email', 'open email', 'email body'],
    when_to_use: 'To read one email once its id is known.',
    not_for: 'A whole conversation (suite_get_mail_thread).',
    examples: [
      { query: 'read email 18c0000000100011', tool: 'get_mail_message', params: { message_id: '18c0000000100011' } },
    ],
  },
  async run({ client, args }) {
    const gmail = await client('google').gmail();
    return readable((await gmail.users.messages.get({ userId: ME, id: args.message_id, format: args.format })).data);
  },
});

const labelOf = (label: gmail_v1.Schema$Label) => ({
  ...label,
  id: label.id ?? '',
  name: label.name ?? '',
  type: label.type === 'system' ? ('system' as const) : ('user' as const),
  messagesTotal: label.messagesTotal ?? undefined,
  messagesUnread: label.messagesUnread ?? undefined,
});

export const listLabels = defineTool({
  system: 'suite',
  name: 'list_mail_labels',
  title: 'List my mail labels',
  description:
    'The labels of the user’s Gmail: system ones (INBOX, UNREAD, STARRED...) and their own, with ids to filter and label messages by.',
  capability: { type: 'read', name: 'suite.mail.list_labels' },
  input: z.object({}),
  list: { key: 'labels', defaultLimit: 100 },
  item: LabelSchema,
  hints: {
    aliases: ['gmail labels', 'mail folders'],
    when_to_use: 'To find a label id before filtering or labelling mail.',
    not_for: 'The mail itself (suite_list_mail_messages).',
    examples: [{ query: 'what labels do I have in gmail', tool: 'list_mail_labels', params: {} }],
  },
  async run({ client }) {
    const gmail = await client('google').gmail();
    // Gmail answers every label at once.
    return { items: ((await gmail.users.labels.list({ userId: ME })).data.labels ?? []).map(labelOf) };
  },
});

export const getLabel = defineTool({
  system: 'suite',
  name: 'get_mail_label',
  title: 'Read a mail label',
  description: 'One Gmail label with its message counts.',
  capability: { type: 'read', name: 'suite.mail.get_label' },
  input: z.object({ label_id: z.string().min(1).max(200).describe('A label id, e.g. INBOX or Label_12') }),
  output: LabelSchema,
  hints: {
    aliases: ['unread count', 'label details'],
    when_to_use: 'To see how many messages, or unread ones, a label holds.',
    not_for: 'Every label (suite_list_mail_labels).',
    examples: [
      { query: 'how many unread emails are in my inbox', tool: 'get_mail_label', params: { label_id: 'INBOX' } },
    ],
  },
  async run({ client, args }) {
    const gmail = await client('google').gmail();
    return labelOf((await gmail.users.labels.get({ userId: ME, id: args.label_id })).data);
  },
});
