import type { AuthorizationFamily } from '../auth/oauth/upstream.js';
import type { Extractor } from '../graph/ingest/extractor.js';
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
  /** Node types the extractor writes (checked against what it really writes by the catalog tests). */
  entityTypes?: readonly string[];
  /** Words agents use for this system's things, expanded to the words its tools use (tool search). */
  synonyms?: Readonly<Record<string, readonly string[]>>;
  /**
   * How the system's method-generated routes spell failures when its spec family has its own form
   * (chat: `{detail}` bodies, 407 for a missing authorization); the platform's envelope otherwise.
   */
  restErrors?: { authorizationStatus: number; system?: string };
  /** Per-user authorization: the routes under `/oauth/<family>/` and the upstream each user authorizes. */
  authorization?: AuthorizationFamily;
}

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

/** The graph extractor of each system that has one. */
export function extractorsOf(manifests: readonly SystemManifest[]): Readonly<Record<string, Extractor>> {
  return Object.fromEntries(manifests.filter((m) => m.extractor).map((m) => [m.system.id, m.extractor as Extractor]));
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
