import { mentionedKeys, type MentionPattern } from '../../src/graph/ingest/mentions.js';

/** Slash pairs of everyday prose that look like `owner/name`. */
const PROSE_PAIRS = [
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
];

/** First segments of paths (`src/index.ts`, `tools/wiki`), never owners of a repository named bare. */
const PATH_ROOTS = [
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
];

/** `src/index.ts` and the like are paths, not repositories. */
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|md|py|json|ya?ml|toml|txt|go|rs|java|rb|sh|css|html?)$/i;
/** A clone URL's `.git`, then a sentence's full stop, are not part of the name. */
const NAME_ENDINGS = [/\.git$/, /\.+$/];

/** GitHub repositories in free text: links, and `owner/name` written bare as GitHub shows it (lower case). */
export const repositoryMentions: readonly MentionPattern[] = [
  {
    nodeType: 'repository',
    // `https://github.com/acme/api`, with an optional path after it.
    pattern: /\bhttps?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100})/g,
    join: '/',
    trimGroups: [undefined, NAME_ENDINGS],
    keyProperty: 'full_name',
  },
  {
    nodeType: 'repository',
    // A bare `owner/name` standing alone (not inside a path, a URL or an email); `Owner/Repo` is prose.
    pattern: /(?<![\w./@:-])([A-Za-z0-9][A-Za-z0-9-]{1,38})\/([A-Za-z0-9][A-Za-z0-9._-]{0,99})(?![\w/@-])/g,
    join: '/',
    notWhole: [new RegExp(`^(?:${PROSE_PAIRS.join('|')})$`, 'i'), /[A-Z]/],
    notGroups: [new RegExp(`^(?:${PATH_ROOTS.join('|')}|\\d+)$`), SOURCE_FILE],
    trimGroups: [undefined, NAME_ENDINGS],
    keyProperty: 'full_name',
  },
];

/** GitHub pull requests, or issues (numbered alike), as `owner/repo#12`. */
export const pullRequestMentions: readonly MentionPattern[] = [
  {
    nodeType: 'pull_request',
    pattern: /\b([\w.-]+\/[\w.-]+)#(\d+)\b/g,
    join: '#',
    alsoNodeTypes: ['issue'],
  },
];

/** The `owner/name` of every GitHub repository the texts name, each once, in order of appearance. */
export const repositoryNames = (...texts: Array<string | undefined>): string[] =>
  mentionedKeys(repositoryMentions, 'repository', ...texts);

const CLOSING_REF = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s+#(\d{1,7})\b/gi;

/** Issue numbers a pull request says it closes (`fixes #12`). */
export function closedIssueNumbers(...texts: Array<string | undefined>): number[] {
  const numbers = new Set<number>();
  for (const text of texts) if (text) for (const match of text.matchAll(CLOSING_REF)) numbers.add(Number(match[1]));
  return [...numbers];
}
