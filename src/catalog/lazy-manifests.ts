import type { ExtractInput } from '../graph/ingest/extractor.js';
import type { GraphBatch } from '../graph/ingest/batch.js';
import type { Registry } from '../toolkit/registry.js';
import type { SystemAccess } from './access.js';
import type { SystemManifest } from './manifest.js';
import type { SystemOutline } from './outline.js';

/** What a manifest that stands in for a system's own is made of, besides the catalog's tools. */
export interface StandInParts {
  /** The system's outline and access, by system id (a system without either has none). */
  outlines: ReadonlyMap<string, SystemOutline>;
  access: ReadonlyMap<string, SystemAccess>;
  /** The systems whose manifest has a graph extractor. */
  extracted: readonly string[];
  /** The system's own manifest once one of its tools has run (its module loaded), else undefined. */
  loadedManifest: (system: string) => SystemManifest | undefined;
}

/**
 * Manifests that stand in for the systems' own until their modules load: the catalog's tools (stand-ins
 * themselves), and what the app reads of every system at start-up (integrations, authorization, node
 * types, mention patterns) from the systems' outlines and access. A system's graph extractor is its
 * module's, reached once one of its tools has run: a result is only read after its tool ran.
 */
export function standInManifests(registry: Registry, parts: StandInParts): SystemManifest[] {
  return registry.systems.map((system) => {
    const outline = parts.outlines.get(system.id) ?? {};
    const access = parts.access.get(system.id);
    const extractor = parts.extracted.includes(system.id)
      ? (input: ExtractInput, batch: GraphBatch) => {
          const loaded = parts.loadedManifest(system.id)?.extractor;
          if (!loaded) throw new Error(`${system.id}: a tool result to read before the system was loaded`);
          loaded(input, batch);
        }
      : undefined;
    return {
      system,
      tools: registry.toolsOf(system.id),
      integrations: access?.integrations ?? [],
      ...(access?.authorization ? { authorization: access.authorization } : {}),
      ...(extractor ? { extractor } : {}),
      ...(outline.entityTypes ? { entityTypes: outline.entityTypes } : {}),
      ...(outline.mentions ? { mentions: outline.mentions } : {}),
      ...(outline.namedByLabel ? { namedByLabel: outline.namedByLabel } : {}),
    };
  });
}
