import { statusById, type IssueRecord } from '../state.js';
import { dateOf } from './dates.js';
import { fieldSpec, type EvalContext, type FieldSpec } from './fields.js';
import { JqlError, parseJql, type Condition, type Operand, type Operator, type Value } from './parser.js';

export { JqlError } from './parser.js';
export type { EvalContext } from './fields.js';

type Predicate = (issue: IssueRecord) => boolean;
type Comparator = (a: IssueRecord, b: IssueRecord) => number;

export interface CompiledQuery {
  /** False for a query without any condition (Jira's enhanced search refuses those). */
  bounded: boolean;
  matches: Predicate;
  compare: Comparator;
}

const valuesOf = (operand: Operand): Value[] =>
  operand.kind === 'list' ? operand.values : operand.kind === 'value' ? [operand.value] : [];
const unsupported = (field: string, operator: Operator): JqlError =>
  new JqlError(`The operator '${operator.toUpperCase()}' is not supported by the '${field}' field.`);

function listClause(
  spec: Extract<FieldSpec, { kind: 'list' }>,
  operator: Operator,
  operand: Operand,
  ctx: EvalContext,
): Predicate {
  if (operator === 'is' || operator === 'is not') {
    const empty = operator === 'is';
    return (issue) => (spec.read(issue).length === 0) === empty;
  }
  if (operand.kind === 'empty') {
    if (operator === '=') return (issue) => spec.read(issue).length === 0;
    if (operator === '!=') return (issue) => spec.read(issue).length > 0;
    throw unsupported(spec.name, operator);
  }
  if (!['=', '!=', 'in', 'not in'].includes(operator)) throw unsupported(spec.name, operator);
  const caseless = spec.name === 'labels';
  const wanted = new Set(
    valuesOf(operand)
      .flatMap((v) => spec.resolve(v, ctx))
      .map((v) => (caseless ? v.toLowerCase() : v)),
  );
  const hit = (issue: IssueRecord) => spec.read(issue).some((v) => wanted.has(caseless ? v.toLowerCase() : v));
  // Jira: a negative comparison never matches an issue whose field is empty.
  return operator === '=' || operator === 'in' ? hit : (issue) => spec.read(issue).length > 0 && !hit(issue);
}

function orderedClause(
  spec: Extract<FieldSpec, { kind: 'date' | 'number' }>,
  operator: Operator,
  operand: Operand,
  ctx: EvalContext,
): Predicate {
  if (operator === 'is' || operator === 'is not' || operand.kind === 'empty') {
    const empty = operator === 'is' || operator === '=';
    if (!['is', 'is not', '=', '!='].includes(operator)) throw unsupported(spec.name, operator);
    return (issue) => (spec.read(issue) === null) === empty;
  }
  const bound = (value: Value): number => {
    if (spec.kind === 'date') return dateOf(value, spec.name, ctx.now);
    const n = value.type === 'function' ? Number.NaN : Number(value.text);
    if (!Number.isFinite(n))
      throw new JqlError(
        `The value '${value.type === 'function' ? value.name : value.text}' for field '${spec.name}' is invalid.`,
      );
    return n;
  };
  if (operator === 'in' || operator === 'not in') {
    const set = new Set(valuesOf(operand).map(bound));
    return (issue) => {
      const v = spec.read(issue);
      return v !== null && set.has(v) === (operator === 'in');
    };
  }
  const limit = bound((operand as { value: Value }).value);
  const test: Record<string, (v: number) => boolean> = {
    '=': (v) => v === limit,
    '!=': (v) => v !== limit,
    '>': (v) => v > limit,
    '>=': (v) => v >= limit,
    '<': (v) => v < limit,
    '<=': (v) => v <= limit,
  };
  const check = test[operator];
  if (!check) throw unsupported(spec.name, operator);
  return (issue) => {
    const v = spec.read(issue);
    return v !== null && check(v);
  };
}

