import { readdirSync } from 'node:fs';
import type { SystemManifest } from '../src/catalog/manifest.js';
import { synonymsOf } from '../src/catalog/manifest.js';
import { Registry } from '../src/toolkit/registry.js';

/** Folders of this directory that hold helpers shared by systems, not a system. */
const NOT_SYSTEMS = new Set(['shared']);

/**
 * Every system of the catalog: each folder here whose `index` exports `manifest`. A new system is a new
 * folder; nothing here changes.
 */
async function loadManifests(): Promise<SystemManifest[]> {
  const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_SYSTEMS.has(entry.name))
    .map((entry) => entry.name)
    .sort();
  const modules = await Promise.all(folders.map((folder) => import(/* @vite-ignore */ `./${folder}/index.js`) as Promise<{ manifest?: SystemManifest }>));
  return modules.flatMap((module, i) => {
    if (!module.manifest) throw new Error(`tools/${folders[i]}/index does not export a manifest`);
    return [module.manifest];
  });
}

export const MANIFESTS: readonly SystemManifest[] = await loadManifests();

export function buildRegistry(manifests: readonly SystemManifest[] = MANIFESTS): Registry {
  return new Registry(
    manifests.map((m) => m.system),
    manifests.flatMap((m) => m.tools),
    synonymsOf(manifests),
    Object.fromEntries(manifests.map((m) => [m.system.id, m.integrations.map((i) => i.id)])),
  );
}
