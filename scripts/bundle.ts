// Bundles the compiled CLI (dist/src/cli/main.js) into dist/bundle/: an MCP host spawns the server
// and waits for its tool list, and loading ~800 separate ES modules costs more than the server's own
// start-up. Code splitting keeps every dynamic import lazy (each command, each SDK loaded on first
// use). Native addons and packages that find their own files at run time stay external.
// Usage: node --import tsx scripts/bundle.ts [out dir, dist/bundle by default]
import { build, type Plugin } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const TOOLS = join(ROOT, 'dist', 'tools');
const OUT = resolve(process.argv[2] ?? join(ROOT, 'dist', 'bundle'));
const EXTERNAL = ['better-sqlite3', 'sqlite-vec', 'pdfjs-dist', '@modelcontextprotocol/ext-apps'];

/** The virtual module that holds every system's outline and access (see systemFolders). */
const SYSTEM_PARTS = 'constellation:system-parts';

/**
 * tools/systems.js finds system folders (and their outlines and access) at run time; in the bundle, the folders found
 * now are imported statically: each system's module in its own chunk, loaded only when asked for, and every outline
 * and access together in one (a start reads them all: as 22 chunks, with the chunks they share, Node resolved and
 * loaded several dozen modules for them).
 */
const systemFolders: Plugin = {
  name: 'system-folders',
  setup(bundle) {
    const folders = () =>
      readdirSync(TOOLS, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
        .map((entry) => entry.name)
        .sort();
    const having = (file: string) => folders().filter((folder) => existsSync(join(TOOLS, folder, file)));
    bundle.onResolve({ filter: new RegExp(`^${SYSTEM_PARTS}$`) }, () => ({
      path: SYSTEM_PARTS,
      namespace: SYSTEM_PARTS,
    }));
    bundle.onLoad({ filter: /.*/, namespace: SYSTEM_PARTS }, () => {
      const imports = (file: string, name: string) =>
        having(`${file}.js`).map((folder) => ({
          folder,
          local: `${name}_${folder}`,
          from: `./${folder}/${file}.js`,
          name,
        }));
      const outlines = imports('outline', 'outline');
      const access = imports('access', 'access');
      const byFolder = (parts: typeof outlines) =>
        `{ ${parts.map((p) => `${JSON.stringify(p.folder)}: ${p.local}`).join(', ')} }`;
      return {
        contents: `${[...outlines, ...access].map((p) => `import { ${p.name} as ${p.local} } from ${JSON.stringify(p.from)};`).join('\n')}
export const OUTLINES = ${byFolder(outlines)};
export const ACCESS = ${byFolder(access)};`,
        resolveDir: TOOLS,
        loader: 'js',
      };
    });
    bundle.onLoad({ filter: /[\\/]dist[\\/]tools[\\/]systems\.js$/ }, () => {
      const found = folders();
      const modules = `{ ${found.map((folder) => `${JSON.stringify(folder)}: () => import(${JSON.stringify(`./${folder}/index.js`)})`).join(', ')} }`;
      return {
        contents: `const MODULES = ${modules};
const parts = () => import(${JSON.stringify(SYSTEM_PARTS)});
export function systemFolders() {
  return ${JSON.stringify(found)};
}
export async function loadSystemModules(folders = systemFolders()) {
  return Promise.all(folders.map(async (folder) => ({ folder, module: await MODULES[folder]() })));
}
export async function loadSystemOutlines() {
  const { OUTLINES } = await parts();
  return systemFolders().map((folder) => (OUTLINES[folder] ? { folder, outline: OUTLINES[folder] } : { folder }));
}
export async function loadSystemAccess() {
  const { ACCESS } = await parts();
  return systemFolders().map((folder) => (ACCESS[folder] ? { folder, access: ACCESS[folder] } : { folder }));
}`,
        resolveDir: TOOLS,
        loader: 'js',
      };
    });
  },
};

/**
 * zod's locales, but English (its default, which the server keeps): the 64 of them were half of zod's chunk
 * (366 KB) that every server start reads and evaluates. `z.locales` then holds `en` alone; nothing here sets
 * another locale.
 */
const englishZod: Plugin = {
  name: 'english-zod',
  setup(bundle) {
    bundle.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The MCP SDK's platform shim, with a default JSON Schema validator that loads Ajv when first used
 * (src/mcp/lazy-validator.ts): the SDK's own imports Ajv with its formats, every one of its modules
 * evaluated at start. The shim's other export, `process`, is Node's, as in the SDK's Node shim.
 */
const lazyAjvShim: Plugin = {
  name: 'lazy-ajv-shim',
  setup(bundle) {
    bundle.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({
      path: 'shims',
      namespace: 'lazy-ajv-shim',
    }));
    bundle.onLoad({ filter: /.*/, namespace: 'lazy-ajv-shim' }, () => ({
      contents: `export { default as process } from 'node:process';
export { LazyJsonSchemaValidator as DefaultJsonSchemaValidator } from './src/mcp/lazy-validator.js';`,
      resolveDir: join(ROOT, 'dist'),
      loader: 'js',
    }));
  },
};

/** Whether Node reads a file as CommonJS: `.cjs`, or `.js` under a package.json whose type is not `module`. */
function isCommonJs(file: string): boolean {
  if (file.endsWith('.cjs')) return true;
  if (file.endsWith('.mjs')) return false;
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest))
      return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string }).type !== 'module';
  }
  return true;
}

