import { z } from 'zod';

const REPO = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\\/[A-Za-z0-9._-]{1,100}';

/** `owner/repo`, as GitHub spells repository names. */
export const RepoId = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/, 'repo_id must be "owner/repo"')
  .describe('Repository as "owner/repo"');

/** Comma-separated `owner/repo` list (the spec's `repo_ids` of the metrics tools). */
export const RepoIds = z
  .string()
  .max(4000)
  .regex(new RegExp(`^\\s*${REPO}\\s*(?:,\\s*${REPO}\\s*)*$`), 'repo_ids must be comma-separated "owner/repo" values')
  .describe('Comma-separated repositories, e.g. "acme/api,acme/web"; every accessible repository when omitted')
  // One spelling per set of repositories (lower case, sorted, no duplicates): cached results are shared.
  .transform((value) => parseRepoIds(value)?.join(',') ?? value);

export const IssueNumber = z.number().int().min(1).describe('Issue number within the repository');
export const PrNumber = z.number().int().min(1).describe('Pull request number within the repository');
export const GithubLogin = z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'not a valid code_host login');
export const BranchName = z
  .string()
  .min(1)
  .max(250)
  .regex(/^(?!\/)(?!.*\.\.)(?!.*\/\/)[^\s~^:?*[\\]+(?<!\/)(?<!\.lock)$/, 'not a valid branch name')
  // The rest of git's ref-name rules (git check-ref-format), kept out of the listed pattern.
  .refine(
    (name) => !/(?:^|\/)\.|\.$|@\{|^@$/.test(name),
    'not a valid branch name: no part may start with ".", and it may not end with "." or contain "@{"',
  );
/** The head of a pull request: "branch", or "owner:branch" for a branch of a fork, each part by its own rules. */
export const HeadRef = z
  .string()
  .min(1)
  .max(300)
  .superRefine((value, ctx) => {
    const colon = value.indexOf(':');
    if (colon !== -1 && !GithubLogin.safeParse(value.slice(0, colon)).success)
      ctx.addIssue({ code: 'custom', message: 'the owner before ":" is not a valid code_host login' });
    const branch = BranchName.safeParse(value.slice(colon + 1));
    if (!branch.success)
      for (const issue of branch.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  });
export const DaysThreshold = z
  .number()
  .int()
  .min(1)
  .max(365)
  .default(7)
  .describe('Days without activity after which an open pull request is stale (default 7)');
export { Refresh } from '../shared/fields.js';
export const IssueLabels = z.array(z.string().min(1).max(100)).max(50);
export const Assignees = z
  .array(z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'not a valid code_host login'))
  .max(10);

export function splitRepoId(repoId: string): { owner: string; repo: string } {
  const [owner, repo] = repoId.split('/');
  return { owner, repo };
}

/** The repositories of a `repo_ids` argument: trimmed, lower-cased (GitHub names are case-insensitive), unique, sorted. */
export function parseRepoIds(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const ids = [
    ...new Set(
      value
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].sort();
  return ids.length ? ids : undefined;
}
