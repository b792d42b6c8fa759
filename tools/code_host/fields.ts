import { z } from 'zod';

/** `owner/repo`, as GitHub spells repository names. */
export const RepoId = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/, 'repo_id must be "owner/repo"')
  .describe('Repository as "owner/repo"');

export const IssueNumber = z.number().int().min(1).describe('Issue number within the repository');
export const PrNumber = z.number().int().min(1).describe('Pull request number within the repository');
export const GithubLogin = z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'not a valid code_host login');
export const BranchName = z.string().min(1).max(250).regex(/^(?!\/)(?!.*\.\.)(?!.*\/\/)[^\s~^:?*[\\]+(?<!\/)(?<!\.lock)$/, 'not a valid branch name');

export function splitRepoId(repoId: string): { owner: string; repo: string } {
  const [owner, repo] = repoId.split('/');
  return { owner, repo };
}
