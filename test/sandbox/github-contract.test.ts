import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { pullsOf, repoOf, type GithubState } from '../../src/sandbox/github/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { loadGithubOpenApi, type OpenApiValidator } from './github-openapi.js';
import { githubFake } from '../../src/sandbox/github/index.js';
import type { FakeUpstream } from '../../src/sandbox/fake-upstream.js';

const GITHUB = [githubFake as FakeUpstream];

/**
 * Every endpoint of the fake GitHub, called with the real Octokit client, validated against the
 * response schema of the same operation in GitHub's OpenAPI description.
 */
/** Octokit logs every 4xx answer; the tests expect many. */
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

let sandbox: Sandbox;
let octokit: Octokit;
let api: OpenApiValidator;
let acme: GithubState;

beforeAll(async () => {
  api = loadGithubOpenApi();
  sandbox = await startSandbox({}, GITHUB);
  octokit = new Octokit({ auth: SANDBOX_CREDENTIALS.acme.github.token, baseUrl: sandbox.urlOf('/github'), log: quiet });
  acme = sandbox.state<GithubState>('/github', 'acme');
});

afterAll(async () => {
  await sandbox?.close();
});

function expectValid(
  method: string,
  path: string,
  response: { status: number; data: unknown; headers?: { 'content-type'?: string } },
  status = 200,
): void {
  expect(response.status).toBe(status);
  expect(
    api.errors(method, path, status, response.data, response.headers?.['content-type']),
    `${method.toUpperCase()} ${path}`,
  ).toEqual([]);
}

async function failure(call: Promise<unknown>): Promise<{ status: number; data: unknown }> {
  try {
    await call;
  } catch (error) {
    const { status, response } = error as { status: number; response: { data: unknown } };
    return { status, data: response.data };
  }
  throw new Error('expected the request to fail');
}

const orgRepos = (): string[] => acme.repos.filter((r) => r.owner === 'acme').map((r) => r.name);

describe('users and repositories', () => {
  it('GET /user, /users/{username}, /search/users', async () => {
    expectValid('get', '/user', await octokit.rest.users.getAuthenticated());
    const person = acme.users.find((u) => u.personIndex === 3)!;
    const user = await octokit.rest.users.getByUsername({ username: person.login });
    expectValid('get', '/users/{username}', user);
    expect(user.data.email).toBe(person.email);
    expectValid('get', '/users/{username}', await octokit.rest.users.getByUsername({ username: 'acme' }));
    const search = await octokit.rest.search.users({ q: `${person.email} in:email` });
    expectValid('get', '/search/users', search);
    expect(search.data.items.map((u) => u.login)).toEqual([person.login]);
  });

  it('GET /user/repos, /users/{username}/repos, /orgs/{org}/repos', async () => {
    const mine = await octokit.rest.repos.listForAuthenticatedUser({ per_page: 100 });
    expectValid('get', '/user/repos', mine);
    expect(mine.data).toHaveLength(acme.repos.length);
    // For an organisation login, /users/{username}/repos lists its public repositories.
    const publicRepos = await octokit.rest.repos.listForUser({ username: 'acme' });
    expectValid('get', '/users/{username}/repos', publicRepos);
    expect(publicRepos.data.map((r) => r.name)).toEqual(
      acme.repos
        .filter((r) => !r.private)
        .map((r) => r.name)
        .sort(),
    );
    expect((await octokit.rest.repos.listForUser({ username: acme.viewer })).data).toEqual([]);
    const org = await octokit.rest.repos.listForOrg({ org: 'acme', per_page: 100 });
    expectValid('get', '/orgs/{org}/repos', org);
    expect(org.data.map((r) => r.name).sort()).toEqual(orgRepos().sort());
  });

  it('GET /repos/{owner}/{repo}, collaborators, contributors, topics', async () => {
    for (const repo of orgRepos()) {
      const owner = 'acme';
      expectValid('get', '/repos/{owner}/{repo}', await octokit.rest.repos.get({ owner, repo }));
      expectValid(
        'get',
        '/repos/{owner}/{repo}/collaborators',
        await octokit.rest.repos.listCollaborators({ owner, repo }),
      );
      expectValid(
        'get',
        '/repos/{owner}/{repo}/contributors',
        await octokit.rest.repos.listContributors({ owner, repo }),
      );
      expectValid('get', '/repos/{owner}/{repo}/topics', await octokit.rest.repos.getAllTopics({ owner, repo }));
    }
  });
});

