import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { accessibleRepos } from './github.js';
import { RepoId, splitRepoId } from './fields.js';
import { repoDetail, repoSummary, type GithubRepoLike } from './shapes.js';

export const getRepositories = defineTool({
  system: 'code_host',
  name: 'get_repositories',
  title: 'List repositories',
  description: 'List the repositories the connected code_host account can access (owned, collaborator and organisation), sorted by full name.',
  capability: { type: 'read', name: 'code_host.repositories.list' },
  input: z.object({}),
  list: { key: 'repositories' },
  hints: {
    aliases: ['list repos', 'repositories', 'github repos', 'codebases', 'projects on github'],
    when_to_use: 'To see which repositories exist or to find the owner/repo id to pass to other code_host tools.',
    not_for: 'Details of one repository (use code_host.get_repository) or repositories of a given user (use code_host.list_repos_by_user); Jira projects are ticketing.get_projects.',
    examples: [
      { query: 'which repositories do we have?', tool: 'get_repositories', params: {} },
      { query: 'show the next page of repos', tool: 'get_repositories', params: { limit: 20, offset: 20 } },
    ],
  },
  async run({ client, page }) {
    const repos = await accessibleRepos(client('code_host'), Math.max(page.offset + page.limit + 1, 100));
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
  hints: {
    aliases: ['repo details', 'repository info', 'describe repo'],
    when_to_use: 'When you know the owner/repo and need its metadata: default branch, language, license, topics, stars, open issue count.',
    not_for: 'Listing repositories (use code_host.get_repositories) or its issues and pull requests (code_host.get_issues, code_host.get_pull_requests).',
    examples: [{ query: 'tell me about acme/api', tool: 'get_repository', params: { repo_id: 'acme/api' } }],
  },
  async run({ client, args }) {
    const { data } = await client('code_host').rest.repos.get(splitRepoId(args.repo_id));
    return repoDetail(data as GithubRepoLike);
  },
});
