import { z } from 'zod';

const Header = z.object({ name: z.string(), value: z.string() });

/** A MIME part as Gmail gives it (bodies base64url-encoded; attachments by id). */
export interface MessagePart {
  partId?: string;
  mimeType?: string;
  filename?: string;
  headers?: Array<{ name: string; value: string }>;
  body?: { size?: number; data?: string; attachmentId?: string };
  parts?: MessagePart[];
}

const PartSchema: z.ZodType<MessagePart> = z.lazy(() =>
  z.looseObject({
    partId: z.string().optional(),
    mimeType: z.string().optional(),
    filename: z.string().optional(),
    headers: z.array(Header).optional(),
    body: z
      .looseObject({
        size: z.number().optional(),
        data: z.string().optional().describe('base64url bytes'),
        attachmentId: z.string().optional(),
      })
      .optional(),
    parts: z.array(PartSchema).optional(),
  }),
);

const AttachmentSchema = z.object({ filename: z.string(), mime_type: z.string(), size: z.number().int() });

/** What a reader wants of a message: decoded headers and bodies, charset and transfer encoding undone. */
const DecodedSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  cc: z.string().nullable(),
  date: z.string().nullable().describe('The Date header as sent'),
  subject: z.string().nullable().describe('Encoded words (RFC 2047) decoded'),
  message_id: z.string().nullable().describe('The Message-ID header, for threading replies'),
  text: z
    .string()
    .nullable()
    .describe('The plain-text body; a text rendering of the HTML body when the message has only HTML'),
  html: z.string().nullable().describe('The HTML body, when there is one'),
  attachments: z.array(AttachmentSchema).describe('Attachments by name, type and size (their bytes are not fetched)'),
});
export type Decoded = z.infer<typeof DecodedSchema>;

export const MessageSchema = z.looseObject({
  id: z.string(),
  threadId: z.string(),
  labelIds: z.array(z.string()).optional(),
  snippet: z.string().optional(),
  historyId: z.string().optional(),
  internalDate: z.string().optional().describe('Epoch milliseconds Gmail received it'),
  payload: PartSchema.optional().describe('The MIME tree with headers and base64url bodies (format full or metadata)'),
  raw: z.string().optional().describe('The whole RFC 2822 message, base64url (format raw)'),
  decoded: DecodedSchema.optional().describe('Headers and bodies decoded for reading (formats full and raw)'),
});
export type Message = z.infer<typeof MessageSchema>;

export const ThreadSummarySchema = z.object({ id: z.string(), snippet: z.string(), historyId: z.string() });
export const ThreadSchema = ThreadSummarySchema.extend({ messages: z.array(MessageSchema) });

export const LabelSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.enum(['system', 'user']),
  messagesTotal: z.number().int().optional(),
  messagesUnread: z.number().int().optional(),
});

export const MessageId = z
  .string()
  .min(1)
  .max(200)
  .describe('A Gmail message id (from suite_list_mail_messages or a thread)');
export const ThreadId = z.string().min(1).max(200).describe('A Gmail thread id (from suite_list_mail_threads)');
export const LabelIds = z
  .union([z.array(z.string().min(1).max(200)).max(20), z.string().max(4000)])
  .optional()
  .transform((value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : value,
  )
  .describe(
    'Only mail carrying all these label ids (e.g. INBOX, UNREAD, or a user label id); a list or comma-separated',
  );
export const MailQuery = z
  .string()
  .max(2000)
  .optional()
  .describe('A Gmail search string, e.g. "from:ada@acme.test is:unread newer_than:7d"');
