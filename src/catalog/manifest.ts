import type { AuthorizationFamily } from '../auth/oauth/upstream.js';
import type { Extractor } from '../graph/ingest/extractor.js';
import type { MentionPattern } from '../graph/ingest/mentions.js';
import type { SampleGraph } from '../graph/seed.js';
import type { RouteModule } from '../http/route-module.js';
import type { VaultListing } from '../integrations/apideck/unified-apis.js';
import type { AnyIntegration } from '../integrations/integration.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { SystemRecord } from '../toolkit/registry.js';

/**
 * Everything one system brings, exported by `tools/<system>/index.ts`. Central code iterates the
 * manifests; adding a system means adding its folder (and its fake), nothing else.
 */
export interface SystemManifest {
  system: SystemRecord;
  tools: readonly ToolDefinition[];
  /** The integrations whose clients the tools use (none for local systems such as the graph). */
  integrations: readonly AnyIntegration[];
  /** Reads the system's tool results into the knowledge graph. */
  extractor?: Extractor;
  /** How free text names the system's nodes (ticket keys, repository links); every extractor links them. */
  mentions?: readonly MentionPattern[];
  /**
   * Node types a document is linked to where it names one by its name or title, as whole words (a wiki
   * page by its title); the graph's people always are.
   */
  namedByLabel?: readonly string[];
  /** The system's part of the sample graph (`POST /graph/seed` on development servers). */
  sampleGraph?: SampleGraph;
  /**
   * Node types the extractor writes (checked against what it really writes by the catalog tests); the
   * graph accepts the union of every system's, besides its own.
   */
  entityTypes?: readonly string[];
  /**
   * Tools whose schemas name the graph's node types (the graph's own), built from the union of every
   * system's `entityTypes` once all manifests are known; the catalog serves them after `tools`.
   */
  toolsOfNodeTypes?: (systemNodeTypes: readonly string[]) => readonly ToolDefinition[];
  /** Words agents use for this system's things, expanded to the words its tools use (tool search). */
  synonyms?: Readonly<Record<string, readonly string[]>>;
  /**
   * How the system's method-generated routes spell failures when its spec family has its own form
   * (chat: `{detail}` bodies, 407 for a missing authorization); the platform's envelope otherwise.
   */
  restErrors?: { authorizationStatus: number; system?: string };
  /** What the system adds to the REST surface besides its method-generated routes. */
  rest?: {
    /** Its REST family: routes declared as reads and writes of its tools, mounted before the method routes. */
    routes?: readonly RouteModule[];
    /**
     * Routes of an upstream the system reaches that belong to no one system (a unified API's vault), mounted
     * once however many systems name them, before the per-user authorization routes.
     */
    upstreamRoutes?: readonly RouteModule[];
    /**
     * Whether a REST family owns the bare `/{system}/...` paths, so the system's methods are served
     * under `/v1` only (the family may be another's: `/notes/*` is the unified notes family).
     */
    ownsBarePaths?: boolean;
  };
  /** How a tenant authorizes the system through the vault (`/auth/integrations`): its integration's id, name and unified API. */
  vault?: VaultListing;
  /** Per-user authorization: the routes under `/oauth/<family>/` and the upstream each user authorizes. */
  authorization?: AuthorizationFamily;
}

/** The graph extractor of each system that has one, each linking every system's mentions. */
export { extractorsOf } from '../graph/ingest/extractor.js';

/** Every integration the manifests name, each once (one integration may serve several systems). */
export function integrationsOf(manifests: readonly SystemManifest[]): AnyIntegration[] {
  const byId = new Map<string, AnyIntegration>();
  for (const manifest of manifests) {
    for (const integration of manifest.integrations) {
      const known = byId.get(integration.id);
      if (known && known !== integration) throw new Error(`Two integrations are named ${integration.id}`);
      byId.set(integration.id, integration);
    }
  }
  return [...byId.values()];
}

/** Every system's node types, each once, in catalog order. */
export function nodeTypesOf(manifests: readonly Pick<SystemManifest, 'entityTypes'>[]): string[] {
  return [...new Set(manifests.flatMap((m) => m.entityTypes ?? []))];
}

/** Every tool of a manifest, those built from every system's node types (`nodeTypesOf`) included. */
export function toolsOf(manifest: SystemManifest, systemNodeTypes: readonly string[]): readonly ToolDefinition[] {
  return manifest.toolsOfNodeTypes
    ? [...manifest.tools, ...manifest.toolsOfNodeTypes(systemNodeTypes)]
    : manifest.tools;
}

/** Every system's mention patterns, in catalog order. */
export function mentionsOf(manifests: readonly Pick<SystemManifest, 'mentions'>[]): MentionPattern[] {
  return manifests.flatMap((m) => m.mentions ?? []);
}

/** The node types every system's documents name by label, each once, in catalog order. */
export function labelledTypesOf(manifests: readonly Pick<SystemManifest, 'namedByLabel'>[]): string[] {
  return [...new Set(manifests.flatMap((m) => m.namedByLabel ?? []))];
}

/** Every system's synonyms, merged (a word two systems both expand gets both expansions). */
export function synonymsOf(manifests: readonly SystemManifest[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const manifest of manifests) {
    for (const [word, expansion] of Object.entries(manifest.synonyms ?? {}))
      out[word] = [...new Set([...(out[word] ?? []), ...expansion])];
  }
  return out;
}
