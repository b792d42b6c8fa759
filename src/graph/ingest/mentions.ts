/**
 * Cross-references in free text: ticketing keys (`PAY-123`) and closing references to code_host
 * issues (`fixes #12`). Common acronym-number pairs that look like keys are ignored.
 */
const TICKET_KEY = /\b([A-Z][A-Z0-9]{1,9})-([1-9]\d{0,6})\b/g;
const NOT_PROJECT_KEYS = new Set(['UTF', 'SHA', 'ISO', 'RFC', 'CVE', 'HTTP', 'TLS', 'SSL', 'PEP', 'ECMA', 'IPV', 'MD', 'AES', 'RSA', 'UTC', 'GMT', 'COVID', 'ES', 'GPT', 'WCAG']);
const CLOSING_REF = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s+#(\d{1,7})\b/gi;

/** Ticket keys mentioned in any of the texts, each once, in order of appearance. */
export function ticketKeys(...texts: Array<string | undefined>): string[] {
  const keys = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(TICKET_KEY)) if (!NOT_PROJECT_KEYS.has(match[1])) keys.add(`${match[1]}-${match[2]}`);
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

/** `owner/name` repositories named in a GitHub link or as `owner/repo` words (both parts lower-case, like GitHub's). */
const REPOSITORY = /(?:github\.com\/)?\b([a-z0-9][a-z0-9-]{0,38})\/([a-z0-9][a-z0-9._-]{0,99}[a-z0-9])\b/g;
const NOT_OWNERS = new Set(['http', 'https', 'www', 'and', 'or', 'src', 'dist', 'tools', 'test', 'api', 'wiki', 'pages', 'spaces', 'download', 'rest', 'n', 'a']);

/** Repositories (`acme/api`) mentioned in any of the texts, each once; paths of URLs other than GitHub's are skipped. */
export function repositoryNames(...texts: Array<string | undefined>): string[] {
  const names = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(REPOSITORY)) {
      const before = text[match.index - 1];
      const viaGithub = match[0].startsWith('github.com/');
      if (!viaGithub && (before === '/' || before === '.' || /[\w:]/.test(before ?? ''))) continue;
      if (NOT_OWNERS.has(match[1])) continue;
      names.add(`${match[1]}/${match[2].replace(/\.git$/, '')}`);
    }
  }
  return [...names];
}
