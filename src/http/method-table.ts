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
  /** The tool's spec names (see `ToolDefinition.specNames`), and the paths they are served at too. */
  aliases?: string[];
  aliasPaths?: string[];
  params: MethodParam[];
  tool: ToolDefinition;
}

const ACTION_METHODS: Array<[RegExp, HttpMethod]> = [
  [/^(create|send|add)_/, 'POST'],
  [/^update_/, 'PATCH'],
  [/^(delete|remove)_/, 'DELETE'],
];

/**
 * HTTP method of a method-generated route, from the tool's capability: `read` and `analytical` tools
 * are GET (arguments in the query string); `action` tools are POST, PATCH or DELETE by the verb their
 * name starts with (spec: method-generated routes), POST when it names none.
 */
export function httpMethodOf(tool: Pick<ToolDefinition, 'name' | 'capability'>): HttpMethod {
  if (tool.capability.type !== 'action') return 'GET';
  return ACTION_METHODS.find(([pattern]) => pattern.test(tool.name))?.[1] ?? 'POST';
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

/**
 * Systems whose bare `/{system}/...` paths belong to a REST family of the spec: their methods are served
 * under `/v1` only. `/notes/*` is the unified notes family (the `unified_notes` tools), so the Notion
 * `notes` system's methods are `/v1/notes/...`.
 */
const OWN_REST_FAMILIES = new Set(['graph', 'documents', 'crm', 'calendar', 'team_chat', 'notes', 'unified_notes']);

function pathsOf(system: string, name: string): string[] {
  const bare = `/${system}/${kebab(name)}`;
  return OWN_REST_FAMILIES.has(system) ? [`/v1${bare}`] : [bare, `/v1${bare}`];
}

/**
 * Every tool as a method route, served at `/{service}/{method-name}` and `/v1/{service}/{method-name}`
 * (the spec shows both forms), and at the same paths of each of its spec names.
 */
export function methodTable(registry: Registry): MethodRoute[] {
  return registry.tools.map((tool) => {
    const paths = pathsOf(tool.system, tool.name);
    const specNames = tool.specNames ?? [];
    return {
      ...(specNames.length
        ? { aliases: specNames, aliasPaths: specNames.flatMap((name) => pathsOf(tool.system, name)) }
        : {}),
      service: tool.system,
      name: tool.name,
      description: tool.description,
      http_method: httpMethodOf(tool),
      path: paths[0],
      paths,
      params: paramsOf(registry, tool),
      tool,
    };
  });
}
