import { existsSync, readdirSync } from 'node:fs';
import type { SystemAccess } from '../src/catalog/access.js';
import type { SystemOutline } from '../src/catalog/outline.js';

/** Folders of this directory that hold helpers shared by systems, not a system. */
const NOT_SYSTEMS = new Set(['shared']);

/** Compiled or run from source (tsx): the extension of this folder's modules. */
const EXTENSION = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

/**
 * Each system folder here, in name order. Found at run time, so a new system is a new folder; the
 * bundled build replaces this module with static imports of the folders found when it was built
 * (scripts/bundle.ts).
 */
export function systemFolders(): string[] {
  return readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_SYSTEMS.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** The module of each named system folder (every one by default), in name order. */
export async function loadSystemModules(
  folders: readonly string[] = systemFolders(),
): Promise<Array<{ folder: string; module: Record<string, unknown> }>> {
  const modules = await Promise.all(
    folders.map((folder) => import(/* @vite-ignore */ `./${folder}/index.js`) as Promise<Record<string, unknown>>),
  );
  return folders.map((folder, i) => ({ folder, module: modules[i] }));
}

/** Each system folder's optional module `file` (no extension) and its export `name`, in name order. */
async function loadOptional<T>(file: string, name: string): Promise<Array<{ folder: string; value?: T }>> {
  return Promise.all(
    systemFolders().map(async (folder) => {
      if (!existsSync(new URL(`./${folder}/${file}.${EXTENSION}`, import.meta.url))) return { folder };
      const module = (await import(/* @vite-ignore */ `./${folder}/${file}.js`)) as Record<string, T | undefined>;
      const value = module[name];
      if (!value) throw new Error(`tools/${folder}/${file} does not export ${name}`);
      return { folder, value };
    }),
  );
}

/** Each system folder's outline (`outline.ts`, optional), in name order: read without loading its tools. */
export async function loadSystemOutlines(): Promise<Array<{ folder: string; outline?: SystemOutline }>> {
  return (await loadOptional<SystemOutline>('outline', 'outline')).map(({ folder, value }) => ({
    folder,
    ...(value ? { outline: value } : {}),
  }));
}

/** Each system folder's access (`access.ts`, optional: a system with no upstream has none), in name order. */
export async function loadSystemAccess(): Promise<Array<{ folder: string; access?: SystemAccess }>> {
  return (await loadOptional<SystemAccess>('access', 'access')).map(({ folder, value }) => ({
    folder,
    ...(value ? { access: value } : {}),
  }));
}
