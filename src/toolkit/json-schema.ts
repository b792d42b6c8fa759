import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A tool's schema as hosts are shown it. Every argument is still checked against the zod schema on
 * each call, with a clear error; what is shown is what guides a model, and every token of it is paid
 * in every conversation that lists the tool.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: forHosts }) as JsonSchema;
  delete json.$schema;
  return io === 'output' ? withoutRequired(json) : json;
}

/** Longer patterns are machine checks (an ISO date-time, an email) a model reads from the description. */
const PATTERN_SHOWN_UP_TO = 60;
/** Length and count bounds at least this large guard the server, not the model's choices. */
const GUARD_LENGTH = 128;
const GUARD_ITEMS = 50;
const GUARD_NUMBER = 100_000;

function forHosts(ctx: { jsonSchema: Record<string, unknown> }): void {
  const schema = ctx.jsonSchema;
  // zod writes ±2^53-1 bounds on every `.int()`: true but noise.
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  if (typeof schema.pattern === 'string' && (schema.format || schema.pattern.length > PATTERN_SHOWN_UP_TO))
    delete schema.pattern;
  if (typeof schema.maxLength === 'number' && schema.maxLength >= GUARD_LENGTH) delete schema.maxLength;
  if (typeof schema.maxItems === 'number' && schema.maxItems >= GUARD_ITEMS) delete schema.maxItems;
  if (typeof schema.maximum === 'number' && schema.maximum >= GUARD_NUMBER) delete schema.maximum;
  // Keys of a JSON object are strings anyway.
  const names = schema.propertyNames;
  if (isNode(names) && Object.keys(names).length === 1 && names.type === 'string') delete schema.propertyNames;
  // `{}` allows what leaving it out allows.
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object' && Object.keys(extra).length === 0) delete schema.additionalProperties;
  // "Not empty" goes without saying for an id, a name or a text.
  if (schema.minLength === 1) delete schema.minLength;
}

/**
 * Output schemas describe fields without requiring them: the `fields` projection may leave any of
 * them out, and MCP clients validate structured results against the schema.
 */
function withoutRequired(schema: unknown): JsonSchema {
  if (Array.isArray(schema)) return schema.map(withoutRequired) as unknown as JsonSchema;
  if (!schema || typeof schema !== 'object') return schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required') continue;
    out[key] = value && typeof value === 'object' ? withoutRequired(value) : value;
  }
  return out;
}

/** A part must be at least this long (as JSON) to be worth a definition of its own. */
const SHARED_PART_MIN_CHARS = 80;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A part's shape without its own description: two fields of one shape may each say what they hold. */
function shapeOf(node: Node): string {
  const { description: _own, ...shape } = node;
  return JSON.stringify(shape);
}

/** A schema below the root, where it sits (its parent and key), and the field name it describes. */
interface Part {
  parent: Node | unknown[];
  key: string | number;
  node: Node;
  name: string;
}

/** Only schemas are shared, never a default value or an example that happens to be an object. */
const isSchema = (node: Node): boolean => ['type', 'anyOf', 'oneOf', 'enum', 'properties'].some((k) => k in node);

/** Every schema below the root. */
function* partsOf(node: unknown, key = ''): Generator<Part> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) {
      if (isNode(item) && isSchema(item)) yield { parent: node, key: i, node: item, name: key };
      yield* partsOf(item, key);
    }
    return;
  }
  if (!isNode(node)) return;
  for (const [k, value] of Object.entries(node)) {
    if (k === '$defs') continue;
    // Under `properties` the keys are field names: the name a shared part takes.
    const name = key === 'properties' ? k : k === 'items' ? `${key}_item` : key;
    if (isNode(value) && isSchema(value) && k !== 'properties') yield { parent: node, key: k, node: value, name };
    yield* partsOf(value, k === 'properties' ? 'properties' : name);
  }
}

/**
 * The same shape written more than once in one schema (a ticket's assignee and reporter, the
 * percentiles of two durations) becomes one definition under `$defs`, referred to where it was: the
 * schema says the same in fewer tokens, and validators read `$ref` as the part itself.
 */
export function shareRepeatedParts(schema: JsonSchema): JsonSchema {
  const root = structuredClone(schema);
  const defs: Node = { ...((root.$defs as Node | undefined) ?? {}) };
  for (;;) {
    const seen = new Map<string, Part[]>();
    for (const part of partsOf(root)) {
      if ('$ref' in part.node) continue;
      const shape = shapeOf(part.node);
      if (shape.length < SHARED_PART_MIN_CHARS) continue;
      seen.set(shape, [...(seen.get(shape) ?? []), part]);
    }
    const repeated = [...seen.entries()]
      .filter(([, parts]) => parts.length > 1)
      .sort(([a, x], [b, y]) => b.length * (y.length - 1) - a.length * (x.length - 1))[0];
    if (!repeated) break;
    const [shape, parts] = repeated;
    const base = parts[0].name.replace(/[^A-Za-z0-9_]/g, '') || 'part';
    let name = base;
    for (let i = 2; name in defs; i++) name = `${base}${i}`;
    defs[name] = JSON.parse(shape) as Node;
    for (const { parent, key, node } of parts) {
      const ref = { $ref: `#/$defs/${name}`, ...(node.description ? { description: node.description } : {}) };
      (parent as Record<string | number, unknown>)[key] = ref;
    }
  }
  if (Object.keys(defs).length) root.$defs = defs;
  return root;
}

/**
 * A schema without its prose: what a client validating results reads of an output schema. (A field
 * called `description` is a schema, not prose, and stays.)
 */
export function withoutProse(schema: unknown): JsonSchema {
  if (Array.isArray(schema)) return schema.map(withoutProse) as unknown as JsonSchema;
  if (!isNode(schema)) return schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' && typeof value === 'string') continue;
    out[key] = typeof value === 'object' && value !== null ? withoutProse(value) : value;
  }
  return out;
}
