import { AppError } from '../../src/toolkit/errors.js';
import type { NotionPerson, PropertyInfo } from './notion.js';
import { personId, propertyNamed } from './properties.js';

/**
 * The notes tools' filter form: an object whose keys are property names, every condition must hold:
 * `{"Status": "Done", "Estimate": {">=": 3}, "Tags": {"contains": "bug"}, "Due": {"before": "2026-12-01"},
 * "Owner": "ada@acme.test", "Done": false, "Notes": {"is_empty": true}}`; a list of such objects means
 * any of them. A bare value means equals (contains for multi-select, people and relations).
 */
type SimpleFilter = Record<string, unknown> | Array<Record<string, unknown>>;

const OPERATORS: Record<string, string> = {
  equals: 'equals',
  '=': 'equals',
  not: 'does_not_equal',
  '!=': 'does_not_equal',
  contains: 'contains',
  not_contains: 'does_not_contain',
  starts_with: 'starts_with',
  '>': 'greater_than',
  '>=': 'greater_than_or_equal_to',
  '<': 'less_than',
  '<=': 'less_than_or_equal_to',
  before: 'before',
  after: 'after',
  on_or_before: 'on_or_before',
  on_or_after: 'on_or_after',
  is_empty: 'is_empty',
};

const LIST_TYPES = new Set(['multi_select', 'people', 'relation']);
/** The condition key Notion expects per property type (text types share the text conditions). */
const CONDITION_KEY: Record<string, string> = {
  title: 'title',
  rich_text: 'rich_text',
  url: 'url',
  email: 'email',
  phone_number: 'phone_number',
};

function condition(
  property: PropertyInfo,
  spec: unknown,
  people: ReadonlyMap<string, NotionPerson>,
): Record<string, unknown> {
  const entries: Array<[string, unknown]> =
    spec !== null && typeof spec === 'object' && !Array.isArray(spec)
      ? Object.entries(spec)
      : [[LIST_TYPES.has(property.type) ? 'contains' : 'equals', spec]];
  if (entries.length !== 1)
    throw new AppError(
      'VALIDATION_ERROR',
      `Filter on "${property.name}": give one condition per property, e.g. {">=": 3}`,
    );
  const [operator, raw] = entries[0];
  const notionOperator = OPERATORS[operator];
  if (!notionOperator)
    throw new AppError(
      'VALIDATION_ERROR',
      `Filter on "${property.name}": unknown condition "${operator}". Conditions: ${Object.keys(OPERATORS).join(', ')}`,
    );
  if (notionOperator === 'is_empty') return { [raw === false ? 'is_not_empty' : 'is_empty']: true };
  const value = property.type === 'people' ? personId(property, raw, people) : raw;
  if (property.type === 'number' && typeof value !== 'number')
    throw new AppError(
      'VALIDATION_ERROR',
      `Filter on "${property.name}" (number): give a number, not ${JSON.stringify(raw)}`,
    );
  if (property.type === 'checkbox' && typeof value !== 'boolean')
    throw new AppError('VALIDATION_ERROR', `Filter on "${property.name}" (checkbox): give true or false`);
  return { [notionOperator]: value };
}

/** The Notion filter of a simple filter, checked against the database's properties. */
export function notionFilter(
  filter: SimpleFilter | undefined,
  properties: readonly PropertyInfo[],
  people: ReadonlyMap<string, NotionPerson>,
): Record<string, unknown> | undefined {
  if (filter === undefined) return undefined;
  if (Array.isArray(filter)) return { or: filter.map((f) => notionFilter(f, properties, people)) };
  const conditions = Object.entries(filter).map(([name, spec]) => {
    const property = propertyNamed(properties, name);
    return {
      property: property.name,
      [CONDITION_KEY[property.type] ?? property.type]: condition(property, spec, people),
    };
  });
  return conditions.length === 1 ? conditions[0] : { and: conditions };
}

/** Sorts as `[{property, direction}]` with `asc` / `desc`. */
export function notionSorts(
  sorts: Array<{ property: string; direction?: 'asc' | 'desc' }> | undefined,
  properties: readonly PropertyInfo[],
) {
  return sorts?.map((s) => ({
    property: propertyNamed(properties, s.property).name,
    direction: s.direction === 'desc' ? ('descending' as const) : ('ascending' as const),
  }));
}