describe('issues', () => {
  it('GET /repos/{owner}/{repo}/issues (pull requests included) and issue events', async () => {
    for (const repo of orgRepos()) {
      const issues = await octokit.paginate(octokit.rest.issues.listForRepo, {
        owner: 'acme',
        repo,
        state: 'all',
        per_page: 100,
      });
      expectValid('get', '/repos/{owner}/{repo}/issues', { status: 200, data: issues });
      expect(issues).toHaveLength(repoOf(acme, `acme/${repo}`)!.issues.length);
      const events = await octokit.rest.issues.listEventsForRepo({ owner: 'acme', repo, per_page: 100 });
      expectValid('get', '/repos/{owner}/{repo}/issues/events', events);
    }
  });

  it('issue lifecycle: create, get, update, comments, labels', async () => {
    const created = await octokit.rest.issues.create({
      owner: 'acme',
      repo: 'api',
      title: 'Contract issue',
      body: 'Body',
      labels: ['bug'],
      assignees: [acme.viewer],
    });
    expectValid('post', '/repos/{owner}/{repo}/issues', created, 201);
    const issue_number = created.data.number;
    expectValid(
      'get',
      '/repos/{owner}/{repo}/issues/{issue_number}',
      await octokit.rest.issues.get({ owner: 'acme', repo: 'api', issue_number }),
    );
    expectValid(
      'patch',
      '/repos/{owner}/{repo}/issues/{issue_number}',
      await octokit.rest.issues.update({
        owner: 'acme',
        repo: 'api',
        issue_number,
        state: 'closed',
        state_reason: 'not_planned',
      }),
    );
    expectValid(
      'post',
      '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      await octokit.rest.issues.createComment({ owner: 'acme', repo: 'api', issue_number, body: 'A comment' }),
      201,
    );
    expectValid(
      'get',
      '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      await octokit.rest.issues.listComments({ owner: 'acme', repo: 'api', issue_number }),
    );
    expectValid(
      'post',
      '/repos/{owner}/{repo}/issues/{issue_number}/labels',
      await octokit.rest.issues.addLabels({
        owner: 'acme',
        repo: 'api',
        issue_number,
        labels: ['incident', 'brand-new'],
      }),
    );
    expectValid(
      'delete',
      '/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
      await octokit.rest.issues.removeLabel({ owner: 'acme', repo: 'api', issue_number, name: 'incident' }),
    );
    expectValid(
      'get',
      '/repos/{owner}/{repo}/labels',
      await octokit.rest.issues.listLabelsForRepo({ owner: 'acme', repo: 'api' }),
    );
  });

  it('seeded issue comments validate', async () => {
    const withComments = repoOf(acme, 'acme/web')!
      .issues.filter((i) => i.comments.length > 0)
      .slice(0, 5);
    expect(withComments.length).toBeGreaterThan(0);
    for (const issue of withComments) {
      expectValid(
        'get',
        '/repos/{owner}/{repo}/issues/{issue_number}/comments',
        await octokit.rest.issues.listComments({ owner: 'acme', repo: 'web', issue_number: issue.number }),
      );
    }
  });
});

