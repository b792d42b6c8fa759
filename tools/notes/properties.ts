import { AppError } from '../../src/toolkit/errors.js';
import { richText } from './blocks/rich-text.js';
import type { NotionPerson, PropertyInfo } from './notion.js';

/** A property's value as agents read and write it: text, number, boolean, names, a date, people. */
export type PlainValue =
  | string
  | number
  | boolean
  | null
  | string[]
  | Array<{ id: string; name: string; email: string | null }>
  | { start: string; end: string | null };

type Json = Record<string, unknown>;
const plainText = (items: unknown): string =>
  ((items as Array<{ plain_text?: string }> | undefined) ?? []).map((t) => t.plain_text ?? '').join('');

/** A Notion property value as a plain value (people resolved to names and emails where known). */
function plainValue(value: Json, people: ReadonlyMap<string, NotionPerson>): PlainValue {
  const content = value[value.type as string];
  switch (value.type) {
    case 'title':
    case 'rich_text':
      return plainText(content);
    case 'select':
    case 'status':
      return (content as { name?: string } | null)?.name ?? null;
    case 'multi_select':
      return ((content as Array<{ name: string }> | null) ?? []).map((o) => o.name);
    case 'date': {
      const date = content as { start: string; end: string | null } | null;
      return date ? (date.end ? { start: date.start, end: date.end } : date.start) : null;
    }
    case 'people':
      return ((content as Array<{ id: string; name?: string }> | null) ?? []).map(
        (p) => people.get(p.id) ?? { id: p.id, name: p.name ?? '', email: null },
      );
    case 'relation':
      return ((content as Array<{ id: string }> | null) ?? []).map((r) => r.id);
    case 'number':
    case 'checkbox':
    case 'url':
    case 'email':
    case 'phone_number':
      return (content as string | number | boolean | null) ?? null;
    case 'created_time':
    case 'last_edited_time':
      return (content as string | null) ?? null;
    case 'formula': {
      const formula = content as { type: string } & Json;
      return (formula[formula.type] as PlainValue) ?? null;
    }
    default:
      return null;
  }
}

/** Every property of a page as plain values, by name. */
export const plainProperties = (
  properties: Record<string, Json>,
  people: ReadonlyMap<string, NotionPerson>,
): Record<string, PlainValue> =>
  Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, plainValue(value, people)]));

const wrong = (property: PropertyInfo, expected: string, given: unknown): AppError =>
  new AppError(
    'VALIDATION_ERROR',
    `Property "${property.name}" is ${property.type}: give ${expected}, not ${JSON.stringify(given)}`,
  );

/** A person named by id, email or name. */
export function personId(property: PropertyInfo, given: unknown, people: ReadonlyMap<string, NotionPerson>): string {
  const wanted = String(given).trim().toLowerCase();
  const person = [...people.values()].find(
    (p) => p.id === given || p.email?.toLowerCase() === wanted || p.name.toLowerCase() === wanted,
  );
  if (!person)
    throw new AppError(
      'VALIDATION_ERROR',
      `Property "${property.name}": no person "${String(given)}" in the workspace (give an email, a name or a user id)`,
    );
  return person.id;
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** A plain value written by an agent, as the Notion value of its property (checked against the property's type). */
function notionValue(property: PropertyInfo, given: unknown, people: ReadonlyMap<string, NotionPerson>): Json {
  switch (property.type) {
    case 'title':
    case 'rich_text':
      if (typeof given !== 'string') throw wrong(property, 'text', given);
      return { [property.type]: richText([{ type: 'text', value: given }]) };
    case 'select':
    case 'status':
      if (given !== null && typeof given !== 'string')
        throw wrong(property, `one of ${property.options?.join(', ') || 'its options'}`, given);
      return { [property.type]: given === null ? null : { name: given } };
    case 'multi_select':
      if (!asList(given).every((v) => typeof v === 'string')) throw wrong(property, 'a list of option names', given);
      return { multi_select: asList(given).map((name) => ({ name })) };
    case 'number':
      if (given !== null && typeof given !== 'number') throw wrong(property, 'a number', given);
      return { number: given };
    case 'checkbox':
      if (typeof given !== 'boolean') throw wrong(property, 'true or false', given);
      return { checkbox: given };
    case 'url':
    case 'email':
    case 'phone_number':
      if (given !== null && typeof given !== 'string') throw wrong(property, 'text', given);
      return { [property.type]: given };
    case 'date': {
      const range =
        typeof given === 'string' ? { start: given, end: null } : (given as { start?: unknown; end?: unknown } | null);
      if (range === null) return { date: null };
      if (typeof range?.start !== 'string' || Number.isNaN(Date.parse(range.start)))
        throw wrong(property, 'an ISO date such as 2026-12-01, or {start, end}', given);
      return { date: { start: range.start, end: typeof range.end === 'string' ? range.end : null } };
    }
    case 'people':
      return { people: asList(given).map((p) => ({ id: personId(property, p, people) })) };
    case 'relation':
      if (!asList(given).every((v) => typeof v === 'string')) throw wrong(property, 'a list of page ids', given);
      return { relation: asList(given).map((id) => ({ id })) };
    default:
      throw new AppError(
        'VALIDATION_ERROR',
        `Property "${property.name}" is ${property.type}, which cannot be written`,
      );
  }
}

/** The property a name refers to (case-insensitive), or a 400 listing the database's properties. */
export function propertyNamed(properties: readonly PropertyInfo[], name: string): PropertyInfo {
  const property =
    properties.find((p) => p.name === name) ?? properties.find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (!property)
    throw new AppError(
      'VALIDATION_ERROR',
      `Unknown property "${name}". Properties: ${properties.map((p) => `${p.name} (${p.type})`).join(', ')}`,
    );
  return property;
}

/** Plain properties of a create or update, as Notion's `properties` object. */
export function notionProperties(
  schema: readonly PropertyInfo[],
  values: Record<string, unknown>,
  people: ReadonlyMap<string, NotionPerson>,
): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const property = propertyNamed(schema, name);
      return [property.name, notionValue(property, value, people)];
    }),
  );
}

/**
 * Whether written values name an option their select, multi-select or status property does not list yet
 * (Notion adds it, so a remembered schema no longer says every option).
 */
export function addsOptions(schema: readonly PropertyInfo[], values: Record<string, unknown>): boolean {
  return Object.entries(values).some(([name, value]) => {
    const options = schema.find((p) => p.name.toLowerCase() === name.toLowerCase())?.options;
    return (
      options !== undefined && asList(value).some((option) => typeof option === 'string' && !options.includes(option))
    );
  });
}
