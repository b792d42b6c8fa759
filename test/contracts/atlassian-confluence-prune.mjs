// Prunes Atlassian's Confluence Cloud REST descriptions (v1 and v2, 400-600 KB each) to the operations
// the sandbox's Confluence fake serves, with every component they reference.
// Run: node test/contracts/atlassian-confluence-prune.mjs <folder holding atlassian-confluence-v1.json and -v2.json>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const USED = {
  v1: {
    '/wiki/rest/api/search': ['get'],
    '/wiki/rest/api/search/user': ['get'],
    '/wiki/rest/api/user/current': ['get'],
    '/wiki/rest/api/content/{id}/label': ['post'],
    '/wiki/rest/api/content/archive': ['post'],
  },
  v2: {
    '/spaces': ['get'],
    '/pages': ['get', 'post'],
    '/pages/{id}': ['get', 'put', 'delete'],
    '/pages/{id}/ancestors': ['get'],
    '/pages/{id}/footer-comments': ['get'],
    '/footer-comments': ['post'],
    '/pages/{id}/attachments': ['get'],
    '/pages/{id}/labels': ['get'],
  },
};

function refsIn(value, out) {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) k === '$ref' && typeof v === 'string' ? out.add(v) : refsIn(v, out);
  return out;
}

const folder = process.argv[2];
if (!folder) throw new Error('usage: atlassian-confluence-prune.mjs <folder>');
for (const [version, used] of Object.entries(USED)) {
  const source = JSON.parse(readFileSync(join(folder, `atlassian-confluence-${version}.json`), 'utf8'));
  const paths = {};
  for (const [path, methods] of Object.entries(used)) {
    const item = source.paths[path];
    if (!item) throw new Error(`${version}: no ${path}`);
    paths[path] = Object.fromEntries(Object.entries(item).filter(([k]) => methods.includes(k) || k === 'parameters'));
  }
  const pruned = {
    openapi: source.openapi,
    info: { ...source.info, description: `Pruned by test/contracts/atlassian-confluence-prune.mjs to the operations the Confluence fake serves. ${source.info.title}` },
    servers: source.servers,
    paths,
    components: {},
  };
  const seen = new Set();
  const pending = [...refsIn(paths, new Set())];
  while (pending.length) {
    const ref = pending.pop();
    if (seen.has(ref) || !ref.startsWith('#/components/')) continue;
    seen.add(ref);
    const [, , kind, name] = ref.split('/');
    const value = source.components[kind][name];
    (pruned.components[kind] ??= {})[name] = value;
    pending.push(...refsIn(value, new Set()));
  }
  writeFileSync(new URL(`./atlassian-confluence-${version}.json`, import.meta.url), `${JSON.stringify(pruned, null, 1)}\n`);
}
