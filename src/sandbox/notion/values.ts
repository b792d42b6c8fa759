import { invalid } from '../kit/index.js';
import { requestRichText } from './request-blocks.js';
import type { DataSourceRecord, NotionState, PropertySchema, PropertyValue, SelectOption } from './state.js';

function option(schema: PropertySchema, given: unknown, name: string): SelectOption {
  const wanted = (given as { name?: unknown; id?: unknown } | null)?.name ?? (given as { id?: unknown } | null)?.id;
  if (typeof wanted !== 'string') throw invalid(`${name} is expected to be ${schema.type} (an option with a name).`);
  const options = (schema.options ??= []);
  const known = options.find((o) => o.name === wanted || o.id === wanted);
  if (known) return known;
  // Notion adds an option it has not seen to the property's schema.
  const added = { id: `opt-new-${options.length}`, name: wanted, color: 'default' };
  options.push(added);
  return added;
}

/** One property's value as written by a client, checked against its schema and stored in Notion's read form. */
function propertyValue(state: NotionState, schema: PropertySchema, raw: Record<string, unknown>): PropertyValue {
  const name = schema.name;
  const given = raw[schema.type];
  if (!(schema.type in raw)) throw invalid(`${name} is expected to be ${schema.type}.`);
  switch (schema.type) {
    case 'title':
    case 'rich_text':
      return {
        type: schema.type,
        [schema.type]: requestRichText(state, given, `body.properties.${name}.${schema.type}`),
      };
    case 'select':
    case 'status':
      return { type: schema.type, [schema.type]: given === null ? null : option(schema, given, name) };
    case 'multi_select':
      if (!Array.isArray(given)) throw invalid(`${name} is expected to be multi_select (an array of options).`);
      return { type: 'multi_select', multi_select: given.map((o) => option(schema, o, name)) };
    case 'number':
      if (given !== null && typeof given !== 'number') throw invalid(`${name} is expected to be number.`);
      return { type: 'number', number: given };
    case 'checkbox':
      if (typeof given !== 'boolean') throw invalid(`${name} is expected to be checkbox.`);
      return { type: 'checkbox', checkbox: given };
    case 'url':
      if (given !== null && typeof given !== 'string') throw invalid(`${name} is expected to be url.`);
      return { type: 'url', url: given };
    case 'date': {
      const date = given as { start?: unknown; end?: unknown } | null;
      if (date !== null && (typeof date?.start !== 'string' || Number.isNaN(Date.parse(date.start))))
        throw invalid(`${name} is expected to be date (with an ISO 8601 start).`);
      return {
        type: 'date',
        date:
          date === null
            ? null
            : { start: date.start, end: typeof date.end === 'string' ? date.end : null, time_zone: null },
      };
    }
    case 'people': {
      if (!Array.isArray(given)) throw invalid(`${name} is expected to be people (an array of users).`);
      const people = given.map((p) => {
        const id = (p as { id?: unknown }).id;
        if (typeof id !== 'string' || !state.users.some((u) => u.id === id))
          throw invalid(`${name}: ${String(id)} is not a user of this workspace.`);
        return { object: 'user', id };
      });
      return { type: 'people', people };
    }
    case 'relation': {
      if (!Array.isArray(given)) throw invalid(`${name} is expected to be relation (an array of page ids).`);
      return { type: 'relation', relation: given.map((p) => ({ id: String((p as { id?: unknown }).id) })) };
    }
  }
}

/**
 * A page's properties as a client wrote them, checked against the data source's schema (unknown names
 * and wrong types are Notion's 400 naming the property) and stored in read form.
 */
export function propertyValues(
  state: NotionState,
  source: DataSourceRecord | undefined,
  raw: unknown,
): Record<string, PropertyValue> {
  if (raw === undefined) return {};
  if (!raw || typeof raw !== 'object') throw invalid('body.properties should be an object.');
  const out: Record<string, PropertyValue> = {};
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const schema = source
      ? Object.values(source.properties).find((p) => p.name === name || p.id === name)
      : name === 'title'
        ? ({ id: 'title', name: 'title', type: 'title' } as PropertySchema)
        : undefined;
    if (!schema) throw invalid(`${name} is not a property that exists.`);
    if (!value || typeof value !== 'object') throw invalid(`${name} is expected to be ${schema.type}.`);
    out[schema.name] = propertyValue(state, schema, value as Record<string, unknown>);
  }
  return out;
}
