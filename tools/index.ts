import type { SystemManifest } from '../src/catalog/manifest.js';
import { synonymsOf, toolsOf } from '../src/catalog/manifest.js';
import { Registry } from '../src/toolkit/registry.js';
import { loadSystemModules } from './systems.js';

/**
 * Every system of the catalog: each folder here whose `index` exports `manifest`. A new system is a new
 * folder; nothing here changes.
 */
async function loadManifests(): Promise<SystemManifest[]> {
  return (await loadSystemModules()).map(({ folder, module }) => {
    if (!module.manifest) throw new Error(`tools/${folder}/index does not export a manifest`);
    return module.manifest as SystemManifest;
  });
}

export const MANIFESTS: readonly SystemManifest[] = await loadManifests();

export function buildRegistry(manifests: readonly SystemManifest[] = MANIFESTS): Registry {
  return new Registry(
    manifests.map((m) => m.system),
    manifests.flatMap((m) => toolsOf(m, manifests)),
    synonymsOf(manifests),
    Object.fromEntries(manifests.map((m) => [m.system.id, m.integrations.map((i) => i.id)])),
  );
}
