import { z } from 'zod';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { AppError } from '../../../src/toolkit/errors.js';
import { composeRaw } from './compose.js';
import { MessageId } from './schemas.js';

const ME = 'me';
const Addresses = z
  .string()
  .min(3)
  .max(4000)
  .refine((value) => value.split(',').every((a) => /@/.test(a)), 'must be email addresses separated by commas');

const SentSchema = z.object({ id: z.string(), threadId: z.string(), labelIds: z.array(z.string()) });

export const sendMail = defineTool({
  system: 'suite',
  name: 'send_mail',
  title: 'Send an email',
  description:
    'Sends an email from the user’s Gmail (UTF-8 subject and body, cc and bcc). With in_reply_to it answers that message in its thread, with In-Reply-To and References set and "Re:" before the subject.',
  capability: { type: 'action', name: 'suite.mail.send', idempotent: false },
  input: z.object({
    to: Addresses.describe('Recipients, comma-separated'),
    subject: z
      .string()
      .max(998)
      .optional()
      .describe('Subject; on a reply, defaults to "Re: " and the original subject'),
    body: z.string().min(1).max(200_000).describe('Plain-text body'),
    cc: Addresses.optional().describe('Copy recipients, comma-separated'),
    bcc: Addresses.optional().describe('Blind-copy recipients, comma-separated (not shown to others)'),
    in_reply_to: MessageId.optional().describe('The Gmail id of the message this answers: the reply joins its thread'),
  }),
  output: SentSchema,
  hints: {
    aliases: ['send email', 'email someone', 'reply to email', 'write an email'],
    when_to_use: 'To send an email or reply to one as the user.',
    not_for: 'Chat messages (the Google Chat and chat tools).',
    examples: [
      {
        query: 'email ada that the release is out',
        tool: 'send_mail',
        params: { to: 'ada@acme.test', subject: 'Release', body: 'The release is out.' },
      },
    ],
  },
  verify: (result) => (result.id ? undefined : 'Gmail answered without a message id'),
  async run({ client, args, caller }) {
    const gmail = await client('google').gmail();
    let threading: { threadId: string; inReplyTo: string; references: string[]; subject: string } | undefined;
    if (args.in_reply_to) {
      const { data } = await gmail.users.messages.get({
        userId: ME,
        id: args.in_reply_to,
        format: 'metadata',
        metadataHeaders: ['Message-ID', 'References', 'Subject'],
      });
      const header = (name: string) =>
        data.payload?.headers?.find((h) => h.name?.toLowerCase() === name.toLowerCase())?.value ?? '';
      const answered = header('Message-ID');
      if (!answered)
        throw new AppError('VALIDATION_ERROR', `Message ${args.in_reply_to} has no Message-ID to reply to`);
      const original = header('Subject');
      threading = {
        threadId: data.threadId ?? '',
        inReplyTo: answered,
        references: [...header('References').split(/\s+/).filter(Boolean), answered],
        subject: /^re:/i.test(original) ? original : `Re: ${original}`,
      };
    }
    const subject = args.subject ?? threading?.subject;
    if (subject === undefined) throw new AppError('VALIDATION_ERROR', 'subject is required (except on a reply)');
    const raw = await composeRaw({
      from: caller.userDisplayName ? `${caller.userDisplayName} <${caller.userEmail ?? ''}>` : (caller.userEmail ?? ''),
      to: args.to,
      cc: args.cc,
      bcc: args.bcc,
      subject,
      body: args.body,
      inReplyTo: threading?.inReplyTo,
      references: threading?.references,
    });
    const { data } = await gmail.users.messages.send({
      userId: ME,
      requestBody: { raw, threadId: threading?.threadId },
    });
    return { id: data.id ?? '', threadId: data.threadId ?? '', labelIds: data.labelIds ?? [] };
  },
});

const LabelledSchema = z.looseObject({ id: z.string(), threadId: z.string(), labelIds: z.array(z.string()) });

export const trashMessage = defineTool({
  system: 'suite',
  name: 'delete_mail_message',
  title: 'Move an email to the trash',
  description: 'Moves a Gmail message to the trash (Gmail deletes it for good after 30 days).',
  capability: { type: 'action', name: 'suite.mail.trash', idempotent: true, destructive: true },
  input: z.object({ message_id: MessageId }),
  output: LabelledSchema,
  hints: {
    aliases: ['delete email', 'trash email', 'remove email'],
    when_to_use: 'To delete an email the user no longer wants.',
    not_for: 'Archiving (suite_update_mail_labels removing INBOX).',
    examples: [
      {
        query: 'delete email 18c0000000100002',
        tool: 'delete_mail_message',
        params: { message_id: '18c0000000100002' },
      },
    ],
  },
  verify: (result) => (result.labelIds.includes('TRASH') ? undefined : 'the message does not carry the TRASH label'),
  async run({ client, args }) {
    const gmail = await client('google').gmail();
    const { data } = await gmail.users.messages.trash({ userId: ME, id: args.message_id });
    return { ...data, id: data.id ?? args.message_id, threadId: data.threadId ?? '', labelIds: data.labelIds ?? [] };
  },
});

const LabelList = z.array(z.string().min(1).max(200)).max(100);

export const modifyMessageLabels = defineTool({
  system: 'suite',
  name: 'update_mail_labels',
  title: 'Label or unlabel an email',
  description:
    'Adds and removes labels on a Gmail message: mark read (remove UNREAD), archive (remove INBOX), star (add STARRED), or file under a label of the user.',
  capability: { type: 'action', name: 'suite.mail.modify', idempotent: true },
  input: z
    .object({
      message_id: MessageId,
      add_label_ids: LabelList.default([]).describe('Label ids to add'),
      remove_label_ids: LabelList.default([]).describe('Label ids to remove'),
    })
    .refine(
      (args) => args.add_label_ids.length + args.remove_label_ids.length > 0,
      'give add_label_ids or remove_label_ids',
    ),
  output: LabelledSchema,
  hints: {
    aliases: ['mark email as read', 'mark as read', 'mark as unread', 'archive email', 'star email', 'label email'],
    when_to_use: 'To mark mail read or unread, archive it, star it or file it under a label.',
    not_for: 'Deleting mail (suite_delete_mail_message).',
    examples: [
      {
        query: 'mark email 18c0000000100002 as read',
        tool: 'update_mail_labels',
        params: { message_id: '18c0000000100002', remove_label_ids: ['UNREAD'] },
      },
    ],
  },
  verify: (result, args) => {
    const labels = new Set(result.labelIds);
    const missing = args.add_label_ids.filter((id) => !labels.has(id));
    const left = args.remove_label_ids.filter((id) => labels.has(id));
    return missing.length || left.length
      ? `labels not applied: ${[...missing, ...left.map((id) => `-${id}`)].join(', ')}`
      : undefined;
  },
  async run({ client, args }) {
    const gmail = await client('google').gmail();
    const { data } = await gmail.users.messages.modify({
      userId: ME,
      id: args.message_id,
      requestBody: { addLabelIds: args.add_label_ids, removeLabelIds: args.remove_label_ids },
    });
    return { ...data, id: data.id ?? args.message_id, threadId: data.threadId ?? '', labelIds: data.labelIds ?? [] };
  },
});
