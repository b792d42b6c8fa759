import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { BranchName, HeadRef, PrNumber, RepoId, splitRepoId } from './fields.js';
import { MergeResultSchema, PullRequestSchema, type MergeResult, type PullRequest } from './schemas.js';
import { pullShape } from './shapes.js';

export const createPullRequest = defineTool({
  system: 'code_host',
  name: 'create_pull_request',
  title: 'Open a pull request',
  description:
    'Open a pull request from branch head into base (default main), optionally as a draft; returns the created pull request with its number and html_url. Not idempotent: a failed call is never resent automatically.',
  capability: { type: 'action', name: 'code_host.pull_requests.create', idempotent: false },
  input: z.object({
    repo_id: RepoId,
    title: z.string().trim().min(1).max(256).describe('Pull request title'),
    head: HeadRef.describe('Branch with the changes ("branch", or "owner:branch" from a fork)'),
    base: BranchName.default('main').describe('Branch to merge into (default main)'),
    body: z.string().max(65_536).optional().describe('Pull request description, in Markdown'),
    draft: z.boolean().default(false).describe('Open as a draft, not yet ready for review (default false)'),
  }),
  output: PullRequestSchema,
  hints: {
    aliases: ['open pr', 'create pr', 'new pull request', 'propose changes', 'raise pr'],
    when_to_use:
      'When a branch with changes exists (e.g. from code_host_create_branch and code_host_create_or_update_file) and the user wants it reviewed and merged.',
    not_for:
      'Merging (use code_host_merge_pull_request); creating the branch itself (code_host_create_branch); listing PRs (code_host_get_pull_requests).',
    examples: [
      {
        query: 'open a PR in acme/web from fix-login',
        tool: 'create_pull_request',
        params: { repo_id: 'acme/web', title: 'Fix login redirect', head: 'fix-login' },
      },
    ],
  },
  verify: (result, args) => {
    const head = result.head.ref;
    return args.head.endsWith(head) && result.base.ref === args.base
      ? undefined
      : `created from ${head} into ${result.base.ref}`;
  },
  async run({ client, args }): Promise<PullRequest> {
    const { data } = await client('github').rest.pulls.create({
      ...splitRepoId(args.repo_id),
      title: args.title,
      head: args.head,
      base: args.base,
      body: args.body,
      draft: args.draft,
    });
    return pullShape(data);
  },
});

export const mergePullRequest = defineTool({
  system: 'code_host',
  name: 'merge_pull_request',
  title: 'Merge a pull request',
  description:
    'Merge an open pull request (merge_method merge, squash or rebase). Idempotent: a pull request that is already merged is reported as such (already_merged) instead of failing. A closed, draft or conflicting pull request is refused with CONFLICT.',
  capability: { type: 'action', name: 'code_host.pull_requests.merge', idempotent: true },
  input: z.object({
    repo_id: RepoId,
    pr_number: PrNumber,
    merge_method: z
      .enum(['merge', 'squash', 'rebase'])
      .default('merge')
      .describe('merge: a merge commit (default); squash: one commit; rebase: the commits replayed onto the base'),
    commit_message: z.string().max(65_536).optional().describe('Extra detail for the merge commit message'),
  }),
  output: MergeResultSchema,
  hints: {
    aliases: ['merge pr', 'ship pr', 'squash and merge', 'land pull request'],
    when_to_use: 'When the user asks to merge an approved pull request.',
    not_for:
      'Opening a pull request (use code_host_create_pull_request); closing without merging (code_host_update_issue with state closed).',
    examples: [
      {
        query: 'squash-merge acme/web#41',
        tool: 'merge_pull_request',
        params: { repo_id: 'acme/web', pr_number: 41, merge_method: 'squash' },
      },
    ],
  },
  verify: (result) => (result.merged === true ? undefined : 'the pull request is not merged'),
  async run({ client, args }): Promise<MergeResult> {
    const octokit = client('github');
    const target = { ...splitRepoId(args.repo_id), pull_number: args.pr_number };
    const { data: pr } = await octokit.rest.pulls.get(target);
    const base = { repo: args.repo_id, pr_number: args.pr_number, html_url: pr.html_url };
    if (pr.merged)
      return {
        ...base,
        merged: true,
        already_merged: true,
        sha: pr.merge_commit_sha,
        message: 'Pull request was already merged',
      };
    if (pr.state === 'closed')
      throw new AppError('CONFLICT', `${args.repo_id}#${args.pr_number} is closed without a merge; reopen it first`);
    if (pr.draft)
      throw new AppError('CONFLICT', `${args.repo_id}#${args.pr_number} is a draft; mark it ready for review first`);
    if (pr.mergeable === false)
      throw new AppError('CONFLICT', `${args.repo_id}#${args.pr_number} has merge conflicts with ${pr.base.ref}`);
    try {
      const { data } = await octokit.rest.pulls.merge({
        ...target,
        merge_method: args.merge_method,
        commit_message: args.commit_message,
        sha: pr.head.sha,
      });
      return { ...base, merged: data.merged, already_merged: false, sha: data.sha, message: data.message };
    } catch (error) {
      // A retried merge whose first attempt went through upstream answers "not mergeable": check.
      const { data: after } = await octokit.rest.pulls.get(target);
      if (after.merged)
        return {
          ...base,
          merged: true,
          already_merged: false,
          sha: after.merge_commit_sha,
          message: 'Pull request successfully merged',
        };
      throw error;
    }
  },
});