describe('pull requests', () => {
  it('GET pulls (list, single), reviews and commits of every seeded pull request', async () => {
    for (const repo of orgRepos()) {
      const list = await octokit.paginate(octokit.rest.pulls.list, {
        owner: 'acme',
        repo,
        state: 'all',
        per_page: 100,
      });
      expectValid('get', '/repos/{owner}/{repo}/pulls', { status: 200, data: list });
      for (const pr of pullsOf(repoOf(acme, `acme/${repo}`)!).slice(-6)) {
        expectValid(
          'get',
          '/repos/{owner}/{repo}/pulls/{pull_number}',
          await octokit.rest.pulls.get({ owner: 'acme', repo, pull_number: pr.number }),
        );
        expectValid(
          'get',
          '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
          await octokit.rest.pulls.listReviews({ owner: 'acme', repo, pull_number: pr.number }),
        );
        expectValid(
          'get',
          '/repos/{owner}/{repo}/pulls/{pull_number}/commits',
          await octokit.rest.pulls.listCommits({ owner: 'acme', repo, pull_number: pr.number }),
        );
      }
    }
  });

  it('branch, file commit, pull request and merge', async () => {
    const main = await octokit.rest.git.getRef({ owner: 'acme', repo: 'docs', ref: 'heads/main' });
    expectValid('get', '/repos/{owner}/{repo}/git/ref/{ref}', main);
    const ref = await octokit.rest.git.createRef({
      owner: 'acme',
      repo: 'docs',
      ref: 'refs/heads/contract-branch',
      sha: main.data.object.sha,
    });
    expectValid('post', '/repos/{owner}/{repo}/git/refs', ref, 201);
    const content = Buffer.from('# New page\n').toString('base64');
    const created = await octokit.rest.repos.createOrUpdateFileContents({
      owner: 'acme',
      repo: 'docs',
      path: 'docs/new-page.md',
      message: 'Add page',
      content,
      branch: 'contract-branch',
    });
    expectValid('put', '/repos/{owner}/{repo}/contents/{path}', created, 201);
    const updated = await octokit.rest.repos.createOrUpdateFileContents({
      owner: 'acme',
      repo: 'docs',
      path: 'docs/new-page.md',
      message: 'Edit page',
      content: Buffer.from('# New page\n\nMore.\n').toString('base64'),
      sha: created.data.content!.sha!,
      branch: 'contract-branch',
    });
    expectValid('put', '/repos/{owner}/{repo}/contents/{path}', updated, 200);
    const pull = await octokit.rest.pulls.create({
      owner: 'acme',
      repo: 'docs',
      title: 'Add a page',
      head: 'contract-branch',
      base: 'main',
      body: 'Adds a page',
    });
    expectValid('post', '/repos/{owner}/{repo}/pulls', pull, 201);
    const merged = await octokit.rest.pulls.merge({
      owner: 'acme',
      repo: 'docs',
      pull_number: pull.data.number,
      merge_method: 'squash',
    });
    expectValid('put', '/repos/{owner}/{repo}/pulls/{pull_number}/merge', merged);
    expectValid(
      'get',
      '/repos/{owner}/{repo}/pulls/{pull_number}',
      await octokit.rest.pulls.get({ owner: 'acme', repo: 'docs', pull_number: pull.data.number }),
    );
  });
});

describe('git data', () => {
  it('GET branches, contents (file and directory), commits (list and single)', async () => {
    for (const repo of orgRepos()) {
      expectValid(
        'get',
        '/repos/{owner}/{repo}/branches',
        await octokit.rest.repos.listBranches({ owner: 'acme', repo, per_page: 100 }),
      );
      expectValid(
        'get',
        '/repos/{owner}/{repo}/contents/{path}',
        await octokit.rest.repos.getContent({ owner: 'acme', repo, path: '' }),
      );
      expectValid(
        'get',
        '/repos/{owner}/{repo}/contents/{path}',
        await octokit.rest.repos.getContent({ owner: 'acme', repo, path: 'README.md' }),
      );
      expectValid(
        'get',
        '/repos/{owner}/{repo}/contents/{path}',
        await octokit.rest.repos.getContent({ owner: 'acme', repo, path: '.github/workflows' }),
      );
      const commits = await octokit.paginate(octokit.rest.repos.listCommits, { owner: 'acme', repo, per_page: 100 });
      expectValid('get', '/repos/{owner}/{repo}/commits', { status: 200, data: commits });
      expectValid(
        'get',
        '/repos/{owner}/{repo}/commits/{ref}',
        await octokit.rest.repos.getCommit({ owner: 'acme', repo, ref: commits[0].sha }),
      );
    }
  });
});

