import { badRequest } from '../kit/index.js';

/** A CQL clause the fake understands: `field op value` (value a list for `in`). */
export interface Clause {
  kind: 'clause';
  field: string;
  op: string;
  values: string[];
}
export type CqlNode = Clause | { kind: 'and' | 'or'; left: CqlNode; right: CqlNode } | { kind: 'not'; node: CqlNode };
interface CqlQuery {
  where: CqlNode | undefined;
  orderBy: Array<{ field: string; descending: boolean }>;
}

const FIELDS = new Set([
  'text',
  'title',
  'space',
  'space.key',
  'type',
  'creator',
  'contributor',
  'lastmodified',
  'created',
  'label',
  'id',
  'ancestor',
  'parent',
  'user.fullname',
  'mention',
]);
const OPS = ['!=', '>=', '<=', '!~', '=', '~', '>', '<'];

type Token = { type: 'word' | 'string' | 'op' | 'paren' | 'comma'; value: string };

const invalidCql = (cql: string, why: string): Error =>
  badRequest(
    `com.atlassian.confluence.api.service.exceptions.BadRequestException: Could not parse cql : ${cql} (${why})`,
  );

function tokenize(cql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < cql.length) {
    const ch = cql[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '"' || ch === "'") {
      let value = '';
      i++;
      while (i < cql.length && cql[i] !== ch) {
        if (cql[i] === '\\' && i + 1 < cql.length) i++;
        value += cql[i++];
      }
      if (i >= cql.length) throw invalidCql(cql, 'unterminated string');
      i++;
      tokens.push({ type: 'string', value });
    } else if (ch === '(' || ch === ')') {
      tokens.push({ type: 'paren', value: ch });
      i++;
    } else if (ch === ',') {
      tokens.push({ type: 'comma', value: ch });
      i++;
    } else {
      const op = OPS.find((o) => cql.startsWith(o, i));
      if (op) {
        tokens.push({ type: 'op', value: op });
        i += op.length;
      } else {
        const word = /^[^\s()",'=~!<>]+(?:\(\))?/.exec(cql.slice(i))?.[0];
        if (!word) throw invalidCql(cql, `unexpected ${ch}`);
        tokens.push({ type: 'word', value: word });
        i += word.length;
      }
    }
  }
  return tokens;
}

/** Parses the CQL subset the wiki tools send; anything else is Confluence's 400. */
export function parseCql(cql: string): CqlQuery {
  const tokens = tokenize(cql);
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const keyword = (word: string): boolean => peek()?.type === 'word' && peek()!.value.toUpperCase() === word;
  const value = (): string => {
    const token = tokens[pos++];
    if (!token || (token.type !== 'word' && token.type !== 'string')) throw invalidCql(cql, 'value expected');
    return token.value;
  };
  const primary = (): CqlNode => {
    if (peek()?.type === 'paren' && peek()!.value === '(') {
      pos++;
      const node = or();
      if (tokens[pos++]?.value !== ')') throw invalidCql(cql, ') expected');
      return node;
    }
    if (keyword('NOT')) {
      pos++;
      return { kind: 'not', node: primary() };
    }
    const field = tokens[pos++];
    if (!field || field.type !== 'word' || !FIELDS.has(field.value.toLowerCase()))
      throw invalidCql(cql, `unknown field ${field?.value ?? ''}`);
    const opToken = tokens[pos++];
    let op = opToken?.value.toLowerCase();
    if (opToken?.type === 'word' && op === 'not' && keyword('IN')) {
      pos++;
      op = 'not in';
    } else if (!opToken || (opToken.type !== 'op' && op !== 'in')) throw invalidCql(cql, 'operator expected');
    const values: string[] = [];
    if (op === 'in' || op === 'not in') {
      if (tokens[pos++]?.value !== '(') throw invalidCql(cql, '( expected');
      do values.push(value());
      while (tokens[pos]?.type === 'comma' && ++pos);
      if (tokens[pos++]?.value !== ')') throw invalidCql(cql, ') expected');
    } else values.push(value());
    return { kind: 'clause', field: field.value.toLowerCase(), op: op, values };
  };
  const and = (): CqlNode => {
    let node = primary();
    while (keyword('AND')) {
      pos++;
      node = { kind: 'and', left: node, right: primary() };
    }
    return node;
  };
  const or = (): CqlNode => {
    let node = and();
    while (keyword('OR')) {
      pos++;
      node = { kind: 'or', left: node, right: and() };
    }
    return node;
  };
  const where = peek() && !keyword('ORDER') ? or() : undefined;
  const orderBy: CqlQuery['orderBy'] = [];
  if (keyword('ORDER')) {
    pos++;
    if (!keyword('BY')) throw invalidCql(cql, 'BY expected');
    pos++;
    do {
      const field = value().toLowerCase();
      let descending = false;
      if (keyword('DESC') || keyword('ASC')) descending = tokens[pos++].value.toUpperCase() === 'DESC';
      orderBy.push({ field, descending });
    } while (tokens[pos]?.type === 'comma' && ++pos);
  }
  if (pos < tokens.length) throw invalidCql(cql, `unexpected ${tokens[pos].value}`);
  return { where, orderBy };
}

const fold = (text: string): string => text.normalize('NFKC').toLowerCase();

/**
 * Lucene-style `~` matching as Confluence does it for the fake: quoted phrases must appear as they are,
 * every other word must appear somewhere (case-insensitive, Unicode-normalised).
 */
export function textMatches(haystack: string, query: string): boolean {
  const text = fold(haystack);
  const phrases: string[] = [];
  const rest = fold(query).replace(/"([^"]*)"/g, (_m, phrase: string) => (phrases.push(phrase.trim()), ' '));
  const words = rest
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
  if (!phrases.length && !words.length) return false;
  return phrases.every((p) => text.includes(p)) && words.every((w) => text.includes(w));
}
