import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { accessibleRepos, readPage } from './github.js';
import { naming } from '../../src/integrations/github/errors.js';
import { GithubLogin, RepoId, splitRepoId } from './fields.js';
import { RepoDetailSchema, RepoSummarySchema, type RepoDetail, type RepoSummary } from './schemas.js';
import { repoDetail, repoSummary, type GithubRepoLike } from './shapes.js';

export const getRepositories = defineTool({
  system: 'code_host',
  name: 'get_repositories',
  title: 'List repositories',
  description:
    'List the repositories the connected code_host account can access (owned, collaborator and organisation), sorted by full name.',
  capability: { type: 'read', name: 'code_host.repositories.list' },
  input: z.object({}),
  list: { key: 'repositories' },
  item: RepoSummarySchema,
  hints: {
    aliases: ['list repos', 'repositories', 'github repos', 'codebases', 'projects on github'],
    when_to_use: 'To see which repositories exist or to find the owner/repo id to pass to other code_host tools.',
    not_for:
      'Details of one repository (use code_host_get_repository) or repositories of a given user (use code_host_list_repos_by_user); Jira projects (ticketing tools).',
    examples: [
      { query: 'which repositories do we have?', tool: 'get_repositories', params: {} },
      { query: 'show the next page of repos', tool: 'get_repositories', params: { limit: 20, offset: 20 } },
    ],
  },
  async run({ client, page }): Promise<ListPage<RepoSummary>> {
    const repos = await accessibleRepos(client('github'), Math.max(page.offset + page.limit + 1, 100));
    return { items: repos.map(repoSummary) };
  },
});

export const getRepository = defineTool({
  system: 'code_host',
  name: 'get_repository',
  title: 'Get a repository',
  description: 'Get one repository with its owner, topics, license and the permissions of the connected account.',
  capability: { type: 'read', name: 'code_host.repositories.get' },
  input: z.object({ repo_id: RepoId }),
  output: RepoDetailSchema,
  hints: {
    aliases: ['repo details', 'repository info', 'describe repo'],
    when_to_use:
      'When you know the owner/repo and need its metadata: default branch, language, license, topics, stars, open issue count.',
    not_for:
      'Listing repositories (use code_host_get_repositories) or its issues and pull requests (code_host_get_issues, code_host_get_pull_requests).',
    examples: [{ query: 'tell me about acme/api', tool: 'get_repository', params: { repo_id: 'acme/api' } }],
  },
  async run({ client, args }): Promise<RepoDetail> {
    const { data } = await naming(
      `Repository ${args.repo_id}`,
      client('github').rest.repos.get(splitRepoId(args.repo_id)),
    );
    return repoDetail(data);
  },
});

export const listReposByUser = defineTool({
  system: 'code_host',
  name: 'list_repos_by_user',
  title: 'List repositories of a user',
  description:
    'List the public repositories owned by one code_host user or organisation login, most recently pushed first.',
  capability: { type: 'read', name: 'code_host.repositories.list_by_user' },
  input: z.object({ username: GithubLogin.describe('code_host login of the user or organisation') }),
  list: { key: 'repositories' },
  item: RepoSummarySchema,
  hints: {
    aliases: ['repos of user', "someone's repositories", 'user repositories', 'repos owned by'],
    when_to_use: 'When the question names a person or organisation and asks which repositories they own.',
    not_for:
      'Every repository our account can access (use code_host_get_repositories); who contributes to a repository (code_host_get_contributors).',
    examples: [
      {
        query: 'what repositories does octocat have?',
        tool: 'list_repos_by_user',
        params: { username: 'octocat', limit: 10 },
      },
      {
        query: 'public repositories of the acme organisation',
        tool: 'list_repos_by_user',
        params: { username: 'acme' },
      },
    ],
  },
  async run({ client, args, page }): Promise<ListPage<RepoSummary>> {
    const octokit = client('github');
    const { items, exhausted } = await readPage<GithubRepoLike>(page, (per_page) =>
      octokit.paginate.iterator(octokit.rest.repos.listForUser, {
        username: args.username,
        sort: 'pushed',
        direction: 'desc',
        per_page,
      }),
    );
    return { items: items.map(repoSummary), total: exhausted ? items.length : undefined };
  },
});
