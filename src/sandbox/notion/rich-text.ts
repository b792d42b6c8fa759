import { createHash } from 'node:crypto';
import type { RichTextItem } from './state.js';

const PLAIN = { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: 'default' };

/** A text run of rich text, optionally bold, italic, code or a link. */
export function text(content: string, style: Partial<typeof PLAIN> & { link?: string } = {}): RichTextItem {
  const { link, ...annotations } = style;
  return {
    type: 'text',
    text: { content, link: link ? { url: link } : null },
    annotations: { ...PLAIN, ...annotations },
    plain_text: content,
    href: link ?? null,
  };
}

/** A mention of a user, shown as `@Name`. */
export function mention(userId: string, name: string): RichTextItem {
  return {
    type: 'mention',
    mention: { type: 'user', user: { object: 'user', id: userId } },
    annotations: { ...PLAIN },
    plain_text: `@${name}`,
    href: null,
  };
}

/** Notion's id form (a UUID) from 16 bytes. */
const uuidOf = (hex: string): string =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;

/** A person's Notion user id, derived from their email so every part of the sandbox agrees on it. */
export const notionUserId = (email: string): string =>
  uuidOf(createHash('sha256').update(`notion-user:${email.toLowerCase()}`).digest('hex'));

/** Ids of one workspace's objects: deterministic from a label and a counter. */
export function idMaker(label: string): () => string {
  let counter = 0;
  return () => uuidOf(createHash('sha256').update(`${label}:${++counter}`).digest('hex'));
}

/** Parses ids as Notion accepts them: with or without dashes. */
export function normalId(id: string): string {
  const hex = id.replace(/-/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex)
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    : id;
}
