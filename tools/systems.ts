import { readdirSync } from 'node:fs';

/** Folders of this directory that hold helpers shared by systems, not a system. */
const NOT_SYSTEMS = new Set(['shared']);

/**
 * The module of each system folder here, by folder name in name order. Found at run time, so a new
 * system is a new folder; the bundled build replaces this module with static imports of the folders
 * found when it was built (scripts/bundle.mjs).
 */
export async function loadSystemModules(): Promise<Array<{ folder: string; module: Record<string, unknown> }>> {
  const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_SYSTEMS.has(entry.name))
    .map((entry) => entry.name)
    .sort();
  const modules = await Promise.all(
    folders.map((folder) => import(/* @vite-ignore */ `./${folder}/index.js`) as Promise<Record<string, unknown>>),
  );
  return folders.map((folder, i) => ({ folder, module: modules[i] }));
}
