import { Parser } from 'htmlparser2';
import { decodeWords } from 'postal-mime';
import type { Decoded, MessagePart } from './schemas.js';

const headerOf = (part: MessagePart, name: string): string | null => {
  const found = part.headers?.find((h) => h.name.toLowerCase() === name);
  return found ? decodeWords(found.value) : null;
};

/** The charset a part's Content-Type names (UTF-8 when none, or one the runtime does not know). */
function charsetOf(part: MessagePart): string {
  const type = part.headers?.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  const charset = /charset\s*=\s*"?([^";\s]+)"?/i.exec(type)?.[1] ?? 'utf-8';
  try {
    new TextDecoder(charset);
    return charset;
  } catch {
    return 'utf-8';
  }
}

const bodyText = (part: MessagePart): string =>
  new TextDecoder(charsetOf(part)).decode(Buffer.from(part.body?.data ?? '', 'base64url'));

const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'li',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'table',
  'ul',
  'ol',
  'hr',
]);
const SILENT = new Set(['script', 'style', 'head', 'title']);

/** The text a reader sees of an HTML body: block elements on their own lines, scripts and styles left out. */
function htmlToText(html: string): string {
  let out = '';
  let silent = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SILENT.has(name)) silent++;
        if (BLOCKS.has(name)) out += '\n';
      },
      onclosetag(name) {
        if (SILENT.has(name)) silent--;
        if (BLOCKS.has(name) && name !== 'br') out += '\n';
      },
      ontext(text) {
        if (silent === 0) out += text.replace(/\s+/g, ' ');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Every leaf part of a MIME tree, in order. */
function leaves(part: MessagePart): MessagePart[] {
  return part.parts?.length ? part.parts.flatMap(leaves) : [part];
}

/**
 * A Gmail message's payload made readable: headers with encoded words decoded, the first text and
 * HTML bodies decoded from base64url in their own charset, attachments listed. Gmail has parsed the
 * MIME already; what is left is transfer and character decoding.
 */
export function decodePayload(payload: MessagePart): Decoded {
  let text: string | null = null;
  let html: string | null = null;
  const attachments: Decoded['attachments'] = [];
  for (const part of leaves(payload)) {
    const type = (part.mimeType ?? '').toLowerCase();
    if (part.filename)
      attachments.push({
        filename: part.filename,
        mime_type: part.mimeType ?? 'application/octet-stream',
        size: part.body?.size ?? 0,
      });
    else if (type === 'text/plain' && text === null) text = bodyText(part);
    else if (type === 'text/html' && html === null) html = bodyText(part);
  }
  return {
    from: headerOf(payload, 'from'),
    to: headerOf(payload, 'to'),
    cc: headerOf(payload, 'cc'),
    date: headerOf(payload, 'date'),
    subject: headerOf(payload, 'subject'),
    message_id: headerOf(payload, 'message-id'),
    text: text ?? (html === null ? null : htmlToText(html)),
    html,
    attachments,
  };
}
