import type { ToolDefinition } from '../toolkit/define-tool.js';
import { Registry, type JsonSchema } from '../toolkit/registry.js';
import { toolDataOf, type CatalogIndex, type IndexedTool } from './catalog-index.js';

/** Loads one system's tool definitions (its module, its tools and their schemas). */
export type SystemToolsLoader = (system: string) => Promise<readonly ToolDefinition[]>;

/** The keys a stand-in takes from its real definition once its system is loaded. */
const LOADED_KEYS = ['input', 'output', 'item', 'extra', 'target', 'verify', 'run'] as const;

/**
 * A tool that stands in for its definition until its system is loaded: the index's data, and the keys
 * only the module has answering that it must be loaded first. Loading fills those keys in on this same
 * object, so every map and set that holds it (the registry's, a session's visible tools) stays valid.
 */
function standIn(indexed: IndexedTool): ToolDefinition {
  const tool = toolDataOf(indexed) as ToolDefinition;
  for (const key of LOADED_KEYS) {
    Object.defineProperty(tool, key, {
      configurable: true,
      enumerable: false,
      get: () => {
        throw new Error(`${indexed.qualifiedName}: its system is not loaded (await registry.loaded(tool) first)`);
      },
    });
  }
  return tool;
}

/**
 * The catalog of a stored index: it lists, searches and describes every tool from the index alone, and
 * loads a system's module the first time one of its tools is about to run (`loaded`).
 */
export class IndexedRegistry extends Registry {
  private readonly indexed = new Map<ToolDefinition, IndexedTool>();
  private readonly loads = new Map<string, Promise<void>>();

  constructor(
    index: CatalogIndex,
    private readonly loadSystemTools: SystemToolsLoader,
  ) {
    const standIns = index.tools.map((indexed) => ({ indexed, tool: standIn(indexed) }));
    super(
      index.systems,
      standIns.map(({ tool }) => tool),
      index.synonyms,
      index.integrations,
    );
    for (const { indexed, tool } of standIns) this.indexed.set(tool, indexed);
  }

  /** Whether the tool's system is loaded (its definition complete), or it never was a stand-in. */
  override isLoaded(tool: ToolDefinition): boolean {
    return !this.indexed.has(tool);
  }

  /** The tool with its definition complete: its system is loaded the first time one of its tools needs it. */
  override async loaded(tool: ToolDefinition): Promise<ToolDefinition> {
    if (this.isLoaded(tool)) return tool;
    let load = this.loads.get(tool.system);
    if (!load) {
      load = this.fillIn(tool.system);
      this.loads.set(tool.system, load);
      // A failed load is tried again by the next call, not remembered.
      load.catch(() => this.loads.delete(tool.system));
    }
    await load;
    return tool;
  }

  private async fillIn(system: string): Promise<void> {
    const definitions = new Map((await this.loadSystemTools(system)).map((d) => [d.qualifiedName, d]));
    for (const tool of this.toolsOf(system)) {
      const definition = definitions.get(tool.qualifiedName);
      if (!definition) throw new Error(`${tool.qualifiedName} is in the catalog index but not in its system's module`);
      for (const key of LOADED_KEYS) {
        Object.defineProperty(tool, key, {
          configurable: true,
          enumerable: false,
          value: Reflect.get(definition, key),
        });
      }
      this.indexed.delete(tool);
    }
  }

  override advertisedInputSchema(tool: ToolDefinition): JsonSchema {
    return this.indexed.get(tool)?.advertisedInputSchema ?? super.advertisedInputSchema(tool);
  }

  override outputJsonSchema(tool: ToolDefinition): JsonSchema | undefined {
    const indexed = this.indexed.get(tool);
    return indexed ? indexed.outputSchema : super.outputJsonSchema(tool);
  }

  /** From the index: `auto` mode weighs the full list without building entries (nor reading the output schemas). */
  override listEntryBytes(tool: ToolDefinition): number | undefined {
    return this.indexed.get(tool)?.entryBytes ?? super.listEntryBytes(tool);
  }
}
