import { storedCatalogIndex, type CatalogIndex } from '../src/catalog/catalog-index.js';
import { IndexedRegistry } from '../src/catalog/indexed-registry.js';
import { standInManifests } from '../src/catalog/lazy-manifests.js';
import type { SystemManifest } from '../src/catalog/manifest.js';
import { nodeTypesOf, synonymsOf, toolsOf } from '../src/catalog/manifest.js';
import type { SystemOutline } from '../src/catalog/outline.js';
import { catalogIndexOf } from '../src/mcp/stored-entries.js';
import { Registry, type ToolSelection } from '../src/toolkit/registry.js';
import { loadSystemAccess, loadSystemModules, loadSystemOutlines, systemFolders } from './systems.js';

/** The manifests of the named system folders (every one by default), in catalog order. */
export async function loadManifests(folders?: readonly string[]): Promise<SystemManifest[]> {
  return (await loadSystemModules(folders)).map(({ folder, module }) => {
    if (!module.manifest) throw new Error(`tools/${folder}/index does not export a manifest`);
    return module.manifest as SystemManifest;
  });
}

/** Every system's outline, in catalog order (an empty one for a folder without). */
export async function loadOutlines(): Promise<SystemOutline[]> {
  return (await loadSystemOutlines()).map(({ outline }) => outline ?? {});
}

/**
 * The catalog of these manifests. `systemNodeTypes` are those the graph's tools name: every system's,
 * also when only some systems are loaded.
 */
export function registryOf(
  manifests: readonly SystemManifest[],
  systemNodeTypes: readonly string[] = nodeTypesOf(manifests),
): Registry {
  return new Registry(
    manifests.map((m) => m.system),
    manifests.flatMap((m) => toolsOf(m, systemNodeTypes)),
    synonymsOf(manifests),
    Object.fromEntries(manifests.map((m) => [m.system.id, m.integrations.map((i) => i.id)])),
  );
}

/**
 * The system folders whose tools a selection names (a toolset is a system or `system.part`, a tool
 * `system_name`); undefined when it names none in particular or something no folder holds, so that the
 * whole catalog answers (and names the valid ones).
 */
export function foldersNamedBy(selection: ToolSelection, folders: readonly string[]): string[] | undefined {
  if (!selection.toolsets?.length && !selection.tools?.length) return undefined;
  const named = new Set<string>();
  for (const toolset of selection.toolsets ?? []) {
    const folder = folders.find((f) => toolset === f || toolset.startsWith(`${f}.`));
    if (!folder) return undefined;
    named.add(folder);
  }
  for (const tool of selection.tools ?? []) {
    const holders = folders.filter((f) => tool.startsWith(`${f}_`));
    if (!holders.length) return undefined;
    for (const folder of holders) named.add(folder);
  }
  return folders.filter((f) => named.has(f));
}

/** The systems a catalog's tools read besides their own: those they require and those they read when connected. */
function systemsRead(registry: Registry): Set<string> {
  return new Set(
    registry.tools.flatMap((tool) => [
      ...(tool.capability.requires ?? []),
      ...(tool.capability.readsIfConnected ?? []),
    ]),
  );
}

/** The systems a server with this selection serves, what they read, and every system's outline. */
export interface SelectedCatalog {
  manifests: SystemManifest[];
  outlines: SystemOutline[];
  registry: Registry;
}

/**
 * Loads only the systems a selection names and those their tools read (an insights tool reads the
 * ticketing and code host clients), so a start with `--toolsets notes` loads none of the others' tools,
 * schemas or SDKs. What every system adds to what these serve (node types, mention patterns, credential
 * variables) comes from the outlines.
 */
export async function loadSelectedCatalog(selection: ToolSelection): Promise<SelectedCatalog> {
  const folders = systemFolders();
  const outlines = await loadOutlines();
  const systemNodeTypes = nodeTypesOf(outlines);
  let wanted = foldersNamedBy(selection, folders) ?? folders;
  for (;;) {
    const manifests = await loadManifests(wanted);
    const registry = registryOf(manifests, systemNodeTypes);
    const read = systemsRead(registry);
    if (folders.every((f) => !read.has(f) || wanted.includes(f))) return { manifests, outlines, registry };
    wanted = folders.filter((f) => read.has(f) || wanted.includes(f));
  }
}

/** The catalog of a default-mode start, its tools standing in until their system loads (see `loadIndexedCatalog`). */
export interface IndexedCatalog extends SelectedCatalog {
  registry: IndexedRegistry;
  /**
   * Its tools' list entries are built from the index (no schema conversion): cheaper than reading the
   * entries stored beside the bundle.
   */
  entriesIndexed: true;
}

/**
 * The whole catalog from its index (the one stored with the bundle, else built live from every module),
 * loading no system's tools: the registry's tools stand in for their definitions and each system's module
 * is loaded when one of its tools runs; the manifests stand in too, from the systems' outlines and access.
 */
export async function loadIndexedCatalog(index?: CatalogIndex): Promise<IndexedCatalog> {
  const [stored, outlined, accessed] = await Promise.all([
    index ?? storedCatalogIndex() ?? loadManifests().then((all) => catalogIndexOf(registryOf(all), all)),
    loadSystemOutlines(),
    loadSystemAccess(),
  ]);
  const outlines = outlined.map(({ outline }) => outline ?? {});
  const systemNodeTypes = nodeTypesOf(outlines);
  const loaded = new Map<string, SystemManifest>();
  const registry = new IndexedRegistry(stored, async (system) => {
    const [manifest] = await loadManifests([system]);
    loaded.set(system, manifest);
    return toolsOf(manifest, systemNodeTypes);
  });
  const manifests = standInManifests(registry, {
    outlines: new Map(outlined.flatMap(({ folder, outline }) => (outline ? [[folder, outline]] : []))),
    access: new Map(accessed.flatMap(({ folder, access }) => (access ? [[folder, access]] : []))),
    extracted: stored.extracted,
    loadedManifest: (system) => loaded.get(system),
  });
  return { manifests, outlines, registry, entriesIndexed: true };
}

/**
 * What a stdio server serves: the whole catalog from the index stored with the bundle, whatever its selection
 * (the server shows only the tools the selection names), loading each system when one of its tools first runs;
 * without a stored index (run from source), the systems its selection names (and those they read), or the whole
 * catalog when it names none in particular.
 */
export async function loadStdioCatalog(selection: ToolSelection): Promise<SelectedCatalog> {
  const stored = storedCatalogIndex();
  return stored || !foldersNamedBy(selection, systemFolders())
    ? loadIndexedCatalog(stored)
    : loadSelectedCatalog(selection);
}
