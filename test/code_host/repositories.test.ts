import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributorsOf, repoOf, type GithubState } from '../../src/sandbox/github/index.js';
import type { TestServer } from '../helpers/server.js';
import { codeHostServer, type Runner } from './helpers.js';

let server: TestServer;
let acme: GithubState;
let run: Runner;

beforeAll(async () => {
  ({ server, acme, run } = await codeHostServer());
});
afterAll(async () => server?.close());

const REPO_FIELDS = [
  'id',
  'name',
  'full_name',
  'description',
  'url',
  'html_url',
  'default_branch',
  'private',
  'language',
  'stargazers_count',
  'forks_count',
  'open_issues_count',
  'created_at',
  'updated_at',
];

describe('repositories', () => {
  it('get_repositories lists every accessible repository with the spec fields, paginated', async () => {
    const result = await run('get_repositories', { limit: 100 });
    expect(result.repositories.map((r: { full_name: string }) => r.full_name)).toEqual(
      acme.repos.map((r) => r.fullName).sort(),
    );
    expect(result.count).toBe(acme.repos.length);
    for (const repo of result.repositories) expect(Object.keys(repo)).toEqual(REPO_FIELDS);
    const api = result.repositories.find((r: { full_name: string }) => r.full_name === 'acme/api');
    const record = repoOf(acme, 'acme/api')!;
    expect(api).toMatchObject({
      id: record.id,
      name: 'api',
      private: record.private,
      language: record.language,
      stargazers_count: record.stargazers,
      default_branch: 'main',
    });
    const page = await run('get_repositories', { limit: 2, offset: 2 });
    expect(page.repositories.map((r: { full_name: string }) => r.full_name)).toEqual(
      result.repositories.slice(2, 4).map((r: { full_name: string }) => r.full_name),
    );
    expect(page.pagination).toMatchObject({ limit: 2, offset: 2, has_more: true });
  });

  it('get_repository adds owner, topics, license and permissions', async () => {
    const record = repoOf(acme, 'acme/design-system')!;
    const repo = await run('get_repository', { repo_id: 'acme/design-system' });
    expect(repo).toMatchObject({
      full_name: 'acme/design-system',
      owner: { login: 'acme', id: acme.org.id, type: 'Organization' },
      topics: record.topics,
      license: { key: record.license!.key, name: record.license!.name },
      permissions: { admin: true, push: true, pull: true },
    });
  });

  it('list_repos_by_user lists the public repositories of a login', async () => {
    const result = await run('list_repos_by_user', { username: 'acme' });
    expect(result.repositories.map((r: { full_name: string }) => r.full_name).sort()).toEqual(
      acme.repos
        .filter((r) => !r.private)
        .map((r) => r.fullName)
        .sort(),
    );
    await expect(run('list_repos_by_user', { username: 'not a login' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('tenant isolation: an acme caller gets 404 for a globex repository', async () => {
    await expect(run('get_repository', { repo_id: 'globex/platform' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(run('get_issues', { repo_id: 'globex/platform' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const globex = await run('get_repository', { repo_id: 'globex/platform' }, 'globex');
    expect(globex.full_name).toBe('globex/platform');
  });

  it('rejects a repo_id that is not owner/repo', async () => {
    for (const repo_id of ['acme', 'acme/api/extra', '../etc/passwd', '']) {
      await expect(run('get_repository', { repo_id })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('people', () => {
  it('get_repository_users lists collaborators with permissions', async () => {
    const record = repoOf(acme, 'acme/api')!;
    const result = await run('get_repository_users', { repo_id: 'acme/api', limit: 100 });
    expect(result.users.map((u: { login: string }) => u.login).sort()).toEqual(
      record.collaborators.map((c) => c.login).sort(),
    );
    for (const user of result.users) {
      const role = record.collaborators.find((c) => c.login === user.login)!.role;
      expect(Object.keys(user)).toEqual(expect.arrayContaining(['login', 'id', 'avatar_url', 'type', 'permissions']));
      expect(user.permissions.admin).toBe(role === 'admin');
      expect(user.permissions.push).toBe(['admin', 'maintain', 'write'].includes(role));
      expect(user.permissions.pull).toBe(true);
    }
  });

  it('get_repository_users over every repository merges people and keeps the highest permission', async () => {
    const result = await run('get_repository_users', { limit: 100 });
    const everyone = new Set(acme.repos.flatMap((r) => r.collaborators.map((c) => c.login)));
    expect(result.count).toBe(everyone.size);
    expect(result.repositories_covered).toBe(acme.repos.length);
    for (const user of result.users) {
      const roles = acme.repos.flatMap((r) => r.collaborators.filter((c) => c.login === user.login).map((c) => c.role));
      expect(user.permissions.push).toBe(roles.some((role) => ['admin', 'maintain', 'write'].includes(role)));
      expect(user.repositories).toHaveLength(roles.length);
    }
  });

  it('get_contributors: commits on the default branch, most first, with totals', async () => {
    const expected = contributorsOf(repoOf(acme, 'acme/web')!);
    const result = await run('get_contributors', { repo_id: 'acme/web', limit: 100 });
    expect(
      result.contributors.map((c: { login: string; contributions: number }) => [c.login, c.contributions]),
    ).toEqual(expected.map((c) => [c.login, c.contributions]));
    expect(result.contributors_count).toBe(expected.length);
    expect(result.total_contributions).toBe(expected.reduce((n, c) => n + c.contributions, 0));
    const top = await run('get_contributors', { repo_id: 'acme/web', limit: 2 });
    expect(top.count).toBe(2);
    expect(top.contributors_count).toBe(expected.length);
  });

  it('get_contributors over every repository sums per person', async () => {
    const totals = new Map<string, number>();
    for (const repo of acme.repos)
      for (const c of contributorsOf(repo)) totals.set(c.login, (totals.get(c.login) ?? 0) + c.contributions);
    const result = await run('get_contributors', { limit: 100 });
    expect(result.contributors_count).toBe(totals.size);
    for (const c of result.contributors) expect(c.contributions).toBe(totals.get(c.login));
    expect(result.total_contributions).toBe([...totals.values()].reduce((a, b) => a + b, 0));
  });

  it('get_user_by_email finds the account and its profile; an unknown email is 404', async () => {
    const person = acme.users.find((u) => u.personIndex === 2)!;
    const user = await run('get_user_by_email', { email: person.email! });
    expect(user).toEqual(
      expect.objectContaining({
        login: person.login,
        id: person.id,
        name: person.name,
        email: person.email,
        company: person.company,
        location: person.location,
        bio: person.bio,
      }),
    );
    await expect(run('get_user_by_email', { email: 'nobody@nowhere.test' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(run('get_user_by_email', { email: 'not-an-email' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});
