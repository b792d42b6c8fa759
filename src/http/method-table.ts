import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { JsonSchema, Registry } from '../toolkit/registry.js';
import type { MetaParam as MethodParam, MetaType } from '../catalog/method-meta.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface MethodRoute {
  service: string;
  name: string;
  description: string;
  http_method: HttpMethod;
  /** Canonical path; `paths` lists every path the route is served at. */
  path: string;
  paths: string[];
  params: MethodParam[];
  tool: ToolDefinition;
}

const PREFIX_METHODS: Array<[RegExp, HttpMethod]> = [
  [/^(list|get|search|fetch)_/, 'GET'],
  [/^(create|send|add)_/, 'POST'],
  [/^update_/, 'PATCH'],
  [/^(delete|remove)_/, 'DELETE'],
];

/** HTTP method of a method-generated route, from the method name's prefix (spec: method-generated routes). */
export function httpMethodOf(name: string): HttpMethod {
  return PREFIX_METHODS.find(([pattern]) => pattern.test(name))?.[1] ?? 'POST';
}

export const kebab = (name: string): string => name.replace(/_/g, '-');

/** The meta type of a JSON schema property; optional types are already unwrapped by the schema. */
export function metaTypeOf(schema: JsonSchema | undefined): MetaType {
  const type = schema?.type;
  if (type === 'string') return 'str';
  if (type === 'integer') return 'int';
  if (type === 'number') return 'float';
  if (type === 'boolean') return 'bool';
  if (Array.isArray(schema?.anyOf)) {
    const inner = (schema.anyOf as JsonSchema[]).filter((s) => s.type !== 'null');
    if (inner.length === 1) return metaTypeOf(inner[0]);
  }
  return 'json';
}

export function paramsOf(registry: Registry, tool: ToolDefinition): MethodParam[] {
  const schema = registry.inputJsonSchema(tool);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, prop]) => ({
    name,
    type: metaTypeOf(prop),
    default: prop.default ?? null,
    required: required.has(name) && prop.default === undefined,
    ...(typeof prop.description === 'string' ? { description: prop.description } : {}),
    ...(Array.isArray(prop.enum) ? { enum: prop.enum as unknown[] } : {}),
  }));
}

/** Systems whose REST family owns `/{system}/...`: their methods are served under `/v1` only. */
const OWN_REST_FAMILIES = new Set(['graph', 'documents']);

/**
 * Every tool as a method route, served at `/{service}/{method-name}` and `/v1/{service}/{method-name}`
 * (the spec shows both forms).
 */
export function methodTable(registry: Registry): MethodRoute[] {
  return registry.tools.map((tool) => {
    const bare = `/${tool.system}/${kebab(tool.name)}`;
    const paths = OWN_REST_FAMILIES.has(tool.system) ? [`/v1${bare}`] : [bare, `/v1${bare}`];
    return {
      service: tool.system,
      name: tool.name,
      description: tool.description,
      http_method: httpMethodOf(tool.name),
      path: paths[0],
      paths,
      params: paramsOf(registry, tool),
      tool,
    };
  });
}

/** Converts query-string values to the parameter types (GET routes carry everything as strings). */
export function coerceQuery(params: MethodParam[], query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const byName = new Map(params.map((p) => [p.name, p]));
  for (const [name, raw] of Object.entries(query)) {
    const param = byName.get(name);
    if (!param || raw === undefined) {
      out[name] = raw;
      continue;
    }
    const value = Array.isArray(raw) ? raw : String(raw);
    out[name] = coerceValue(param.type, value);
  }
  return out;
}

function coerceValue(type: MetaType, value: string | unknown[]): unknown {
  if (Array.isArray(value)) return type === 'json' ? value : value.map((v) => coerceValue(type, String(v)));
  switch (type) {
    case 'int':
    case 'float':
      return value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
    case 'bool':
      return value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
    case 'json':
      try {
        return JSON.parse(value);
      } catch {
        return value.includes(',') ? value.split(',').map((v) => v.trim()) : [value];
      }
    default:
      return value;
  }
}
