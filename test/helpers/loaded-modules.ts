import { readFileSync } from 'node:fs';

// Which modules a spawned bin loads: a resolve hook (given to node by `--import`) writes each file it
// resolves to stderr; the bundle's metafile says which compiled modules and packages each chunk holds.

const HOOK = `export async function resolve(s, c, next) { const r = await next(s, c); if (r.url.startsWith('file:')) process.stderr.write('LOADED ' + r.url + '\\n'); return r; }`;
// Node's web fetch (fetch, Request, Response, Headers) is built in and loaded on the first read of one of
// those globals, which no hook sees: the process reports it at exit, as the module `node:web-fetch`.
const WATCH_WEB_FETCH = `process.on('exit', () => { if (process.moduleLoadList.some((m) => m.endsWith('internal/deps/undici/undici'))) process.stderr.write('LOADED node:web-fetch\\n'); });`;
// Built-ins a package may require (not import) are reported the same way, each as `node:<name>`. Not
// worker_threads: the resolve hook itself runs on a worker thread.
const WATCHED_BUILTINS = ['zlib'];
const WATCH_BUILTINS = `process.on('exit', () => { for (const name of ${JSON.stringify(WATCHED_BUILTINS)}) if (process.moduleLoadList.includes('NativeModule ' + name)) process.stderr.write('LOADED node:' + name + '\\n'); });`;
const REGISTER = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)})); ${WATCH_WEB_FETCH} ${WATCH_BUILTINS}`;

/** Node options that make the process report every file it loads (read them back with `loadedModules`). */
export const REPORT_LOADS = ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`];

/** A package's file as `node_modules/...`, wherever the installation's folder is (it may be a link). */
const fromPackageFolder = (file: string) => file.replace(/^.*?\/?(node_modules\/)/, '$1');

/**
 * The modules a process started with REPORT_LOADS loaded, from its stderr: the bundle's inputs
 * (`dist/src/...`, `node_modules/...`) of each chunk it loaded, and each file outside the bundle.
 */
export function loadedModules(stderr: string): string[] {
  const meta = JSON.parse(readFileSync(new URL('../../dist/bundle/meta.json', import.meta.url), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('LOADED '))
    .flatMap((line) => {
      const chunk = /\/(dist\/bundle\/.*)$/.exec(line)?.[1];
      return chunk
        ? Object.keys(meta.outputs[chunk]?.inputs ?? {}).map(fromPackageFolder)
        : [fromPackageFolder(line.replace(/^LOADED (file:\/\/)?/, ''))];
    });
}
