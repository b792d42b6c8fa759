/**
 * Prunes an upstream's OpenAPI description to the operations a fake serves and the component schemas
 * they reference (transitively), so the contract tests carry a small copy instead of the whole file.
 *
 *   node --import tsx scripts/prune-openapi.ts <source.json> <target.json> "get /path" "post /path" ...
 *   node --import tsx scripts/prune-openapi.ts jira <contracts dir>   (the Jira fake's two descriptions)
 *   node --import tsx scripts/prune-openapi.ts apideck <folder>       (the Apideck fake's CRM and Vault YAML)
 *
 * The output is formatted with the project's Prettier settings, so `format:check` passes on it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { parse as parseYaml } from 'yaml';

type Json = Record<string, unknown>;

/** The operations of the Jira fake, by description file. */
export const JIRA_OPERATIONS: Record<string, string[]> = {
  'atlassian-jira-v3.json': [
    'get /rest/api/3/myself',
    'get /rest/api/3/field',
    'get /rest/api/3/project/search',
    'get /rest/api/3/project/{projectIdOrKey}',
    'get /rest/api/3/project/{projectIdOrKey}/statuses',
    'get /rest/api/3/status',
    'get /rest/api/3/issuetype',
    'get /rest/api/3/project/{projectIdOrKey}/versions',
    'get /rest/api/3/user',
    'get /rest/api/3/user/search',
    'get /rest/api/3/users/search',
    'get /rest/api/3/user/assignable/search',
    'get /rest/api/3/search/jql',
    'post /rest/api/3/search/jql',
    'post /rest/api/3/search/approximate-count',
    'get /rest/api/3/issue/{issueIdOrKey}',
    'put /rest/api/3/issue/{issueIdOrKey}',
    'post /rest/api/3/issue',
    'get /rest/api/3/issue/{issueIdOrKey}/changelog',
    'post /rest/api/3/changelog/bulkfetch',
    'get /rest/api/3/issue/{issueIdOrKey}/comment',
    'post /rest/api/3/issue/{issueIdOrKey}/comment',
    'get /rest/api/3/issue/{issueIdOrKey}/transitions',
    'post /rest/api/3/issue/{issueIdOrKey}/transitions',
    'put /rest/api/3/issue/{issueIdOrKey}/assignee',
    'get /rest/api/3/issue/createmeta/{projectIdOrKey}/issuetypes',
    'get /rest/api/3/issue/createmeta/{projectIdOrKey}/issuetypes/{issueTypeId}',
  ],
  'atlassian-jira-software-agile.json': [
    'get /rest/agile/1.0/board',
    'get /rest/agile/1.0/board/{boardId}',
    'get /rest/agile/1.0/board/{boardId}/configuration',
    'get /rest/agile/1.0/board/{boardId}/sprint',
    'get /rest/agile/1.0/board/{boardId}/issue',
    'get /rest/agile/1.0/sprint/{sprintId}',
    'get /rest/agile/1.0/sprint/{sprintId}/issue',
  ],
};

const apideckItem = (path: string) => [`get ${path}`, `patch ${path}`, `delete ${path}`];
const apideckCollection = (path: string) => [`get ${path}`, `post ${path}`, ...apideckItem(`${path}/{id}`)];

/** The operations of the Apideck fake: source YAML (apideck-libraries/openapi-specs) → pruned JSON. */
export const APIDECK_OPERATIONS: Record<string, { target: string; operations: string[] }> = {
  'apideck-crm.yml': {
    target: 'apideck-crm.json',
    operations: ['companies', 'contacts', 'opportunities', 'leads', 'users'].flatMap((resource) =>
      apideckCollection(`/crm/${resource}`),
    ),
  },
  'apideck-vault.yml': {
    target: 'apideck-vault.json',
    operations: ['post /vault/sessions', 'get /vault/connections', 'get /vault/connections/{unified_api}/{service_id}'],
  },
};

/** Documentation-only keys (examples, code samples), dropped to keep copies small; never field names inside `properties`. */
const DOCUMENTATION_KEYS = new Set(['example', 'examples', 'x-apideck-gotchas', 'x-codeSamples', 'x-apideck-weights']);

function withoutDocumentation(node: unknown, inProperties = false): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutDocumentation(n));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as Json)
      .filter(([key]) => inProperties || !DOCUMENTATION_KEYS.has(key))
      .map(([key, value]) => [key, withoutDocumentation(value, key === 'properties')]),
  );
}

function collectRefs(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) return node.forEach((n) => collectRefs(n, into));
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$ref' && typeof value === 'string') into.add(value);
    else collectRefs(value, into);
  }
}

const pointer = (doc: Json, ref: string): unknown =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, segment) => (node as Json | undefined)?.[segment], doc);

/** The description with only `operations` ("method /path") and what they reference. */
export function pruneOpenApi(doc: Json, operations: readonly string[]): Json {
  const paths: Record<string, Json> = {};
  const sourcePaths = doc.paths as Record<string, Json>;
  for (const operation of operations) {
    const [method, path] = operation.split(' ');
    const item = sourcePaths[path];
    if (!item?.[method]) throw new Error(`${operation} is not in the description`);
    paths[path] = {
      ...paths[path],
      [method]: item[method],
      ...(item.parameters ? { parameters: item.parameters } : {}),
    };
  }
  const components: Record<string, Json> = {};
  const seen = new Set<string>();
  const pending = new Set<string>();
  collectRefs(paths, pending);
  while (pending.size) {
    const ref = pending.values().next().value as string;
    pending.delete(ref);
    if (seen.has(ref)) continue;
    seen.add(ref);
    const [, section, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref) ?? [];
    if (!section) throw new Error(`unsupported reference ${ref}`);
    const target = pointer(doc, ref);
    (components[section] ??= {})[name] = target;
    const more = new Set<string>();
    collectRefs(target, more);
    for (const r of more) if (!seen.has(r)) pending.add(r);
  }
  const sorted = Object.fromEntries(
    Object.entries(components).map(([section, entries]) => [
      section,
      Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b))),
    ]),
  );
  return { openapi: doc.openapi, info: doc.info, servers: doc.servers, paths, components: sorted };
}

async function write(target: string, doc: Json): Promise<void> {
  const options = (await resolveConfig(target)) ?? {};
  writeFileSync(target, await format(JSON.stringify(doc), { ...options, filepath: target }));
}

async function main(args: string[]): Promise<void> {
  if (args[0] === 'jira') {
    const [, sourceDir, targetDir = 'test/contracts'] = args;
    for (const [file, operations] of Object.entries(JIRA_OPERATIONS)) {
      await write(
        join(targetDir, file),
        pruneOpenApi(JSON.parse(readFileSync(join(sourceDir, file), 'utf8')) as Json, operations),
      );
    }
    return;
  }
  if (args[0] === 'apideck') {
    const [, sourceDir, targetDir = 'test/contracts'] = args;
    for (const [file, { target, operations }] of Object.entries(APIDECK_OPERATIONS)) {
      const source = parseYaml(readFileSync(join(sourceDir, file), 'utf8')) as Json;
      await write(join(targetDir, target), withoutDocumentation(pruneOpenApi(source, operations)) as Json);
    }
    return;
  }
  const [source, target, ...operations] = args;
  if (!source || !target || operations.length === 0)
    throw new Error('usage: prune-openapi <source.json> <target.json> "get /path" ...');
  await write(target, pruneOpenApi(JSON.parse(readFileSync(source, 'utf8')) as Json, operations));
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
