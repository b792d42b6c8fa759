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

/**
 * The plain-data part of a definition (or of an indexed tool), without keys it leaves undefined. Each key is copied
 * as the tool holds it: one a stored index reads from beside it on first use (`storedCatalogIndex`) stays so.
 */
export function toolDataOf(tool: ToolData): ToolData {
  const data = {};
  for (const key of DATA_KEYS) {
    const held = Object.getOwnPropertyDescriptor(tool, key);
    if (held && (held.get || held.value !== undefined)) Object.defineProperty(data, key, held);
  }
  return data as ToolData;
}

/**
 * What the index keeps beside it, a file per system by qualified name: the tools' output schemas, input schemas and
 * hints are three quarters of its bytes, and a start reads none before its first list in discovery mode (search
 * reads the hints, a full-mode list, `describe_tool` and a call the schemas), so a start parses only what it lists,
 * and a start serving one system in full mode that system's files alone.
 */
const STORED_APART = {
  outputSchema: 'output-schemas',
  advertisedInputSchema: 'input-schemas',
  hints: 'hints',
} as const satisfies Partial<Record<keyof IndexedTool, string>>;

type StoredApart = keyof typeof STORED_APART;
const STORED_APART_KEYS = Object.keys(STORED_APART) as StoredApart[];

/** The file beside the index that holds one system's tools' values of a key stored apart. */
export const storedApartFile = (key: StoredApart, system: string): string =>
  `catalog-${STORED_APART[key]}-${system}.json`;

/** The index as it is stored: without the keys stored apart, which go to their files (by file name). */
export function storedFormOf(index: CatalogIndex): {
  index: CatalogIndex;
  apart: Record<string, Record<string, unknown>>;
} {
  const apart: Record<string, Record<string, unknown>> = {};
  const tools = index.tools.map((tool) => {
    const kept: Partial<IndexedTool> = { ...tool };
    for (const key of STORED_APART_KEYS) {
      delete kept[key];
      // Every system has each file, empty when none of its tools has the key: a missing file is a broken build.
      const values = (apart[storedApartFile(key, tool.system)] ??= {});
      if (tool[key] !== undefined) values[tool.qualifiedName] = tool[key];
    }
    return kept as IndexedTool;
  });
  return { index: { ...index, tools }, apart };
}

/** The stored index beside the running module (the bundle's folder); undefined when run from source or compiled modules. */
export function storedCatalogIndex(
  file: URL = new URL(`./${CATALOG_INDEX_FILE}`, import.meta.url),
): CatalogIndex | undefined {
  if (!existsSync(file)) return undefined;
  const index = JSON.parse(readFileSync(file, 'utf8')) as CatalogIndex;
  const read = new Map<string, Record<string, unknown>>();
  const valuesIn = (name: string) => {
    let values = read.get(name);
    if (!values) {
      const apartFile = new URL(`./${name}`, file);
      if (!existsSync(apartFile))
        throw new Error(
          `The catalog index's ${decodeURIComponent(apartFile.pathname)} is missing: rebuild with npm run build`,
        );
      values = JSON.parse(readFileSync(apartFile, 'utf8')) as Record<string, unknown>;
      read.set(name, values);
    }
    return values;
  };
  for (const tool of index.tools)
    for (const key of STORED_APART_KEYS)
      Object.defineProperty(tool, key, {
        get: () => valuesIn(storedApartFile(key, tool.system))[tool.qualifiedName],
        enumerable: true,
        configurable: true,
      });
  return index;
}
