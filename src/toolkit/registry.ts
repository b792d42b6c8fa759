import type { z } from 'zod';
import type { CapabilityType, LlmHints, ToolDefinition } from './define-tool.js';
import type { JsonSchema } from './json-schema.js';
import { shapeToolSchemas, type ToolSchemas } from './tool-schemas.js';
import { excludingRule, toolsetOf, type SelectionRule, type ToolSelection } from './tool-selection.js';

export type { JsonSchema } from './json-schema.js';
export { toolsetOf, type SelectionRule, type ToolSelection } from './tool-selection.js';

/** A system (and its domain record, `GET /mcp/domains`). */
export interface SystemRecord {
  id: string;
  name: string;
  description: string;
  keywords: string[];
  when_to_use: string;
  /** What the tool search alone reads (never shown to a model). */
  search?: SystemSearchHints;
}

/**
 * How a request asks about relations: the chain between two entities, what lies around one, all about one,
 * the things that meet several conditions at once ("people who committed to X and also hold tickets"), or
 * who the person behind an id is ("who is U024BE7LH"), or who did what and when (the activity).
 */
export type Relation = 'path' | 'around' | 'about' | 'match' | 'person' | 'activity';

/** How requests name a system, for the tool search. */
export interface SystemSearchHints {
  /** Products a request may call the system by ("slack", "google calendar"): a strong signal. */
  names?: readonly string[];
  /** Whose account the tools act on: the user's own ("my", "as me") or the tenant's connected one ("the team's"). */
  account?: 'user' | 'tenant';
  /** Phrases that ask for one of its tools (by short name) whatever else a request says. */
  phrases?: Readonly<Record<string, readonly string[]>>;
  /**
   * It answers how entities relate: a request asking how things connect wants it whatever entities it
   * names, and the tool (by short name) that answers each kind of relation question first.
   */
  relations?: Readonly<Partial<Record<Relation, string>>>;
  /**
   * Requests a person might type for each of its tools (by short name), read by the tool search alone:
   * never listed nor described, so they weigh nothing in what a host loads.
   */
  phrasings?: ToolPhrasings;
  /** Its tools join the other systems: a request naming two products or more ("jira and github") wants them. */
  across?: boolean;
}

/** Natural requests per tool short name: the search's evidence beside each tool's own examples. */
export type ToolPhrasings = Readonly<Record<string, readonly string[]>>;

interface CapabilityRecord {
  name: string;
  type: CapabilityType;
  tool: string;
  read_only: boolean;
  side_effects: boolean;
  requires: string[];
  outputs?: string[];
}

interface ToolDescriptor {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  llm_hints: LlmHints;
}

interface ToolAnnotations {
  title?: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** The catalog: every system and tool, with the derived views each surface needs, computed once. */
export class Registry {
  private readonly bySystem = new Map<string, ToolDefinition[]>();
  private readonly byQualified = new Map<string, ToolDefinition>();
  /** Lower-cased aliases (`chatmessage:list`, `chatmessage.list`) and qualified spec names → tool. */
  private readonly byAlias = new Map<string, ToolDefinition>();
  private readonly prepared = new Map<ToolDefinition, ToolSchemas>();
  /** Each tool's integrations, asked on every call: worked out once. */
  private readonly integrations = new Map<ToolDefinition, readonly string[]>();

  constructor(
    readonly systems: readonly SystemRecord[],
    readonly tools: readonly ToolDefinition[],
    /** Words agents use, expanded to the catalog's words (each system declares its own). */
    readonly synonyms: Readonly<Record<string, readonly string[]>> = {},
    /** The integration ids each system's tools need; a system not named here needs none (local state). */
    readonly integrationsBySystem: Readonly<Record<string, readonly string[]>> = {},
  ) {
    const systemIds = new Set(systems.map((s) => s.id));
    for (const tool of tools) {
      if (!systemIds.has(tool.system))
        throw new Error(`Tool ${tool.qualifiedName} names unknown system ${tool.system}`);
      if (this.byQualified.has(tool.qualifiedName)) throw new Error(`Duplicate tool ${tool.qualifiedName}`);
      this.byQualified.set(tool.qualifiedName, tool);
      for (const alias of [
        ...(tool.aliases ?? []),
        ...(tool.specNames ?? []).map((name) => `${tool.system}_${name}`),
      ]) {
        const key = alias.toLowerCase();
        const taken = this.byAlias.get(key) ?? this.byQualified.get(alias);
        if (taken && taken !== tool)
          throw new Error(`Alias "${alias}" of ${tool.qualifiedName} already names ${taken.qualifiedName}`);
        this.byAlias.set(key, tool);
      }
      const list = this.bySystem.get(tool.system) ?? [];
      list.push(tool);
      this.bySystem.set(tool.system, list);
    }
  }

  /**
   * The tool with its definition complete, for running it: a catalog built from its stored index loads
   * the tool's system here (`IndexedRegistry`); every other catalog's tools are complete already.
   */
  loaded(tool: ToolDefinition): Promise<ToolDefinition> {
    return Promise.resolve(tool);
  }

  /** Whether the tool's definition is complete (`loaded` has nothing to wait for). */
  isLoaded(_tool: ToolDefinition): boolean {
    return true;
  }

  system(id: string): SystemRecord | undefined {
    return this.systems.find((s) => s.id === id);
  }

  toolsOf(system: string): readonly ToolDefinition[] {
    return this.bySystem.get(system) ?? [];
  }