/** Words of a text search (quotes and wildcards dropped); every word must occur. */
function textClause(spec: Extract<FieldSpec, { kind: 'text' }>, operator: Operator, operand: Operand): Predicate {
  if (operator !== '~' && operator !== '!~') throw unsupported(spec.name, operator);
  if (operand.kind !== 'value' || operand.value.type === 'function')
    throw new JqlError(`The field '${spec.name}' takes a text value.`);
  const words = operand.value.text.toLowerCase().replace(/[*?"]/g, ' ').split(/\s+/).filter(Boolean);
  const hit = (issue: IssueRecord) => {
    const text = spec.read(issue).toLowerCase();
    return words.every((w) => text.includes(w));
  };
  return operator === '~' ? hit : (issue) => !hit(issue);
}

function compileCondition(condition: Condition, ctx: EvalContext): Predicate {
  switch (condition.kind) {
    case 'and': {
      const parts = condition.items.map((c) => compileCondition(c, ctx));
      return (issue) => parts.every((p) => p(issue));
    }
    case 'or': {
      const parts = condition.items.map((c) => compileCondition(c, ctx));
      return (issue) => parts.some((p) => p(issue));
    }
    case 'not': {
      const inner = compileCondition(condition.item, ctx);
      return (issue) => !inner(issue);
    }
    case 'clause': {
      const spec = fieldSpec(condition.field, ctx.state);
      if (spec.kind === 'list') return listClause(spec, condition.operator, condition.operand, ctx);
      if (spec.kind === 'text') return textClause(spec, condition.operator, condition.operand);
      return orderedClause(spec, condition.operator, condition.operand, ctx);
    }
  }
}

const SORT_KEYS: Record<string, (ctx: EvalContext) => (issue: IssueRecord) => number | string> = {
  created: () => (i) => i.created,
  updated: () => (i) => i.updated,
  resolved: () => (i) => i.resolutionDate ?? Number.MAX_SAFE_INTEGER,
  resolutiondate: () => (i) => i.resolutionDate ?? Number.MAX_SAFE_INTEGER,
  key: () => (i) => `${i.projectKey}-${i.key.split('-')[1].padStart(10, '0')}`,
  issuekey: () => (i) => `${i.projectKey}-${i.key.split('-')[1].padStart(10, '0')}`,
  id: () => (i) => Number(i.id),
  rank: () => (i) => Number(i.id),
  priority: () => (i) => -Number(i.priorityId),
  status: (ctx) => (i) => statusById(ctx.state, i.statusId)?.name ?? '',
  issuetype: () => (i) => i.issueTypeId,
  assignee: (ctx) => (i) => ctx.state.users.find((u) => u.accountId === i.assigneeId)?.displayName ?? '\uffff',
  summary: () => (i) => i.summary.toLowerCase(),
};

/** Parses and checks a query against the site; any problem is a `JqlError` with Jira's wording. */
export function compileJql(input: string, ctx: EvalContext): CompiledQuery {
  const query = parseJql(input);
  const matches = query.where ? compileCondition(query.where, ctx) : () => true;
  const terms = query.orderBy.map((term) => {
    const key = SORT_KEYS[term.field.toLowerCase()];
    if (!key) throw new JqlError(`Not able to sort using field '${term.field}'.`);
    return { key: key(ctx), sign: term.direction === 'asc' ? 1 : -1 };
  });
  // Without ORDER BY, Jira lists the newest issues first.
  if (terms.length === 0) terms.push({ key: (i) => Number(i.id), sign: -1 });
  const compare: Comparator = (a, b) => {
    for (const { key, sign } of terms) {
      const x = key(a);
      const y = key(b);
      if (x < y) return -sign;
      if (x > y) return sign;
    }
    return Number(b.id) - Number(a.id);
  };
  return { bounded: query.where !== undefined, matches, compare };
}

/** The issues a query selects, in its order. */
export function runJql(input: string, ctx: EvalContext): IssueRecord[] {
  const { matches, compare } = compileJql(input, ctx);
  return ctx.state.issues.filter(matches).sort(compare);
}
