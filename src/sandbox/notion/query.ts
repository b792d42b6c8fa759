import { invalid } from '../kit/index.js';
import type { DataSourceRecord, PageRecord, PropertySchema, PropertyValue } from './state.js';

type Filter = Record<string, unknown>;

const plain = (value: PropertyValue): string =>
  ((value[value.type] as Array<{ plain_text: string }> | undefined) ?? []).map((t) => t.plain_text).join('');

/** The schema of a filter's or sort's property, or Notion's 400 naming it. */
function propertyOf(source: DataSourceRecord, nameOrId: unknown): PropertySchema {
  const schema = Object.values(source.properties).find((p) => p.name === nameOrId || p.id === nameOrId);
  if (!schema) throw invalid(`Could not find property with name or id: ${String(nameOrId)}`);
  return schema;
}

/** The comparable form of a page's value (text, number, epoch ms, booleans, ids). */
function comparable(schema: PropertySchema, value: PropertyValue | undefined): unknown {
  if (!value) return undefined;
  switch (schema.type) {
    case 'title':
    case 'rich_text':
      return plain(value);
    case 'select':
    case 'status':
      return (value[schema.type] as { name: string } | null)?.name;
    case 'multi_select':
      return ((value.multi_select as Array<{ name: string }>) ?? []).map((o) => o.name);
    case 'people':
    case 'relation':
      return ((value[schema.type] as Array<{ id: string }>) ?? []).map((o) => o.id);
    case 'date': {
      const start = (value.date as { start: string } | null)?.start;
      return start ? Date.parse(start) : undefined;
    }
    default:
      return value[schema.type];
  }
}

/** The condition types each property type accepts in a filter (`{property, <type>: {...}}`). */
const FILTER_KEY: Partial<Record<PropertySchema['type'], string>> = {
  title: 'title',
  rich_text: 'rich_text',
  url: 'url',
};

function matchesCondition(schema: PropertySchema, actual: unknown, condition: Record<string, unknown>): boolean {
  const [operator, expected] = Object.entries(condition)[0] ?? [];
  const empty =
    actual === undefined || actual === null || actual === '' || (Array.isArray(actual) && actual.length === 0);
  if (operator === 'is_empty') return empty;
  if (operator === 'is_not_empty') return !empty;
  if (schema.type === 'date') {
    const at = typeof expected === 'string' ? Date.parse(expected) : NaN;
    if (Number.isNaN(at))
      throw invalid(
        `body.filter.date.${operator} should be a valid ISO 8601 date string, instead was ${JSON.stringify(expected)}.`,
      );
    const value = actual as number | undefined;
    if (value === undefined) return false;
    const day = (ms: number) => Math.floor(ms / 86_400_000);
    return (
      {
        equals: day(value) === day(at),
        before: value < at,
        after: value > at,
        on_or_before: value <= at,
        on_or_after: value >= at,
      }[operator] ?? unknownOperator(operator)
    );
  }
  if (Array.isArray(actual)) {
    if (operator === 'contains') return actual.includes(expected);
    if (operator === 'does_not_contain') return !actual.includes(expected);
    return unknownOperator(operator);
  }
  switch (operator) {
    case 'equals':
      return typeof actual === 'string' && typeof expected === 'string'
        ? actual.toLowerCase() === expected.toLowerCase()
        : actual === expected;
    case 'does_not_equal':
      return actual !== expected;
    case 'contains':
      return typeof actual === 'string' && actual.toLowerCase().includes(String(expected).toLowerCase());
    case 'does_not_contain':
      return typeof actual !== 'string' || !actual.toLowerCase().includes(String(expected).toLowerCase());
    case 'starts_with':
      return typeof actual === 'string' && actual.toLowerCase().startsWith(String(expected).toLowerCase());
    case 'ends_with':
      return typeof actual === 'string' && actual.toLowerCase().endsWith(String(expected).toLowerCase());
    case 'greater_than':
      return typeof actual === 'number' && actual > Number(expected);
    case 'less_than':
      return typeof actual === 'number' && actual < Number(expected);
    case 'greater_than_or_equal_to':
      return typeof actual === 'number' && actual >= Number(expected);
    case 'less_than_or_equal_to':
      return typeof actual === 'number' && actual <= Number(expected);
    default:
      return unknownOperator(operator);
  }
}

function unknownOperator(operator: unknown): never {
  throw invalid(`body.filter has an unknown condition: ${String(operator)}.`);
}

/** The operators each filter condition type accepts, and the JSON type of its value (Notion's filter reference). */
const TEXT = ['equals', 'does_not_equal', 'contains', 'does_not_contain', 'starts_with', 'ends_with'];
const CONDITIONS: Record<string, { operators: string[]; value: 'string' | 'number' | 'boolean' | 'date' }> = {
  title: { operators: TEXT, value: 'string' },
  rich_text: { operators: TEXT, value: 'string' },
  url: { operators: TEXT, value: 'string' },
  email: { operators: TEXT, value: 'string' },
  phone_number: { operators: TEXT, value: 'string' },
  number: {
    operators: [
      'equals',
      'does_not_equal',
      'greater_than',
      'less_than',
      'greater_than_or_equal_to',
      'less_than_or_equal_to',
    ],
    value: 'number',
  },
  checkbox: { operators: ['equals', 'does_not_equal'], value: 'boolean' },
  select: { operators: ['equals', 'does_not_equal'], value: 'string' },
  status: { operators: ['equals', 'does_not_equal'], value: 'string' },
  multi_select: { operators: ['contains', 'does_not_contain'], value: 'string' },
  people: { operators: ['contains', 'does_not_contain'], value: 'string' },
  relation: { operators: ['contains', 'does_not_contain'], value: 'string' },
  date: { operators: ['equals', 'before', 'after', 'on_or_before', 'on_or_after'], value: 'date' },
};

