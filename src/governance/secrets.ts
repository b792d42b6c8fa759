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
 * True when the value's JSON holds no credential: one pass over one string, and the strings are walked only
 * when it finds one. Credentials' alphabets need no JSON escaping, so each reads the same in the JSON.
 */
function plainly(value: unknown): boolean {
  return findSecrets(JSON.stringify(value) ?? '').length === 0;
}

export const pathOf = (parent: string, key: string | number) =>
  typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;

/** Every credential in the strings of a JSON value, by kind and path; never the secret itself. */
export function scanValue(value: unknown): SecretFinding[] {
  if (plainly(value)) return [];
  const findings: SecretFinding[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') for (const hit of findSecrets(node)) findings.push({ kind: hit.kind, path });
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, pathOf(path, i)));
    else if (node && typeof node === 'object')
      for (const [key, item] of Object.entries(node)) walk(item, pathOf(path, key));
  };
  walk(value, '');
  return findings;
}

/** The value with every credential in its strings masked; the same value when it holds none. */
export function maskValue<T>(value: T): T {
  if (plainly(value)) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return maskSecrets(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(value) as T;
}
