import { invalid } from '../kit/index.js';
import type { DataSourceRecord, PageRecord, PropertySchema, PropertyValue } from './state.js';

type Filter = Record<string, unknown>;

const plain = (value: PropertyValue): string => ((value[value.type] as Array<{ plain_text: string }> | undefined) ?? []).map((t) => t.plain_text).join('');

/** The schema of a filter's or sort's property, or Notion's 400 naming it. */
export function propertyOf(source: DataSourceRecord, nameOrId: unknown): PropertySchema {
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
const FILTER_KEY: Partial<Record<PropertySchema['type'], string>> = { title: 'title', rich_text: 'rich_text', url: 'url' };

function matchesCondition(schema: PropertySchema, actual: unknown, condition: Record<string, unknown>): boolean {
  const [operator, expected] = Object.entries(condition)[0] ?? [];
  const empty = actual === undefined || actual === null || actual === '' || (Array.isArray(actual) && actual.length === 0);
  if (operator === 'is_empty') return empty;
  if (operator === 'is_not_empty') return !empty;
  if (schema.type === 'date') {
    const at = typeof expected === 'string' ? Date.parse(expected) : NaN;
    if (Number.isNaN(at)) throw invalid(`body.filter.date.${operator} should be a valid ISO 8601 date string, instead was ${JSON.stringify(expected)}.`);
    const value = actual as number | undefined;
    if (value === undefined) return false;
    const day = (ms: number) => Math.floor(ms / 86_400_000);
    return { equals: day(value) === day(at), before: value < at, after: value > at, on_or_before: value <= at, on_or_after: value >= at }[operator] ?? unknownOperator(operator);
  }
  if (Array.isArray(actual)) {
    if (operator === 'contains') return actual.includes(expected);
    if (operator === 'does_not_contain') return !actual.includes(expected);
    return unknownOperator(operator);
  }
  switch (operator) {
    case 'equals':
      return typeof actual === 'string' && typeof expected === 'string' ? actual.toLowerCase() === expected.toLowerCase() : actual === expected;
    case 'does_not_equal':
      return actual !== expected;
    case 'contains':
      return typeof actual === 'string' && actual.toLowerCase().includes(String(expected).toLowerCase());
    case 'does_not_contain':
      return typeof actual !== 'string' || !actual.toLowerCase().includes(String(expected).toLowerCase());
    case 'starts_with':
      return typeof actual === 'string' && actual.toLowerCase().startsWith(String(expected).toLowerCase());
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

/** Whether a page passes a data source query's filter (property conditions, `and`, `or`). */
export function matchesFilter(source: DataSourceRecord, page: PageRecord, filter: Filter | undefined): boolean {
  if (!filter) return true;
  if (Array.isArray(filter.and)) return (filter.and as Filter[]).every((f) => matchesFilter(source, page, f));
  if (Array.isArray(filter.or)) return (filter.or as Filter[]).some((f) => matchesFilter(source, page, f));
  const schema = propertyOf(source, filter.property);
  const key = FILTER_KEY[schema.type] ?? schema.type;
  const condition = filter[key];
  if (!condition || typeof condition !== 'object') {
    const given = Object.keys(filter).filter((k) => k !== 'property');
    throw invalid(`body.filter.${given[0] ?? '?'} does not match the type of property "${schema.name}", which is ${schema.type}.`);
  }
  return matchesCondition(schema, comparable(schema, page.properties[schema.name]), condition as Record<string, unknown>);
}

/** Orders pages by a query's sorts (property or timestamp, ascending or descending). */
export function sortPages(source: DataSourceRecord, pages: PageRecord[], sorts: unknown): PageRecord[] {
  if (!Array.isArray(sorts) || sorts.length === 0) return [...pages].sort((a, b) => b.createdTime.localeCompare(a.createdTime));
  const keys = (sorts as Array<{ property?: string; timestamp?: string; direction?: string }>).map((sort) => {
    const sign = sort.direction === 'descending' ? -1 : 1;
    if (sort.timestamp) return { sign, of: (p: PageRecord) => (sort.timestamp === 'created_time' ? p.createdTime : p.lastEditedTime) };
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
