import type { GraphBatch, Handle } from '../../src/graph/ingest/batch.js';

/** A GitHub repository link: `https://github.com/acme/api`, with an optional path after it. */
const REPOSITORY_URL = /\bhttps?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100})/g;
/** A bare `owner/name` standing alone (not inside a path, a URL or an email). */
const BARE_REPOSITORY = /(?<![\w./@:-])([A-Za-z0-9][A-Za-z0-9-]{1,38})\/([A-Za-z0-9][A-Za-z0-9._-]{0,99})(?![\w/@-])/g;
/** Slash pairs of everyday prose that look like `owner/name`. */
const PROSE_PAIRS = new Set([
  'and/or',
  'either/or',
  'input/output',
  'read/write',
  'client/server',
  'yes/no',
  'on/off',
  'true/false',
  'pros/cons',
  'his/her',
  'he/she',
  'am/pm',
  'km/h',
]);

/** `src/index.ts` and the like are paths, not repositories. */
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|md|py|json|ya?ml|toml|txt|go|rs|java|rb|sh|css|html?)$/i;

const clean = (name: string): string => name.replace(/\.git$/, '').replace(/\.+$/, '');

/** The `owner/name` of every GitHub repository the texts name, each once, in order of appearance. */
export function repositoryNames(...texts: Array<string | undefined>): string[] {
  const names = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const [, owner, name] of text.matchAll(REPOSITORY_URL)) if (clean(name)) names.add(`${owner}/${clean(name)}`);
    for (const [pair, owner, name] of text.matchAll(BARE_REPOSITORY)) {
      if (PROSE_PAIRS.has(pair.toLowerCase()) || /^\d+$/.test(owner) || !clean(name) || SOURCE_FILE.test(name)) continue;
      names.add(`${owner}/${clean(name)}`);
    }
  }
  return [...names];
}

/** LINKED_TO edges from `from` to every GitHub repository the texts name (the node code_host's tools fill). */
export function linkMentionedRepositories(batch: GraphBatch, from: Handle | undefined, texts: Array<string | undefined>): void {
  if (!from) return;
  for (const fullName of repositoryNames(...texts)) batch.edge(from, 'LINKED_TO', batch.ref('repository', fullName, { full_name: fullName }));
}
