import type { SystemManifest } from '../src/catalog/manifest.js';
import type { Registry } from '../src/toolkit/registry.js';
import { loadManifests, registryOf } from './catalog.js';

/**
 * Every system of the catalog: each folder here whose `index` exports `manifest`. A new system is a new
 * folder; nothing here changes. A start that serves only some systems loads them through `./catalog.js`.
 */
export const MANIFESTS: readonly SystemManifest[] = await loadManifests();

export function buildRegistry(manifests: readonly SystemManifest[] = MANIFESTS): Registry {
  return registryOf(manifests);
}
