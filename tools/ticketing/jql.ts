/**
 * JQL built from tool arguments. Every value is a quoted, escaped string literal (or a number, or one
 * of the functions below); field names and operators come from code, never from arguments. An
 * argument can therefore never change the structure of a query: `PAY" OR project != "X` stays one
 * string compared with one field.
 */
import { AppError } from '../../src/toolkit/errors.js';

/** A piece of JQL that is safe to combine: only the helpers of this module make one. */
export interface JqlClause {
  readonly jql: string;
  /** Made of several clauses joined by AND / OR: parenthesised when combined again. */
  readonly compound?: boolean;
}

/** A JQL function call (`currentUser()`, `openSprints()`), usable where a value is expected. */
interface JqlFunction {
  readonly fn: string;
}

type JqlValue = string | number | JqlFunction;

/** Field names: plain identifiers (`project`, `statusCategory`) or custom fields (`cf[10016]`). */
const FIELD = /^(?:[A-Za-z][A-Za-z0-9_]*|cf\[\d{1,9}\])$/;

/** A quoted JQL string literal: backslashes, quotes and control characters are escaped. */
export function quote(value: string): string {
  let out = '"';
  for (const char of value) {
    const code = char.codePointAt(0) as number;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

function field(name: string): string {
  if (!FIELD.test(name)) throw new AppError('INTERNAL_ERROR', `Not a JQL field name: ${name}`);
  return name;
}

function value(v: JqlValue): string {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new AppError('VALIDATION_ERROR', `Not a finite number: ${v}`);
    return String(v);
  }
  return typeof v === 'string' ? quote(v) : v.fn;
}

const make = (jql: string, compound = false): JqlClause => ({ jql, compound });

/** JQL functions, each with its arguments checked or quoted. */
export const fn = {
  currentUser: (): JqlFunction => ({ fn: 'currentUser()' }),
  openSprints: (): JqlFunction => ({ fn: 'openSprints()' }),
  closedSprints: (): JqlFunction => ({ fn: 'closedSprints()' }),
  /** `startOfDay(-7d)`: whole days relative to today. */
  startOfDay: (offsetDays = 0): JqlFunction => {
    if (!Number.isInteger(offsetDays)) throw new AppError('VALIDATION_ERROR', 'Day offsets are whole numbers');
    return { fn: offsetDays === 0 ? 'startOfDay()' : `startOfDay(${offsetDays > 0 ? '+' : ''}${offsetDays}d)` };
  },
};

/** A date as JQL compares it (`"2026-11-23"` or `"2026-11-23 14:05"`, in the user's zone on real Jira). */
export function jqlDate(date: Date | number | string, withTime = false): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) throw new AppError('VALIDATION_ERROR', `Not a date: ${String(date)}`);
  const iso = d.toISOString();
  return withTime ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}

type Comparison = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | '!~';

/** The clauses a query is made of. */
export const q = {
  compare: (name: string, op: Comparison, v: JqlValue): JqlClause => make(`${field(name)} ${op} ${value(v)}`),
  eq: (name: string, v: JqlValue): JqlClause => q.compare(name, '=', v),
  ne: (name: string, v: JqlValue): JqlClause => q.compare(name, '!=', v),
  gte: (name: string, v: JqlValue): JqlClause => q.compare(name, '>=', v),
  lte: (name: string, v: JqlValue): JqlClause => q.compare(name, '<=', v),
  gt: (name: string, v: JqlValue): JqlClause => q.compare(name, '>', v),
  lt: (name: string, v: JqlValue): JqlClause => q.compare(name, '<', v),
  in: (name: string, values: readonly JqlValue[]): JqlClause => {
    if (values.length === 0) throw new AppError('INTERNAL_ERROR', `JQL "in" on ${name} needs at least one value`);
    return make(`${field(name)} in (${values.map(value).join(', ')})`);
  },
  notIn: (name: string, values: readonly JqlValue[]): JqlClause => {
    if (values.length === 0) throw new AppError('INTERNAL_ERROR', `JQL "not in" on ${name} needs at least one value`);
    return make(`${field(name)} not in (${values.map(value).join(', ')})`);
  },
  isEmpty: (name: string): JqlClause => make(`${field(name)} is EMPTY`),
  isNotEmpty: (name: string): JqlClause => make(`${field(name)} is not EMPTY`),
  and: (...clauses: Array<JqlClause | undefined | false>): JqlClause => join(clauses, 'AND'),
  or: (...clauses: Array<JqlClause | undefined | false>): JqlClause => join(clauses, 'OR'),
  not: (clause: JqlClause): JqlClause => make(`NOT (${clause.jql})`),
};

function join(clauses: Array<JqlClause | undefined | false>, op: 'AND' | 'OR'): JqlClause {
  const present = clauses.filter((c): c is JqlClause => !!c && c.jql !== '');
  if (present.length <= 1) return present[0] ?? make('');
  return make(present.map((c) => (c.compound ? `(${c.jql})` : c.jql)).join(` ${op} `), true);
}

export interface JqlOrder {
  field: string;
  direction?: 'ASC' | 'DESC';
}

/** A whole query: the clauses AND-ed (absent ones skipped), then the ordering. */
export function jql(clauses: Array<JqlClause | undefined | false>, order: readonly JqlOrder[] = []): string {
  const where = q.and(...clauses).jql;
  const orderBy = order.length
    ? `ORDER BY ${order.map((o) => `${field(o.field)} ${o.direction ?? 'ASC'}`).join(', ')}`
    : '';
  return [where, orderBy].filter(Boolean).join(' ');
}
