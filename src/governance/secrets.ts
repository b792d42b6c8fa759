import { shannonEntropy } from '../config/secrets.js';
import { SECRET_RULES, type SecretRule } from './secret-rules.js';

/** A credential found in a string: its kind and where it is. */
export interface SecretHit {
  kind: string;
  start: number;
  end: number;
}

/** A credential found in a value: its kind and the path of the string holding it (`body`, `files[0].content`). */
export interface SecretFinding {
  kind: string;
  path: string;
}

const mayHold = (text: string, rule: SecretRule) => rule.keywords.some((keyword) => text.includes(keyword));

/** Every rule's keywords in one pattern: text it does not match is skipped in one pass. */
const ANY_KEYWORD = new RegExp(
  [...new Set(SECRET_RULES.flatMap((rule) => rule.keywords))]
    .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|'),
);

function hitsOf(text: string, rule: SecretRule): SecretHit[] {
  const hits: SecretHit[] = [];
  rule.pattern.lastIndex = 0;
  for (const match of text.matchAll(rule.pattern)) {
    const span = rule.group === undefined ? [match.index, match.index + match[0].length] : match.indices?.[rule.group];
    if (!span) continue;
    const secret = text.slice(span[0], span[1]);
    if (rule.minEntropy !== undefined && shannonEntropy(secret) < rule.minEntropy) continue;
    hits.push({ kind: rule.kind, start: span[0], end: span[1] });
  }
  return hits;
}

/** Every credential in a string, in order, overlaps dropped (the first found wins). */
export function findSecrets(text: string): SecretHit[] {
  if (!ANY_KEYWORD.test(text)) return [];
  const hits = SECRET_RULES.filter((rule) => mayHold(text, rule))
    .flatMap((rule) => hitsOf(text, rule))
    .sort((a, b) => a.start - b.start);
  return hits.filter((hit, i) => i === 0 || hit.start >= hits[i - 1].end);
}

/** The string with each credential replaced by `[redacted:<kind>]`. */
export function maskSecrets(text: string): string {
  const hits = findSecrets(text);
  if (hits.length === 0) return text;
  let masked = '';
  let at = 0;
  for (const hit of hits) {
    masked += `${text.slice(at, hit.start)}[redacted:${hit.kind}]`;
    at = hit.end;
  }
  return masked + text.slice(at);
}

/**
 * Fewer characters than the shortest credential any rule matches (`ftp://a:b@`, a connection string's
 * password): a string this short, such as most ids, states and dates, is not scanned.
 */
const SHORTEST_SECRET = 10;

const mayHoldSecret = (text: string) => text.length >= SHORTEST_SECRET && ANY_KEYWORD.test(text);

export const pathOf = (parent: string, key: string | number) =>
  typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;

/** Every credential in the strings of a JSON value, by kind and path; never the secret itself. */
export function scanValue(value: unknown): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (mayHoldSecret(node)) for (const hit of findSecrets(node)) findings.push({ kind: hit.kind, path });
    } else if (Array.isArray(node)) node.forEach((item, i) => walk(item, pathOf(path, i)));
    else if (node && typeof node === 'object')
      for (const [key, item] of Object.entries(node)) walk(item, pathOf(path, key));
  };
  walk(value, '');
  return findings;
}

/**
 * The value with every credential in its strings masked; the same value when it holds none. Only what
 * holds a masked string is copied: the strings are read where they are, without serialising the value.
 */
export function maskValue<T>(value: T): T {
  return masked(value) as T;
}

function masked(node: unknown): unknown {
  if (typeof node === 'string') return mayHoldSecret(node) ? maskSecrets(node) : node;
  if (node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < node.length; i++) {
      const item: unknown = node[i];
      const after = masked(item);
      if (after !== item) (copy ??= node.slice())[i] = after;
    }
    return copy ?? node;
  }
  const record = node as Record<string, unknown>;
  let changed: Map<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const after = masked(record[key]);
    if (after !== record[key]) (changed ??= new Map()).set(key, after);
  }
  // Built from entries, never by assignment: a `__proto__` key stays an own key.
  return changed
    ? Object.fromEntries(Object.keys(record).map((key) => [key, changed.has(key) ? changed.get(key) : record[key]]))
    : node;
}
