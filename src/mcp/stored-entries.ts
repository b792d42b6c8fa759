import { existsSync, readFileSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/server';
import { toolDataOf, type CatalogIndex, type IndexedTool } from '../catalog/catalog-index.js';
import type { SystemManifest } from '../catalog/manifest.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { Registry } from '../toolkit/registry.js';
import { mcpTool } from './tool-list.js';

/**
 * Every catalog tool's `tools/list` entry, written beside the bundle when it is built (scripts/bundle.ts):
 * a start reads them instead of converting each tool's zod schemas to JSON Schema, which is most of
 * what an `auto` start spends deciding between full and discovery mode.
 */
export const STORED_ENTRIES_FILE = 'tool-list-entries.json';

/** The entries as the build stores them: each tool's, in catalog order. */
export function listEntriesOf(registry: Registry): Tool[] {
  return registry.tools.map((tool) => mcpTool(registry, tool));
}

/**
 * The stored entries by tool name, from the file beside the running module (the bundle's folder);
 * undefined when run from source or from the compiled modules, which build each entry when it is listed.
 */
export function storedListEntries(
  file: URL = new URL(`./${STORED_ENTRIES_FILE}`, import.meta.url),
): ReadonlyMap<string, Tool> | undefined {
  if (!existsSync(file)) return undefined;
  const entries = JSON.parse(readFileSync(file, 'utf8')) as Tool[];
  return new Map(entries.map((entry) => [entry.name, entry]));
}

/** Through JSON and back: what the stored file gives, so a live index compares equal to a stored one. */
const asStored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function indexedTool(registry: Registry, tool: ToolDefinition): IndexedTool {
  const entry = mcpTool(registry, tool);
  const output = registry.outputJsonSchema(tool);
  return {
    ...toolDataOf(tool),
    annotations: entry.annotations,
    meta: entry._meta,
    entryBytes: Buffer.byteLength(JSON.stringify(entry)),
    advertisedInputSchema: registry.advertisedInputSchema(tool),
    ...(output ? { outputSchema: output } : {}),
  };
}

/** The index of a live catalog: what the build stores, and what a start from source uses as it is. */
export function catalogIndexOf(registry: Registry, manifests: readonly SystemManifest[]): CatalogIndex {
  return asStored({
    systems: [...registry.systems],
    synonyms: registry.synonyms as Record<string, string[]>,
    integrations: registry.integrationsBySystem as Record<string, string[]>,
    extracted: manifests.filter((m) => m.extractor).map((m) => m.system.id),
    tools: registry.tools.map((tool) => indexedTool(registry, tool)),
  });
}