  /**
   * Finds a tool by its qualified name, by `system` plus its short name, or by one of its aliases or
   * spec names (case-insensitive). The one lookup of every surface that lets a caller name a tool.
   */
  find(name: string, system?: string): ToolDefinition | undefined {
    const exact = system
      ? (this.byQualified.get(`${system}_${name}`) ??
        (this.byQualified.get(name)?.system === system ? this.byQualified.get(name) : undefined))
      : this.byQualified.get(name);
    if (exact) return exact;
    const aliased =
      this.byAlias.get(name.toLowerCase()) ??
      (system ? this.byAlias.get(`${system}_${name}`.toLowerCase()) : undefined);
    return aliased && (!system || aliased.system === system) ? aliased : undefined;
  }

  /** The systems whose tools reach an integration (an OAuth provider's id is its integration's). */
  systemsUsing(integration: string): string[] {
    return Object.entries(this.integrationsBySystem)
      .filter(([, ids]) => ids.includes(integration))
      .map(([system]) => system);
  }

  /**
   * The integrations a tool reaches: its system's, narrowed to those of the systems its capability
   * requires when it names them (a cross-system tool reaches only the upstreams it joins), and those of
   * the systems it reads only when connected.
   */
  integrationsOf(tool: ToolDefinition): readonly string[] {
    let integrations = this.integrations.get(tool);
    if (!integrations) {
      integrations = this.integrationsNeededBy(tool);
      this.integrations.set(tool, integrations);
    }
    return integrations;
  }

  private integrationsNeededBy(tool: ToolDefinition): readonly string[] {
    const optional = (tool.capability.readsIfConnected ?? []).flatMap(
      (system) => this.integrationsBySystem[system] ?? [],
    );
    return [...new Set([...this.requiredIntegrationsOf(tool), ...optional])];
  }

  private requiredIntegrationsOf(tool: ToolDefinition): readonly string[] {
    const own = this.integrationsBySystem[tool.system] ?? [];
    const required = tool.capability.requires;
    if (!required) return own;
    const theirs = new Set(required.flatMap((system) => this.integrationsBySystem[system] ?? []));
    return own.filter((id) => theirs.has(id));
  }

  /**
   * Whether a caller with these integrations can call the tool: it has every one the tool reaches, or
   * any one for a tool that names the systems it cannot reach in its answer (`capability.requiresAny`).
   */
  reachableWith(tool: ToolDefinition, available: ReadonlySet<string>): boolean {
    const needed = this.requiredIntegrationsOf(tool);
    return tool.capability.requiresAny && needed.length > 0
      ? needed.some((id) => available.has(id))
      : needed.every((id) => available.has(id));
  }

  /** Every name `ToolSelection.toolsets` accepts: each system and each finer toolset, sorted. */
  toolsetNames(): string[] {
    return [...new Set([...this.systems.map((s) => s.id), ...this.tools.map(toolsetOf)])].sort();
  }

  select(selection: ToolSelection = {}): ToolDefinition[] {
    return this.tools.filter((t) => this.excludedBy(selection, t) === undefined);
  }

  /** The first rule of the selection that leaves the tool out, or undefined when it is selected. */
  excludedBy(selection: ToolSelection, tool: ToolDefinition): SelectionRule | undefined {
    return excludingRule(selection, tool);
  }

  /** The input schema the tool really accepts (no other key): its own plus pagination (list tools) and `fields`. */
  inputSchema(tool: ToolDefinition): z.ZodObject<z.ZodRawShape> {
    return this.prepare(tool).input;
  }

  /** The JSON Schema of every argument the tool accepts: what REST routes read their parameters by. */
  inputJsonSchema(tool: ToolDefinition): JsonSchema {
    return this.prepare(tool).inputJson;
  }

  /**
   * The input schema agents are shown (MCP `tools/list`, `describe_tool`, discovery descriptors): the
   * tool's own arguments, and its paging bare. What every tool or every list tool takes (`fields`, and
   * what limit, offset and cursor mean) is told once in the server's instructions instead of in every
   * tool; unknown arguments are still refused by name on each call.
   */
  advertisedInputSchema(tool: ToolDefinition): JsonSchema {
    return this.prepare(tool).advertisedJson;
  }

  outputJsonSchema(tool: ToolDefinition): JsonSchema | undefined {
    return this.prepare(tool).outputJson;
  }

  /** The size in bytes of the tool's `tools/list` entry when known without building it (a catalog index records it). */
  listEntryBytes(_tool: ToolDefinition): number | undefined {
    return undefined;
  }

  descriptor(tool: ToolDefinition): ToolDescriptor {
    return {
      name: tool.name,
      description: tool.description,
      inputSchema: this.advertisedInputSchema(tool),
      llm_hints: tool.hints,
    };
  }

  capability(tool: ToolDefinition): CapabilityRecord {
    const { type } = tool.capability;
    return {
      name: tool.capability.name,
      type,
      tool: tool.name,
      read_only: type !== 'action',
      side_effects: type === 'action',
      requires: tool.capability.requires ?? [tool.system],
      ...(type === 'analytical' ? { outputs: tool.capability.outputs ?? [] } : {}),
    };
  }

  annotations(tool: ToolDefinition): ToolAnnotations {
    const action = tool.capability.type === 'action';
    return {
      ...(tool.title ? { title: tool.title } : {}),
      readOnlyHint: !action,
      destructiveHint: action && tool.capability.destructive === true,
      idempotentHint: !action || tool.capability.idempotent === true,
      // A tool that reaches no integration works on local state only (the knowledge graph): closed world.
      openWorldHint: this.integrationsOf(tool).length > 0,
    };
  }

  private prepare(tool: ToolDefinition): ToolSchemas {
    let prepared = this.prepared.get(tool);
    if (!prepared) {
      prepared = shapeToolSchemas(tool);
      this.prepared.set(tool, prepared);
    }
    return prepared;
  }
}