const shown = (value: unknown): string => `\`${JSON.stringify(value)}\``;

/**
 * Checks a query's filter as Notion does before reading any row: every property exists, the condition
 * type matches the property's type (`database property number does not match filter select`), and each
 * condition's value has the type its operator takes, with Notion's `body.filter...` paths in the wording.
 */
export function checkFilter(source: DataSourceRecord, filter: unknown, path = 'body.filter'): void {
  if (filter === undefined || filter === null) return;
  if (typeof filter !== 'object' || Array.isArray(filter))
    throw invalid(`body failed validation: ${path} should be an object, instead was ${shown(filter)}.`);
  const compound = filter as Filter;
  for (const key of ['and', 'or'] as const) {
    if (!(key in compound)) continue;
    if (!Array.isArray(compound[key]))
      throw invalid(`body failed validation: ${path}.${key} should be an array, instead was ${shown(compound[key])}.`);
    (compound[key] as unknown[]).forEach((inner, i) => checkFilter(source, inner, `${path}.${key}[${i}]`));
    return;
  }
  const schema = propertyOf(source, compound.property);
  const given = Object.keys(compound).filter((k) => k !== 'property');
  const expected = FILTER_KEY[schema.type] ?? schema.type;
  const key = given.find((k) => k in CONDITIONS || k === expected);
  if (!key)
    throw invalid(
      `body failed validation: ${path} should define a condition for property "${schema.name}" (${schema.type}).`,
    );
  if (key !== expected && !(key === 'rich_text' && schema.type === 'title'))
    throw invalid(`database property ${schema.type} does not match filter ${key}`);
  const condition = compound[key];
  if (!condition || typeof condition !== 'object')
    throw invalid(`body failed validation: ${path}.${key} should be an object, instead was ${shown(condition)}.`);
  const rule = CONDITIONS[key];
  for (const [operator, value] of Object.entries(condition)) {
    const at = `${path}.${key}.${operator}`;
    if (operator === 'is_empty' || operator === 'is_not_empty') {
      if (value !== true)
        throw invalid(`body failed validation: ${at} should be \`true\`, instead was ${shown(value)}.`);
      continue;
    }
    if (!rule?.operators.includes(operator))
      throw invalid(`body failed validation: ${at} should be not present, instead was ${shown(value)}.`);
    const ok =
      rule.value === 'date'
        ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
        : typeof value === rule.value;
    if (!ok)
      throw invalid(
        `body failed validation: ${at} should be ${rule.value === 'date' ? 'a valid ISO 8601 date string' : `a ${rule.value}`}, instead was ${shown(value)}.`,
      );
  }
}

/** Whether a page passes a data source query's filter (property conditions, `and`, `or`); `checkFilter` first. */
export function matchesFilter(source: DataSourceRecord, page: PageRecord, filter: Filter | undefined): boolean {
  if (!filter) return true;
  if (Array.isArray(filter.and)) return (filter.and as Filter[]).every((f) => matchesFilter(source, page, f));
  if (Array.isArray(filter.or)) return (filter.or as Filter[]).some((f) => matchesFilter(source, page, f));
  const schema = propertyOf(source, filter.property);
  const condition = filter[FILTER_KEY[schema.type] ?? schema.type] ?? filter.rich_text;
  return matchesCondition(
    schema,
    comparable(schema, page.properties[schema.name]),
    condition as Record<string, unknown>,
  );
}

/** Orders pages by a query's sorts (property or timestamp, ascending or descending). */
export function sortPages(source: DataSourceRecord, pages: PageRecord[], sorts: unknown): PageRecord[] {
  if (!Array.isArray(sorts) || sorts.length === 0)
    return [...pages].sort((a, b) => b.createdTime.localeCompare(a.createdTime));
  const keys = (sorts as Array<{ property?: string; timestamp?: string; direction?: string }>).map((sort) => {
    const sign = sort.direction === 'descending' ? -1 : 1;
    if (sort.timestamp)
      return { sign, of: (p: PageRecord) => (sort.timestamp === 'created_time' ? p.createdTime : p.lastEditedTime) };
    const schema = propertyOf(source, sort.property);
    return { sign, of: (p: PageRecord) => comparable(schema, p.properties[schema.name]) };
  });
  const order = (a: unknown, b: unknown): number => {
    if (a === b) return 0;
    if (a === undefined || a === null) return 1;
    if (b === undefined || b === null) return -1;
    return String(a).localeCompare(String(b), undefined, { numeric: true });
  };
  return [...pages].sort((a, b) => {
    for (const key of keys) {
      const result = order(key.of(a), key.of(b));
      if (result !== 0) return key.sign * result;
    }
    return 0;
  });
}