describe('actions, deployments and releases', () => {
  it('GET workflow runs, workflows, deployments, statuses and releases', async () => {
    for (const repo of orgRepos()) {
      expectValid(
        'get',
        '/repos/{owner}/{repo}/actions/runs',
        await octokit.rest.actions.listWorkflowRunsForRepo({ owner: 'acme', repo, per_page: 100 }),
      );
      const workflows = await octokit.rest.actions.listRepoWorkflows({ owner: 'acme', repo });
      expectValid('get', '/repos/{owner}/{repo}/actions/workflows', workflows);
      for (const flow of workflows.data.workflows) {
        expectValid(
          'get',
          '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
          await octokit.rest.actions.listWorkflowRuns({ owner: 'acme', repo, workflow_id: flow.id }),
        );
      }
      const deployments = await octokit.rest.repos.listDeployments({ owner: 'acme', repo, per_page: 100 });
      expectValid('get', '/repos/{owner}/{repo}/deployments', deployments);
      for (const deployment of deployments.data.slice(0, 5)) {
        expectValid(
          'get',
          '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
          await octokit.rest.repos.listDeploymentStatuses({ owner: 'acme', repo, deployment_id: deployment.id }),
        );
      }
      const releases = await octokit.rest.repos.listReleases({ owner: 'acme', repo, per_page: 100 });
      expectValid('get', '/repos/{owner}/{repo}/releases', releases);
      if (releases.data.length)
        expectValid(
          'get',
          '/repos/{owner}/{repo}/releases/latest',
          await octokit.rest.repos.getLatestRelease({ owner: 'acme', repo }),
        );
    }
  });
});

describe('search', () => {
  it('GET /search/issues with the qualifiers of a work list', async () => {
    const pulls = acme.repos.flatMap((repo) => pullsOf(repo).map((pr) => ({ repo, pr })));
    const requested = pulls.find(({ pr }) => pr.state === 'open' && pr.pull.requestedReviewers.length > 0);
    expect(requested).toBeDefined();
    const reviewer = requested!.pr.pull.requestedReviewers[0];
    const search = await octokit.rest.search.issuesAndPullRequests({
      q: `is:pr is:open archived:false review-requested:${reviewer}`,
      per_page: 100,
    });
    expectValid('get', '/search/issues', search);
    const expected = pulls.filter(({ pr }) => pr.state === 'open' && pr.pull.requestedReviewers.includes(reviewer));
    expect(search.data.total_count).toBe(expected.length);
    expect(search.data.items.every((item) => item.pull_request !== undefined && item.state === 'open')).toBe(true);
    const author = requested!.pr.user;
    const notMine = await octokit.rest.search.issuesAndPullRequests({
      q: `is:issue assignee:${author} -author:${author} repo:acme/api updated:>=2026-01-01`,
    });
    expectValid('get', '/search/issues', notMine);
    for (const item of notMine.data.items) expect(item.user?.login).not.toBe(author);
    const invalid = await failure(octokit.rest.search.issuesAndPullRequests({ q: 'is:pr bogus:thing' }));
    expect(invalid.status).toBe(422);
  });
});

describe('error bodies', () => {
  it('404, 422 and 409 bodies match the documented error schemas', async () => {
    const missing = await failure(octokit.rest.repos.get({ owner: 'globex', repo: 'platform' }));
    expect(missing.status).toBe(404);
    expect(api.errors('get', '/repos/{owner}/{repo}', 404, missing.data)).toEqual([]);
    const invalid = await failure(
      octokit.rest.issues.update({ owner: 'acme', repo: 'api', issue_number: 1, state: 'bogus' as 'open' }),
    );
    expect(invalid.status).toBe(422);
    expect(api.errors('patch', '/repos/{owner}/{repo}/issues/{issue_number}', 422, invalid.data)).toEqual([]);
    const readme = await octokit.rest.repos.getContent({ owner: 'acme', repo: 'api', path: 'README.md' });
    const stale = await failure(
      octokit.rest.repos.createOrUpdateFileContents({
        owner: 'acme',
        repo: 'api',
        path: 'README.md',
        message: 'x',
        content: 'eA==',
        sha: '0'.repeat(40),
      }),
    );
    expect(stale.status).toBe(409);
    // The documented 409 is oneOf(basic-error, repository-rule-violation-error), and any basic error matches
    // both (neither requires a field), so check the branch a stale SHA answers with.
    expect(api.componentErrors('basic-error', stale.data)).toEqual([]);
    expect(stale.data).toMatchObject({ message: `README.md does not match ${'0'.repeat(40)}` });
    expect((readme.data as { sha: string }).sha).toMatch(/^[0-9a-f]{40}$/);
  });
});
