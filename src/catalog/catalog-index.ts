import { existsSync, readFileSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/server';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { JsonSchema, SystemRecord } from '../toolkit/registry.js';

/**
 * The whole catalog as data, written beside the bundle when it is built (scripts/bundle.ts): what a
 * default-mode start needs to list, search and describe every tool without loading any system's tool
 * modules (their zod schemas are most of a start's work). Built from the live modules, so the systems'
 * search data (phrasings, synonyms) flows in from their own files.
 */
export const CATALOG_INDEX_FILE = 'catalog-index.json';

/** Keys of a definition that are plain data: copied into the index, and onto a stand-in. */
const DATA_KEYS = [
  'system',
  'name',
  'qualifiedName',
  'title',
  'description',
  'capability',
  'hints',
  'aliases',
  'specNames',
  'list',
] as const satisfies ReadonlyArray<keyof ToolDefinition>;

type ToolData = Pick<ToolDefinition, (typeof DATA_KEYS)[number]>;

/** One tool as the index holds it: its definition's data, and what the registry derives from its schemas. */
export interface IndexedTool extends ToolData {
  /** Its `tools/list` entry's annotations and `_meta`, and that entry's size in bytes. */
  annotations: Tool['annotations'];
  meta: Tool['_meta'];
  entryBytes: number;
  /** The input schema agents are shown, and the output schema with its prose (what `describe_tool` gives). */
  advertisedInputSchema: JsonSchema;
  outputSchema?: JsonSchema;
}

export interface CatalogIndex {
  /** Each system's record, its search data included. */
  systems: SystemRecord[];
  synonyms: Record<string, string[]>;
  /** The integration ids each system's tools need. */
  integrations: Record<string, string[]>;
  /** The systems whose manifest has a graph extractor. */
  extracted: string[];
  tools: IndexedTool[];
}

/** The plain-data part of a definition (or of an indexed tool), without keys it leaves undefined. */
export function toolDataOf(tool: ToolData): ToolData {
  const data: Partial<Record<keyof ToolData, unknown>> = {};
  for (const key of DATA_KEYS) if (tool[key] !== undefined) data[key] = tool[key];
  return data as ToolData;
}

/**
 * Beside the index, the tools' output schemas, a file per system, by qualified name: half the index's bytes, and
 * only `describe_tool`, a full-mode list and a call's result read them, so a start does not parse them before its
 * first list, and a start serving one system in full mode parses that system's alone.
 */
export const outputSchemasFile = (system: string): string => `catalog-output-schemas-${system}.json`;

/** The index as it is stored: without output schemas, which go to each system's outputSchemasFile. */
export function storedFormOf(index: CatalogIndex): {
  index: CatalogIndex;
  outputSchemas: Record<string, Record<string, JsonSchema>>;
} {
  const outputSchemas: Record<string, Record<string, JsonSchema>> = {};
  const tools = index.tools.map(({ outputSchema, ...tool }) => {
    if (outputSchema) (outputSchemas[tool.system] ??= {})[tool.qualifiedName] = outputSchema;
    return tool;
  });
  return { index: { ...index, tools }, outputSchemas };
}

/** The stored index beside the running module (the bundle's folder); undefined when run from source or compiled modules. */
export function storedCatalogIndex(
  file: URL = new URL(`./${CATALOG_INDEX_FILE}`, import.meta.url),
): CatalogIndex | undefined {
  if (!existsSync(file)) return undefined;
  const index = JSON.parse(readFileSync(file, 'utf8')) as CatalogIndex;
  const outputSchemas = new Map<string, Record<string, JsonSchema | undefined>>();
  const outputSchemasOf = (system: string) => {
    let schemas = outputSchemas.get(system);
    if (!schemas) {
      const systemFile = new URL(`./${outputSchemasFile(system)}`, file);
      schemas = existsSync(systemFile)
        ? (JSON.parse(readFileSync(systemFile, 'utf8')) as Record<string, JsonSchema | undefined>)
        : {};
      outputSchemas.set(system, schemas);
    }
    return schemas;
  };
  for (const tool of index.tools)
    Object.defineProperty(tool, 'outputSchema', {
      get: () => outputSchemasOf(tool.system)[tool.qualifiedName],
      enumerable: true,
      configurable: true,
    });
  return index;
}
