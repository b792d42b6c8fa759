import type Mail from 'nodemailer/lib/mailer/index.js';

/** Gmail v1 as the fake stores it: a mailbox per person, messages kept as raw RFC 2822. */

export interface MailLabel {
  id: string;
  name: string;
  type: 'system' | 'user';
}

/** What search reads of a message, kept beside its raw form so listing needs no MIME parsing. */
interface MessageIndex {
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  messageId: string;
  /** Message-IDs this one answers (In-Reply-To and References). */
  replyTo: string[];
}

export interface StoredMessage {
  id: string;
  threadId: string;
  labelIds: Set<string>;
  internalDate: number;
  index: MessageIndex;
  /** The RFC 2822 bytes; seeded messages are composed on first read from `compose`. */
  raw?: Buffer;
  compose?: Mail.Options;
  draft?: boolean;
}

export interface Mailbox {
  owner: number;
  messages: Map<string, StoredMessage>;
  labels: Map<string, MailLabel>;
  historyId: number;
}

export interface MailStore {
  mailboxes: Map<number, Mailbox>;
  /** Counter behind message ids, shared by the workspace's mailboxes so ids never repeat. */
  nextId: number;
}

export const SYSTEM_LABELS = [
  'INBOX',
  'SENT',
  'UNREAD',
  'STARRED',
  'IMPORTANT',
  'TRASH',
  'SPAM',
  'DRAFT',
  'CHAT',
  'CATEGORY_PERSONAL',
  'CATEGORY_SOCIAL',
  'CATEGORY_PROMOTIONS',
  'CATEGORY_UPDATES',
  'CATEGORY_FORUMS',
];

/** Gmail ids: 16 lowercase hex digits, growing with time. */
export const messageId = (base: number, n: number): string =>
  (0x18c0000000000000n + BigInt(base) * 0x100000n + BigInt(n)).toString(16);
