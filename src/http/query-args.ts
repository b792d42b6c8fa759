import type { JsonSchema } from '../toolkit/registry.js';

/**
 * Tool arguments from a query string, typed by the tool's JSON schema: numbers, booleans, arrays
 * (repeated parameters, a JSON array or comma-separated values) and JSON objects in one parameter.
 * A value that does not convert is passed on as it came, so the tool's own schema refuses it with its
 * own message: nothing is validated here.
 */
export function queryArgs(
  schema: JsonSchema,
  query: Record<string, unknown>,
  names?: readonly string[],
): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (raw === undefined || (names && !names.includes(name))) continue;
    out[name] = name in properties ? convert(properties[name], raw) : raw;
  }
  return out;
}

/** The schema without its `null` alternative (optional fields are `anyOf: [T, null]` in places). */
function unwrap(schema: JsonSchema): JsonSchema {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!Array.isArray(alternatives)) return schema;
  const inner = alternatives.filter((s) => s.type !== 'null');
  return inner.length === 1 ? unwrap(inner[0]) : schema;
}

function convert(property: JsonSchema, raw: unknown): unknown {
  const schema = unwrap(property);
  switch (schema.type) {
    case 'array':
      return toArray(raw).map((item) => convert((schema.items as JsonSchema | undefined) ?? {}, item));
    case 'object':
      return typeof raw === 'string' ? parseJson(raw) : raw;
    case 'integer':
    case 'number':
      return typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : raw;
    default:
      return raw;
  }
}

function toArray(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== 'string') return [raw];
  if (raw.trimStart().startsWith('[')) {
    const parsed = parseJson(raw);
    if (Array.isArray(parsed)) return parsed;
  }
  return raw === '' ? [] : raw.split(',').map((v) => v.trim());
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