const RESOLVING = Symbol('resolving');

/**
 * A CommonJS package loaded with `import()` (each SDK is, on first use) stays external. Split into its
 * own chunk, it would export only `default`, so `(await import('@slack/web-api')).WebClient` would be
 * undefined; Node's own loader gives a CommonJS module's named exports, as it does under the tests.
 */
const lazyCommonJs: Plugin = {
  name: 'lazy-commonjs',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData === RESOLVING) return undefined;
      const found = await bundle.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: RESOLVING,
      });
      if (found.errors.length > 0 || found.external) return undefined;
      return isCommonJs(found.path) ? { path: args.path, external: true } : undefined;
    });
  },
};

// Chunk names carry content hashes: a chunk of an earlier build would otherwise stay beside the new ones.
rmSync(OUT, { recursive: true, force: true });
const result = await build({
  // Each worker is its own entry, beside the chunks that start it (they find it by URL: workerModule).
  entryPoints: {
    main: join(ROOT, 'dist', 'src', 'cli', 'main.js'),
    'sheet-worker': join(ROOT, 'dist', 'src', 'documents', 'parse', 'sheet-worker.js'),
    'prepare-worker': join(ROOT, 'dist', 'src', 'documents', 'prepare-worker.js'),
  },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  // Bundled CommonJS packages call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  plugins: [systemFolders, lazyCommonJs, englishZod, lazyAjvShim],
  metafile: true,
  logLevel: 'warning',
});
// Which compiled modules each chunk holds: tests check what a command loads.
writeFileSync(join(OUT, 'meta.json'), JSON.stringify(result.metafile));

// Every tool's tools/list entry, from the compiled catalog just bundled: a start serves them instead of
// converting the tools' schemas (src/mcp/stored-entries.ts reads them beside its chunk).
const compiled = (path: string) => pathToFileURL(join(ROOT, 'dist', path)).href;
const { loadManifests, registryOf } = (await import(
  compiled('tools/catalog.js')
)) as typeof import('../tools/catalog.js');
const { catalogIndexOf, listEntriesOf, STORED_ENTRIES_FILE } = (await import(
  compiled('src/mcp/stored-entries.js')
)) as typeof import('../src/mcp/stored-entries.js');
const { CATALOG_INDEX_FILE, storedFormOf } = (await import(
  compiled('src/catalog/catalog-index.js')
)) as typeof import('../src/catalog/catalog-index.js');
const manifests = await loadManifests();
const whole = registryOf(manifests);
writeFileSync(join(OUT, STORED_ENTRIES_FILE), JSON.stringify(listEntriesOf(whole)));
// The whole catalog as data (src/catalog/catalog-index.ts): a default-mode start lists, searches and
// describes from it, and loads a system's module when one of its tools runs.
const stored = storedFormOf(catalogIndexOf(whole, manifests));
writeFileSync(join(OUT, CATALOG_INDEX_FILE), JSON.stringify(stored.index));
for (const [name, values] of Object.entries(stored.apart)) writeFileSync(join(OUT, name), JSON.stringify(values));
