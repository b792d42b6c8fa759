import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { httpMethodOf, methodTable } from '../../src/http/method-table.js';
import { mcpTool } from '../../src/mcp/tool-list.js';
import type { ToolDefinition } from '../../src/toolkit/define-tool.js';
import type { JsonSchema } from '../../src/toolkit/registry.js';
import { buildRegistry } from '../../tools/index.js';

// The catalog's machine-checked contract: what every tool must say, how it is named and how much of an
// agent's context it may take.

const registry = buildRegistry();
const toolCases = registry.tools.map((t) => [t.qualifiedName, t] as const);

/** Every property of a JSON schema at any depth, with its dotted path (array items as `[]`). */
function propertiesOf(schema: unknown, path = ''): Array<{ path: string; property: JsonSchema }> {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as JsonSchema;
  const found: Array<{ path: string; property: JsonSchema }> = [];
  for (const [name, property] of Object.entries((node.properties ?? {}) as Record<string, JsonSchema>)) {
    const at = path ? `${path}.${name}` : name;
    found.push({ path: at, property }, ...propertiesOf(property, at));
  }
  if (node.items) found.push(...propertiesOf(node.items, `${path}[]`));
  if (node.additionalProperties && typeof node.additionalProperties === 'object')
    found.push(...propertiesOf(node.additionalProperties, `${path}{}`));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(node[key]))
      for (const alternative of node[key] as unknown[]) found.push(...propertiesOf(alternative, path));
  }
  for (const [name, definition] of Object.entries((node.$defs ?? {}) as Record<string, unknown>))
    found.push(...propertiesOf(definition, `$defs.${name}`));
  return found;
}

/** Every `description` string in a JSON schema, at any depth. */
function descriptionsOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  if (Array.isArray(schema)) return schema.flatMap(descriptionsOf);
  return Object.entries(schema).flatMap(([key, value]) =>
    key === 'description' && typeof value === 'string' ? [value] : descriptionsOf(value),
  );
}

/** What an agent reads about a tool: its description, hints (aliases and example requests too) and every field description, in and out. */
const agentTexts = (tool: ToolDefinition): string[] => [
  tool.description,
  tool.hints.when_to_use,
  tool.hints.not_for,
  ...tool.hints.aliases,
  ...tool.hints.examples.map((example) => example.query),
  ...descriptionsOf(registry.inputJsonSchema(tool)),
  ...descriptionsOf(registry.outputJsonSchema(tool)),
];

const READ_VERBS = ['get', 'list', 'search', 'find', 'query', 'traverse'];
const ACTION_VERBS = [
  'create',
  'send',
  'upload',
  'add',
  'update',
  'merge',
  'remove',
  'delete',
  'transition',
  'assign',
  'inject',
];
const VERB = new RegExp(`^(?:${[...READ_VERBS, ...ACTION_VERBS].join('|')})(?:_|$)`);

const systemIds = registry.systems.map((s) => s.id);
const qualifiedNames = new Set(registry.tools.map((t) => t.qualifiedName));
/** Short names that cannot be ordinary words (`get_issues`, not `search`): written alone they are a second spelling. */
const compoundShortNames = new Set(registry.tools.map((t) => t.name).filter((name) => name.includes('_')));

/**
 * Mentions of a tool in a text. Qualified (`code_host_get_issues`): a word that starts with a system
 * id and an underscore. Dotted (`code_host.get_issues`, `ticketing.get_tickets`): a system id, or any
 * word followed by a tool verb, before the dot. Bare (`get_issues`): a tool's short name standing
 * alone. Neither dotted nor bare is the spelling agents see.
 */
