import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { Email } from '../shared/fields.js';
import { RepoId, splitRepoId } from './fields.js';
import { forEachRepo, loginByEmail, allItems } from './github.js';
import {
  ContributorSchema,
  CoverageSchema,
  Int,
  RepositoryUserSchema,
  UserProfileSchema,
  type CollaboratorPermissions,
  type Contributor,
  type RepositoryUser,
  type UserProfile,
} from './schemas.js';
import { collaboratorShape, userProfile, type GithubCollaboratorLike, type GithubUserLike } from './shapes.js';

const PERMISSIONS = ['admin', 'maintain', 'push', 'triage', 'pull'] as const satisfies ReadonlyArray<
  keyof CollaboratorPermissions
>;

export const getRepositoryUsers = defineTool({
  system: 'code_host',
  name: 'get_repository_users',
  title: 'List repository users',
  description:
    'List the people with access to one repository (collaborators, direct and through the organisation) with their permissions, or to every accessible repository when repo_id is omitted (one entry per person, with the highest permission and the repositories).',
  capability: { type: 'read', name: 'code_host.repositories.users' },
  input: z.object({ repo_id: RepoId.optional() }),
  extra: CoverageSchema,
  list: { key: 'users' },
  item: RepositoryUserSchema,
  hints: {
    aliases: ['collaborators', 'who has access', 'repo members', 'repository permissions'],
    when_to_use:
      'To see who can read, push to or administer repositories, e.g. before asking for a review or auditing access.',
    not_for:
      'Who actually committed code (use code_host_get_contributors); one person by email (code_host_get_user_by_email).',
    examples: [
      { query: 'who has access to acme/api?', tool: 'get_repository_users', params: { repo_id: 'acme/api' } },
      { query: 'everyone with access to our repositories', tool: 'get_repository_users', params: {} },
    ],
  },
  async run(ctx): Promise<ListPage<RepositoryUser>> {
    const octokit = ctx.client('github');
    const fan = await forEachRepo(
      ctx,
      ctx.args.repo_id,
      async (repoId) =>
        (await allItems(
          octokit.paginate.iterator(octokit.rest.repos.listCollaborators, {
            ...splitRepoId(repoId),
            affiliation: 'all',
            per_page: 100,
          }),
        )) as GithubCollaboratorLike[],
    );
    const byLogin = new Map<string, RepositoryUser>();
    for (const { repo, value } of fan.perRepo) {
      for (const user of value) {
        const shaped = collaboratorShape(user);
        const seen = byLogin.get(shaped.login);
        if (!seen) byLogin.set(shaped.login, { ...shaped, repositories: [repo] });
        else {
          seen.repositories.push(repo);
          for (const key of PERMISSIONS) seen.permissions[key] ||= shaped.permissions[key];
        }
      }
    }
    const users = [...byLogin.values()].sort((a, b) => a.login.localeCompare(b.login));
    return { items: users, total: users.length, extra: fan.coverage };
  },
});

export const getContributors = defineTool({
  system: 'code_host',
  name: 'get_contributors',
  title: 'List contributors',
  description:
    'List the contributors of one repository (or of every accessible repository, summed per person, when repo_id is omitted) by number of commits on the default branch, most first, with the total.',
  capability: { type: 'read', name: 'code_host.repositories.contributors' },
  input: z.object({ repo_id: RepoId.optional() }),
  extra: CoverageSchema.extend({
    total_contributions: Int.describe('Sum of the contributions listed'),
    contributors_count: Int,
  }),
  list: { key: 'contributors' },
  item: ContributorSchema,
  hints: {
    aliases: ['top contributors', 'who committed', 'commit authors', 'contributions'],
    when_to_use: 'To find who wrote the code of a repository or who contributes most across repositories.',
    not_for:
      'Access rights (use code_host_get_repository_users); activity within a time window (code_host_get_developer_metrics).',
    examples: [
      { query: 'top contributors of acme/web', tool: 'get_contributors', params: { repo_id: 'acme/web', limit: 5 } },
    ],
  },
  async run(ctx): Promise<ListPage<Contributor>> {
    const octokit = ctx.client('github');
    const fan = await forEachRepo(ctx, ctx.args.repo_id, async (repoId) => {
      const list = await allItems(
        octokit.paginate.iterator(octokit.rest.repos.listContributors, { ...splitRepoId(repoId), per_page: 100 }),
      );
      // An empty repository answers 204 without a body.
      return (Array.isArray(list) ? list : []) as Array<GithubUserLike & { contributions: number }>;
    });
    const byLogin = new Map<string, Contributor>();
    for (const contributor of fan.perRepo.flatMap((r) => r.value)) {
      if (!contributor.login) continue;
      const seen = byLogin.get(contributor.login);
      if (seen) seen.contributions += contributor.contributions;
      else
        byLogin.set(contributor.login, {
          login: contributor.login,
          id: contributor.id,
          contributions: contributor.contributions,
          avatar_url: contributor.avatar_url ?? null,
        });
    }
    const contributors = [...byLogin.values()].sort(
      (a, b) => b.contributions - a.contributions || a.login.localeCompare(b.login),
    );
    const total = contributors.reduce((n, c) => n + c.contributions, 0);
    return {
      items: contributors,
      total: contributors.length,
      extra: { total_contributions: total, contributors_count: contributors.length, ...fan.coverage },
    };
  },
});

export const getUserByEmail = defineTool({
  system: 'code_host',
  name: 'get_user_by_email',
  title: 'Find a user by email',
  description:
    'Find the code_host account whose public email is the given address and return its profile (login, name, company, location, bio).',
  capability: { type: 'read', name: 'code_host.users.by_email' },
  input: z.object({ email: Email.describe('Email address of the person') }),
  output: UserProfileSchema,
  hints: {
    aliases: ['github user for email', 'login of a person', 'who is this email on github', 'github account lookup'],
    when_to_use:
      'When you know a colleague by email (e.g. from a ticket or calendar) and need their code_host login for other tools.',
    not_for: 'Listing people with repository access (use code_host_get_repository_users); Jira users are in ticketing.',
    examples: [
      {
        query: 'what is the github login of linuss@acme.test?',
        tool: 'get_user_by_email',
        params: { email: 'linuss@acme.test' },
      },
    ],
  },
  async run({ client, args }): Promise<UserProfile> {
    const octokit = client('github');
    const login = await loginByEmail(octokit, args.email);
    if (!login) throw new AppError('NOT_FOUND', `No code_host user has the public email ${args.email}`);
    const { data } = await octokit.rest.users.getByUsername({ username: login });
    return userProfile(data, args.email);
  },
});
