import type { SystemManifest } from '../catalog/manifest.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { JsonSchema, Registry } from '../toolkit/registry.js';
import type { MetaParam as MethodParam, MetaType } from '../catalog/method-meta.js';

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface MethodRoute {
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
function metaTypeOf(schema: JsonSchema | undefined): MetaType {
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

/** Systems whose bare `/{system}/...` paths belong to a REST family (see `SystemManifest.rest`). */
const ownersOfBarePaths = (manifests: readonly SystemManifest[]): ReadonlySet<string> =>
  new Set(manifests.filter((m) => m.rest?.ownsBarePaths).map((m) => m.system.id));

function pathsOf(system: string, name: string, ownedBare: ReadonlySet<string>): string[] {
  const bare = `/${system}/${kebab(name)}`;
  return ownedBare.has(system) ? [`/v1${bare}`] : [bare, `/v1${bare}`];
}

/**
 * Every tool as a method route, served at `/{service}/{method-name}` and `/v1/{service}/{method-name}`
 * (the spec shows both forms), and at the same paths of each of its spec names; under `/v1` only for a
 * system whose manifest says a REST family owns its bare paths.
 */
export function methodTable(registry: Registry, manifests: readonly SystemManifest[] = []): MethodRoute[] {
  const ownedBare = ownersOfBarePaths(manifests);
  return registry.tools.map((tool) => {
    const paths = pathsOf(tool.system, tool.name, ownedBare);
    const specNames = tool.specNames ?? [];
    return {
      ...(specNames.length
        ? { aliases: specNames, aliasPaths: specNames.flatMap((name) => pathsOf(tool.system, name, ownedBare)) }
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