function mentionsIn(text: string): { qualified: string[]; dotted: string[]; bare: string[] } {
  const words = [...text.matchAll(/(?<![.\w])[a-z][a-z0-9_]*\b/g)].map((m) => m[0]);
  const qualified = words.filter((word) => systemIds.some((id) => word.startsWith(`${id}_`)));
  const dotted = [...text.matchAll(/\b([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)\b/g)]
    .filter((m) => systemIds.includes(m[1]) || VERB.test(m[2]))
    .map((m) => m[0]);
  const bare = words.filter((word) => compoundShortNames.has(word));
  return { qualified, dotted, bare };
}

describe('catalog contract', () => {
  it.each(toolCases)('%s describes every input field, at every level', (_name, tool) => {
    const undescribed = propertiesOf(registry.inputJsonSchema(tool))
      .filter(({ property }) => typeof property.description !== 'string' || property.description.trim().length < 3)
      .map(({ path }) => path);
    expect(undescribed).toEqual([]);
  });

  it.each(toolCases)('%s names other tools only by their qualified MCP name, and only real ones', (_name, tool) => {
    for (const text of agentTexts(tool)) {
      const { qualified, dotted, bare } = mentionsIn(text);
      expect(dotted, `write these as <system>_<tool> in: ${text}`).toEqual([]);
      expect(bare, `write these as <system>_<tool> in: ${text}`).toEqual([]);
      for (const name of qualified)
        expect(qualifiedNames.has(name), `${name} is no tool of this catalog, in: ${text}`).toBe(true);
    }
  });

  it('system records name tools the same way', () => {
    for (const system of registry.systems) {
      for (const text of [system.description, system.when_to_use]) {
        const { qualified, dotted, bare } = mentionsIn(text);
        expect(dotted).toEqual([]);
        expect(bare).toEqual([]);
        for (const name of qualified) expect(qualifiedNames.has(name), name).toBe(true);
      }
    }
  });

  it('the mention check sees both spellings and tools that do not exist', () => {
    expect(mentionsIn('use code_host.get_issues or ticketing.get_tickets; see user.login, e.g. acme.test')).toEqual({
      qualified: [],
      dotted: ['code_host.get_issues', 'ticketing.get_tickets'],
      bare: [],
    });
    expect(mentionsIn('derived as get_dora_metrics does; search the graph; see code_host_get_issues').bare).toEqual([
      'get_dora_metrics',
    ]);
    expect(mentionsIn('use code_host_get_issues, code_host_get_tickets or graph_search').qualified).toEqual([
      'code_host_get_issues',
      'code_host_get_tickets',
      'graph_search',
    ]);
  });

  it.each(toolCases)('%s: its name verb, capability and REST method agree', (_name, tool) => {
    const verb =
      READ_VERBS.find((v) => tool.name === v || tool.name.startsWith(`${v}_`)) ??
      ACTION_VERBS.find((v) => tool.name === v || tool.name.startsWith(`${v}_`));
    expect(verb, `${tool.name} starts with no known verb`).toBeDefined();
    if (READ_VERBS.includes(verb as string)) expect(['read', 'analytical']).toContain(tool.capability.type);
    else expect(tool.capability.type).toBe('action');
    const route = methodTable(registry).find((m) => m.tool === tool);
    expect(route?.http_method).toBe(httpMethodOf(tool));
    if (tool.capability.type === 'action') expect(['POST', 'PATCH', 'DELETE']).toContain(route?.http_method);
    else expect(route?.http_method).toBe('GET');
  });

  it.each(toolCases.filter(([, t]) => t.capability.type === 'action'))(
    '%s (an action) checks that it took effect',
    (_name, tool) => {
      expect(typeof tool.verify).toBe('function');
    },
  );

  it('aliases are unique across every system, whatever their case', () => {
    const owners = new Map<string, string>();
    for (const tool of registry.tools) {
      for (const alias of tool.hints.aliases) {
        const key = alias.trim().toLowerCase();
        expect(owners.get(key), `alias "${alias}" of ${tool.qualifiedName}`).toBeUndefined();
        owners.set(key, tool.qualifiedName);
      }
    }
  });

  it('every snapshot file belongs to a tool of the catalog', () => {
    const files = readdirSync(new URL('./snapshots/', import.meta.url)).sort();
    expect(files).toEqual([...qualifiedNames].map((name) => `${name}.json`).sort());
  });
});

/**
 * What a host pays per tool, in tokens (characters / 4, the usual estimate). What the model reads (name,
 * description, input schema): at most 200 on average and 400 for any tool. The whole `tools/list` entry
 * (output schema, annotations and _meta too): at most 600 on average, and no tool past 1,500 (the
 * largest, an analytical breakdown, was about 1,320 when these were set). A tool past its budget should
 * say less, or split.
 */
const tokens = (value: unknown): number => JSON.stringify(value).length / 4;
const VISIBLE_AVERAGE = 200;
const VISIBLE_MOST = 400;
const ENTRY_AVERAGE = 600;
const ENTRY_MOST = 1_500;

describe('catalog weight budgets', () => {
  const entries = registry.tools.map((tool) => mcpTool(registry, tool));
  const visible = (entry: (typeof entries)[number]) =>
    tokens({ name: entry.name, description: entry.description, inputSchema: entry.inputSchema });
  const average = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

  it.each(entries.map((entry) => [entry.name, entry] as const))('%s fits the per-tool budgets', (_name, entry) => {
    expect(visible(entry)).toBeLessThanOrEqual(VISIBLE_MOST);
    expect(tokens(entry)).toBeLessThanOrEqual(ENTRY_MOST);
  });

  it('the average tool fits the average budgets', () => {
    expect(average(entries.map(visible))).toBeLessThanOrEqual(VISIBLE_AVERAGE);
    expect(average(entries.map(tokens))).toBeLessThanOrEqual(ENTRY_AVERAGE);
  });
});
