import PostalMime, { decodeWords } from 'postal-mime';
import type { StoredMessage } from './model.js';

// The mail composer is loaded by the first message read: the demo starts this fake with the others, and the
// composer's import of node:http made Node load its whole HTTP client before the first tools/list.

/** The raw form of a message, composing a seeded one on first use. */
export async function rawOf(message: StoredMessage): Promise<Buffer> {
  if (!message.raw) {
    const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
    message.raw = await new MailComposer(message.compose ?? {}).compile().build();
  }
  return message.raw;
}

interface MimeNodeView {
  headers: Array<{ originalKey: string; value: string }>;
  contentType: { parsed: { value: string; params: Record<string, string> }; multipart: string | false };
  contentDisposition: { parsed: { value: string; params: Record<string, string> } };
  childNodes: MimeNodeView[];
  content: ArrayBuffer | null;
}

export interface MessagePart {
  partId: string;
  mimeType: string;
  filename: string;
  headers: Array<{ name: string; value: string }>;
  body: { size: number; data?: string; attachmentId?: string };
  parts?: MessagePart[];
}

/** Gmail's `payload`: the MIME tree of the raw message, text bodies in UTF-8, attachments by id. */
export async function payloadOf(message: StoredMessage): Promise<MessagePart> {
  const parser = new PostalMime();
  await parser.parse(await rawOf(message));
  // postal-mime keeps the tree it parsed on `root` (not in its typings).
  return partOf((parser as unknown as { root: MimeNodeView }).root, '', message.id);
}

function partOf(node: MimeNodeView, partId: string, messageId: string): MessagePart {
  const mimeType = node.contentType.parsed.value;
  const filename = node.contentDisposition.parsed.params.filename ?? node.contentType.parsed.params.name ?? '';
  const headers = node.headers.map((h) => ({
    name: h.originalKey,
    value: decodeWords(h.value.replace(/\r?\n[ \t]+/g, ' ')),
  }));
  if (node.contentType.multipart) {
    return {
      partId,
      mimeType,
      filename,
      headers,
      body: { size: 0 },
      parts: node.childNodes.map((child, i) => partOf(child, partId === '' ? String(i) : `${partId}.${i}`, messageId)),
    };
  }
  // Gmail undoes the transfer encoding but keeps the part's own charset: readers decode by its Content-Type.
  const bytes = Buffer.from(node.content ?? new ArrayBuffer(0));
  if (filename)
    return {
      partId,
      mimeType,
      filename,
      headers,
      body: {
        size: bytes.length,
        attachmentId: `ANGjdJ${Buffer.from(`${messageId}:${partId}`).toString('base64url')}`,
      },
    };
  return { partId, mimeType, filename, headers, body: { size: bytes.length, data: bytes.toString('base64url') } };
}
