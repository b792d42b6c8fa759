import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { githubError } from '../../src/integrations/github/errors.js';
import { BranchName, RepoId, splitRepoId } from './fields.js';
import { BranchResultSchema, FileWriteResultSchema, type BranchResult, type FileWriteResult } from './schemas.js';

const FilePath = z
  .string()
  .min(1)
  .max(1000)
  .regex(/^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[^\0\\]+(?<!\/)$/, 'path must be relative, without "." or ".." segments')
  .describe('File path in the repository, e.g. "docs/setup.md"');

export const createBranch = defineTool({
  system: 'code_host',
  name: 'create_branch',
  title: 'Create a branch',
  description:
    'Create a branch pointing at the current head of from_branch (default main); returns {ref, sha, url}. Fails with a validation error when the branch exists. Not idempotent.',
  capability: { type: 'action', name: 'code_host.git.create_branch', idempotent: false },
  input: z.object({
    repo_id: RepoId,
    branch_name: BranchName.describe('Name of the new branch'),
    from_branch: BranchName.default('main').describe('Branch to start from (default main)'),
  }),
  output: BranchResultSchema,
  hints: {
    aliases: ['new branch', 'create branch', 'branch off', 'cut a branch'],
    when_to_use: 'Before changing files for a pull request: make a branch from main (or another branch).',
    not_for:
      'Changing files (use code_host_create_or_update_file); opening the pull request (code_host_create_pull_request).',
    examples: [
      {
        query: 'make a branch fix-login in acme/web',
        tool: 'create_branch',
        params: { repo_id: 'acme/web', branch_name: 'fix-login' },
      },
    ],
  },
  verify: (result, args) => (result.ref === `refs/heads/${args.branch_name}` ? undefined : `created ${result.ref}`),
  async run({ client, args }): Promise<BranchResult> {
    const octokit = client('github');
    const repo = splitRepoId(args.repo_id);
    const { data: source } = await octokit.rest.git.getRef({ ...repo, ref: `heads/${args.from_branch}` });
    const { data } = await octokit.rest.git.createRef({
      ...repo,
      ref: `refs/heads/${args.branch_name}`,
      sha: source.object.sha,
    });
    return { ref: data.ref, sha: data.object.sha, url: data.url, from_branch: args.from_branch };
  },
});

export const createOrUpdateFile = defineTool({
  system: 'code_host',
  name: 'create_or_update_file',
  title: 'Create or update a file',
  description:
    'Write a text file on a branch (the default branch when omitted) as one commit: creates it, or replaces its content (the current blob sha is fetched first, so a concurrent change fails with a conflict instead of being overwritten). Content equal to the current one makes no commit.',
  capability: { type: 'action', name: 'code_host.git.put_file', idempotent: true, destructive: true },
  input: z.object({
    repo_id: RepoId,
    path: FilePath,
    content: z.string().max(1_000_000).describe('The complete new file content (UTF-8 text)'),
    message: z.string().trim().min(1).max(10_000).describe('Commit message'),
    branch: BranchName.optional().describe('Branch to commit to; the default branch when omitted'),
  }),
  output: FileWriteResultSchema,
  hints: {
    aliases: ['edit file', 'commit file', 'write file', 'update readme', 'add file to repo'],
    when_to_use:
      'To add or change one file in a repository, usually on a branch made with code_host_create_branch before opening a pull request.',
    not_for:
      'Creating branches (use code_host_create_branch); wiki pages (wiki tools); opening the pull request (code_host_create_pull_request).',
    examples: [
      {
        query: 'add a CHANGELOG entry on branch release-notes in acme/api',
        tool: 'create_or_update_file',
        params: {
          repo_id: 'acme/api',
          path: 'CHANGELOG.md',
          content: '# Changelog\n\n- Faster orders endpoint\n',
          message: 'Update changelog',
          branch: 'release-notes',
        },
      },
    ],
  },
  verify: (result, args) =>
    result.path === args.path && typeof result.sha === 'string' ? undefined : 'the file was not written',
  async run({ client, args }): Promise<FileWriteResult> {
    const octokit = client('github');
    const target = { ...splitRepoId(args.repo_id), path: args.path };
    let current: { sha: string; content?: string } | undefined;
    try {
      const { data } = await octokit.rest.repos.getContent({ ...target, ref: args.branch });
      if (Array.isArray(data) || data.type !== 'file')
        throw new AppError(
          'CONFLICT',
          `${args.path} is a ${Array.isArray(data) ? 'directory' : data.type}, not a file`,
        );
      current = { sha: data.sha, content: 'content' in data ? data.content : undefined };
    } catch (error) {
      if (githubError(error).code !== 'NOT_FOUND') throw error;
    }
    const encoded = Buffer.from(args.content, 'utf8').toString('base64');
    if (current?.content !== undefined && current.content.replace(/\s/g, '') === encoded) {
      return {
        path: args.path,
        sha: current.sha,
        created: false,
        unchanged: true,
        commit: null,
        branch: args.branch ?? null,
      };
    }
    const { data } = await octokit.rest.repos.createOrUpdateFileContents({
      ...target,
      message: args.message,
      content: encoded,
      sha: current?.sha,
      branch: args.branch,
    });
    return {
      path: data.content?.path ?? args.path,
      sha: data.content?.sha ?? null,
      html_url: data.content?.html_url ?? null,
      created: current === undefined,
      unchanged: false,
      commit: {
        sha: data.commit.sha ?? null,
        message: data.commit.message ?? args.message,
        html_url: data.commit.html_url ?? null,
      },
      branch: args.branch ?? null,
    };
  },
});
