/**
 * Cross-references in free text: ticketing keys (`PAY-123`) and closing references to code_host
 * issues (`fixes #12`). Common acronym-number pairs that look like keys are ignored.
 */
const TICKET_KEY = /\b([A-Z][A-Z0-9]{1,9})-([1-9]\d{0,6})\b/g;
const NOT_PROJECT_KEYS = new Set([
  'UTF',
  'SHA',
  'ISO',
  'RFC',
  'CVE',
  'HTTP',
  'TLS',
  'SSL',
  'PEP',
  'ECMA',
  'IPV',
  'MD',
  'AES',
  'RSA',
  'UTC',
  'GMT',
  'COVID',
  'ES',
  'GPT',
  'WCAG',
]);
const CLOSING_REF = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s+#(\d{1,7})\b/gi;

/** Ticket keys mentioned in any of the texts, each once, in order of appearance. */
export function ticketKeys(...texts: Array<string | undefined>): string[] {
  const keys = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(TICKET_KEY))
      if (!NOT_PROJECT_KEYS.has(match[1])) keys.add(`${match[1]}-${match[2]}`);
  }
  return [...keys];
}

/** Issue numbers a pull request says it closes (`fixes #12`). */
export function closedIssueNumbers(...texts: Array<string | undefined>): number[] {
  const numbers = new Set<number>();
  for (const text of texts) if (text) for (const match of text.matchAll(CLOSING_REF)) numbers.add(Number(match[1]));
  return [...numbers];
}

/** The project key of a ticket key (`PAY-123` → `PAY`). */
export const projectOfKey = (key: string): string | undefined => /^([A-Z][A-Z0-9_]*)-\d+$/.exec(key)?.[1];

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

/** First segments of paths (`src/index.ts`, `tools/wiki`), never owners of a repository named bare. */
const PATH_ROOTS = new Set([
  'src',
  'dist',
  'lib',
  'tools',
  'test',
  'tests',
  'docs',
  'bin',
  'api',
  'wiki',
  'pages',
  'spaces',
  'download',
  'rest',
  'http',
  'https',
  'www',
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
      // Bare mentions are written as GitHub shows them, in lower case (`acme/api`); `Owner/Repo` is prose.
      if (
        PROSE_PAIRS.has(pair.toLowerCase()) ||
        pair !== pair.toLowerCase() ||
        PATH_ROOTS.has(owner) ||
        /^\d+$/.test(owner) ||
        !clean(name) ||
        SOURCE_FILE.test(name)
      )
        continue;
      names.add(`${owner}/${clean(name)}`);
    }
  }
  return [...names];
}
