import { pathOf } from '../secrets.js';
import { instructionRulesIn } from './instruction-rules.js';

/** Whether the author of a text is provably inside the tenant's organisation, provably outside, or neither. */
export type Organisation = 'inside' | 'outside' | 'unknown';

/** One field of a result that people wrote: where it is, who wrote it, and the rules it matched. */
export interface UntrustedField {
  path: string;
  system: string;
  author?: string;
  organisation: Organisation;
  /** Rules of `INSTRUCTION_RULES` the text matched; only for authors not inside the organisation. */
  flagged?: string[];
  text: string;
}

/** Fields holding text people wrote; an object under one of them is text throughout (a page's `body.storage`). */
const TEXT_KEYS = new Set([
  'body',
  'text',
  'description',
  'snippet',
  'markdown',
  'content',
  'comment',
  'message',
  'notes',
  'html',
  'plain_text',
  'summary',
  'title',
  'subject',
]);
/** Fields naming who wrote the object they sit in. */
const AUTHOR_KEYS = [
  'author_email',
  'author',
  'from',
  'user',
  'sender',
  'creator',
  'created_by',
  'reporter',
  'owner',
  'organizer',
];
const AUTHOR_NAME_KEYS = ['email', 'emailAddress', 'address', 'user_email', 'login', 'displayName', 'name', 'id'];
/** Encoded copies of a text (Gmail's base64url bodies, raw messages; their decoded view is what is read) and format names. */
const ENCODED_KEYS = new Set(['data', 'raw', 'representation']);
const EMAIL = /[\w.+-]+@([\w-]+(?:\.[\w-]+)+)/;

/** A mail's sender, from its headers (`[{name: 'From', value}]`) or its payload's. */
function senderOf(node: Record<string, unknown>): string | undefined {
  const payload = node.payload as Record<string, unknown> | undefined;
  const headers = node.headers ?? payload?.headers;
  if (!Array.isArray(headers)) return undefined;
  const from = (headers as Array<{ name?: unknown; value?: unknown }>).find(
    (h) => typeof h.name === 'string' && h.name.toLowerCase() === 'from',
  );
  return typeof from?.value === 'string' ? from.value : undefined;
}

function authorOf(node: Record<string, unknown>): string | undefined {
  const sender = senderOf(node);
  if (sender) return sender;
  for (const key of AUTHOR_KEYS) {
    const value = node[key];
    if (typeof value === 'string' && value) return value;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const named = value as Record<string, unknown>;
      const email = AUTHOR_NAME_KEYS.map((k) => named[k]).find((v) => typeof v === 'string' && EMAIL.test(v));
      const any = email ?? AUTHOR_NAME_KEYS.map((k) => named[k]).find((v) => typeof v === 'string' && v);
      if (typeof any === 'string') return any;
    }
  }
  return undefined;
}

/** Inside when the author's email is on one of the organisation's domains, outside on another, else unknown. */
export function organisationOf(author: string | undefined, domains: readonly string[]): Organisation {
  const domain = author?.match(EMAIL)?.[1]?.toLowerCase();
  if (!domain) return 'unknown';
  return domains.some((own) => domain === own || domain.endsWith(`.${own}`)) ? 'inside' : 'outside';
}

/**
 * Every field of a result people wrote, with its author (the nearest enclosing object's) and, for authors
 * not provably inside the organisation (`domains`), the instruction rules the text matches.
 */
export function untrustedFieldsOf(system: string, result: unknown, domains: readonly string[]): UntrustedField[] {
  const fields: UntrustedField[] = [];
  const mark = (text: string, path: string, author: string | undefined) => {
    if (!text.trim()) return;
    const organisation = organisationOf(author, domains);
    const flagged = organisation === 'inside' ? [] : instructionRulesIn(text);
    fields.push({
      path,
      system,
      ...(author ? { author } : {}),
      organisation,
      ...(flagged.length ? { flagged } : {}),
      text,
    });
  };
  const walkText = (node: unknown, path: string, author: string | undefined) => {
    if (typeof node === 'string') mark(node, path, author);
    else if (Array.isArray(node)) node.forEach((item, i) => walkText(item, pathOf(path, i), author));
    else if (node && typeof node === 'object')
      for (const [key, item] of Object.entries(node))
        if (!ENCODED_KEYS.has(key)) walkText(item, pathOf(path, key), author);
  };
  const walk = (node: unknown, path: string, inherited: string | undefined) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, pathOf(path, i), inherited));
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const author = authorOf(record) ?? inherited;
    for (const [key, value] of Object.entries(record)) {
      if (ENCODED_KEYS.has(key)) continue;
      if (TEXT_KEYS.has(key) && value !== null && typeof value !== 'number' && typeof value !== 'boolean')
        walkText(value, pathOf(path, key), author);
      else walk(value, pathOf(path, key), author);
    }
  };
  walk(result, '', undefined);
  return fields;
}

/** What a result carries of its untrusted text (`untrusted_content`): who wrote which fields, and what was flagged. */
export interface ProvenanceBlock {
  system: string;
  authors: Array<{ author?: string; organisation: Organisation; fields: string[] }>;
  flagged?: Array<{ path: string; author?: string; rules: string[] }>;
}

/** The fields grouped by author (one entry per author, not per field), flagged ones listed apart. */
export function provenanceBlock(system: string, fields: readonly UntrustedField[]): ProvenanceBlock {
  const byAuthor = new Map<string, ProvenanceBlock['authors'][number]>();
  for (const field of fields) {
    const key = `${field.author ?? ''}\u0000${field.organisation}`;
    const entry = byAuthor.get(key) ?? {
      ...(field.author ? { author: field.author } : {}),
      organisation: field.organisation,
      fields: [],
    };
    entry.fields.push(field.path);
    byAuthor.set(key, entry);
  }
  const flagged = fields.flatMap((f) =>
    f.flagged ? [{ path: f.path, ...(f.author ? { author: f.author } : {}), rules: f.flagged }] : [],
  );
  return { system, authors: [...byAuthor.values()], ...(flagged.length ? { flagged } : {}) };
}
