import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import {
  deploymentOutcome,
  deploymentsIn,
  issueOf,
  iso,
  plainIssuesOf,
  pullsOf,
  repoOf,
  type GithubState,
} from '../../src/sandbox/github/index.js';
import { SANDBOX_EPOCH, startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { githubFake } from '../../src/sandbox/github/index.js';
import type { FakeUpstream } from '../../src/sandbox/fake-upstream.js';

const GITHUB = [githubFake as FakeUpstream];

/** Octokit logs every 4xx answer; the tests expect many. */
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

let sandbox: Sandbox;
let acme: GithubState;
let octokit: Octokit;
let globexOctokit: Octokit;

const client = (token: string | undefined): Octokit =>
  new Octokit({ auth: token, baseUrl: sandbox.urlOf('/github'), log: quiet });

beforeAll(async () => {
  sandbox = await startSandbox({}, GITHUB);
  acme = sandbox.state<GithubState>('/github', 'acme');
  octokit = client(SANDBOX_CREDENTIALS.acme.github.token);
  globexOctokit = client(SANDBOX_CREDENTIALS.globex.github.token);
});

afterAll(async () => {
  await sandbox?.close();
});

async function failure(call: Promise<unknown>): Promise<{ status: number; data: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const { status, response } = error as { status: number; response: { data: Record<string, unknown> } };
    return { status, data: response.data };
  }
  throw new Error('expected the request to fail');
}

describe('authentication and isolation', () => {
  it('answers 401 Bad credentials without a token or with an unknown one', async () => {
    for (const token of [undefined, 'ghp_notARealToken']) {
      const res = await failure(client(token).rest.repos.get({ owner: 'acme', repo: 'api' }));
      expect(res.status).toBe(401);
      expect(res.data).toMatchObject({
        message: 'Bad credentials',
        documentation_url: expect.stringContaining('docs.github.com'),
      });
    }
  });

  it('accepts the token as "Bearer" too', async () => {
    const res = await fetch(`${sandbox.urlOf('/github')}/user`, {
      headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.globex.github.token}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { login: string }).login).toBe(
      sandbox.state<GithubState>('/github', 'globex').viewer,
    );
  });

  it('keeps each workspace to its own data', async () => {
    const res = await failure(octokit.rest.repos.get({ owner: 'globex', repo: 'platform' }));
    expect(res.status).toBe(404);
    expect(res.data).toMatchObject({ message: 'Not Found', status: '404' });
    expect((await globexOctokit.rest.repos.get({ owner: 'globex', repo: 'platform' })).data.full_name).toBe(
      'globex/platform',
    );
    expect((await failure(globexOctokit.rest.issues.listForRepo({ owner: 'acme', repo: 'api' }))).status).toBe(404);
    const globexPerson = sandbox.state<GithubState>('/github', 'globex').users[1];
    expect((await failure(octokit.rest.users.getByUsername({ username: globexPerson.login }))).status).toBe(404);
    expect((await octokit.rest.search.users({ q: `${globexPerson.email} in:email` })).data.total_count).toBe(0);
    const mine = await globexOctokit.rest.repos.listForAuthenticatedUser({ per_page: 100 });
    expect(
      mine.data.every(
        (r) => r.owner.login === 'globex' || r.owner.login === sandbox.state<GithubState>('/github', 'globex').viewer,
      ),
    ).toBe(true);
  });

  it('sends rate-limit headers on every response and counts requests', async () => {
    const first = await octokit.rest.users.getAuthenticated();
    const second = await octokit.rest.users.getAuthenticated();
    for (const name of [
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-ratelimit-used',
      'x-ratelimit-resource',
    ])
      expect(first.headers[name]).toBeDefined();
    expect(first.headers['x-ratelimit-limit']).toBe('5000');
    expect(first.headers['x-ratelimit-resource']).toBe('core');
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    const search = await octokit.rest.search.users({ q: 'acme' });
    expect(search.headers['x-ratelimit-resource']).toBe('search');
    expect(search.headers['x-ratelimit-limit']).toBe('30');
  });

  it("answers unknown paths with GitHub's 404 body", async () => {
    const res = await fetch(`${sandbox.urlOf('/github')}/nope/nothing`, {
      headers: { authorization: `token ${SANDBOX_CREDENTIALS.acme.github.token}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      message: 'Not Found',
      status: '404',
      documentation_url: expect.any(String),
    });
  });
});

describe('pagination', () => {
  it('sets Link headers with absolute URLs and paginate collects every item', async () => {
    const repo = repoOf(acme, 'acme/web')!;
    const first = await octokit.rest.issues.listForRepo({ owner: 'acme', repo: 'web', state: 'all', per_page: 10 });
    expect(first.data).toHaveLength(10);
    const last = Math.ceil(repo.issues.length / 10);
    expect(first.headers.link).toContain(
      `<${sandbox.url}/github/repos/acme/web/issues?state=all&per_page=10&page=2>; rel="next"`,
    );
    expect(first.headers.link).toContain(`page=${last}>; rel="last"`);
    const second = await octokit.rest.issues.listForRepo({
      owner: 'acme',
      repo: 'web',
      state: 'all',
      per_page: 10,
      page: 2,
    });
    expect(second.headers.link).toMatch(/page=1>; rel="prev"/);
    expect(second.headers.link).toMatch(/page=1>; rel="first"/);
    const all = await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner: 'acme',
      repo: 'web',
      state: 'all',
      per_page: 7,
    });
    expect(all.map((i) => i.number).sort((a, b) => a - b)).toEqual(repo.issues.map((i) => i.number));
    expect(all.filter((i) => i.pull_request).length).toBe(pullsOf(repo).length);
  });

  it('defaults to 30 per page and caps per_page at 100', async () => {
    expect(repoOf(acme, 'acme/api')!.commits.size).toBeGreaterThan(30);
    expect((await octokit.rest.repos.listCommits({ owner: 'acme', repo: 'api' })).data).toHaveLength(30);
    const page = await octokit.rest.issues.listForRepo({ owner: 'acme', repo: 'web', state: 'all', per_page: 500 });
    expect(page.data).toHaveLength(Math.min(100, repoOf(acme, 'acme/web')!.issues.length));
  });

  it('paginates workflow runs inside {total_count, workflow_runs}', async () => {
    const repo = repoOf(acme, 'acme/api')!;
    const page = await octokit.rest.actions.listWorkflowRunsForRepo({ owner: 'acme', repo: 'api', per_page: 5 });
    expect(page.data.total_count).toBe(repo.runs.length);
    expect(page.data.workflow_runs).toHaveLength(5);
    const all = await octokit.paginate(octokit.rest.actions.listWorkflowRunsForRepo, {
      owner: 'acme',
      repo: 'api',
      per_page: 40,
    });
    expect(all).toHaveLength(repo.runs.length);
  });
});

describe('filters', () => {
  it('filters issues by labels, assignee, creator and since', async () => {
    const repo = repoOf(acme, 'acme/api')!;
    const bugs = await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner: 'acme',
      repo: 'api',
      state: 'all',
      labels: 'bug',
    });
    expect(bugs.length).toBe(repo.issues.filter((i) => i.labels.includes('bug')).length);
    const incidents = await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner: 'acme',
      repo: 'api',
      state: 'all',
      labels: 'incident,bug',
    });
    expect(incidents.every((i) => i.labels.some((l) => typeof l !== 'string' && l.name === 'incident'))).toBe(true);
    const someone = repo.issues.find((i) => i.assignees.length)!.assignees[0];
    const assigned = await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner: 'acme',
      repo: 'api',
      state: 'all',
      assignee: someone,
    });
    expect(assigned.length).toBe(repo.issues.filter((i) => i.assignees.includes(someone)).length);
    const since = SANDBOX_EPOCH - 30 * 86_400_000;
    const recent = await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner: 'acme',
      repo: 'api',
      state: 'all',
      since: iso(since),
    });
    expect(recent.length).toBe(repo.issues.filter((i) => i.updatedAt >= since).length);
  });

  it('filters workflow runs by status and created range, deployments by environment', async () => {
    const repo = repoOf(acme, 'acme/web')!;
    const october = await octokit.paginate(octokit.rest.actions.listWorkflowRunsForRepo, {
      owner: 'acme',
      repo: 'web',
      created: '2026-10-01..2026-10-31',
      status: 'failure',
    });
    const expected = repo.runs.filter(
      (r) => r.conclusion === 'failure' && r.createdAt >= Date.UTC(2026, 9, 1) && r.createdAt < Date.UTC(2026, 10, 1),
    );
    expect(october.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
    const since = await octokit.rest.actions.listWorkflowRunsForRepo({
      owner: 'acme',
      repo: 'web',
      created: '>=2026-10-15',
      per_page: 1,
    });
    expect(since.data.total_count).toBe(repo.runs.filter((r) => r.createdAt >= Date.UTC(2026, 9, 15)).length);
    const production = await octokit.paginate(octokit.rest.repos.listDeployments, {
      owner: 'acme',
      repo: 'web',
      environment: 'production',
    });
    expect(production.map((d) => d.id)).toEqual(
      deploymentsIn(repo, 'production')
        .map((d) => d.id)
        .reverse(),
    );
  });

  it('lists pull requests as simple items and filters by head and base', async () => {
    const repo = repoOf(acme, 'acme/api')!;
    const open = pullsOf(repo).find((p) => p.state === 'open')!;
    const list = await octokit.rest.pulls.list({
      owner: 'acme',
      repo: 'api',
      head: `acme:${open.pull.headRef}`,
      base: 'main',
    });
    expect(list.data.map((p) => p.number)).toEqual([open.number]);
    expect(list.data[0]).not.toHaveProperty('additions');
    const full = await octokit.rest.pulls.get({ owner: 'acme', repo: 'api', pull_number: open.number });
    expect(full.data.additions).toBe(open.pull.additions);
  });
});

describe('state machines', () => {
  it('closes and reopens an issue', async () => {
    const created = await octokit.rest.issues.create({
      owner: 'acme',
      repo: 'web',
      title: 'Checkout button is grey',
      labels: ['bug'],
    });
    expect(created.status).toBe(201);
    const issue_number = created.data.number;
    expect(created.data.number).toBe(
      Math.max(
        ...repoOf(acme, 'acme/web')!
          .issues.filter((i) => i.number !== issue_number)
          .map((i) => i.number),
      ) + 1,
    );
    const closed = await octokit.rest.issues.update({
      owner: 'acme',
      repo: 'web',
      issue_number,
      state: 'closed',
      state_reason: 'not_planned',
    });
    expect(closed.data).toMatchObject({
      state: 'closed',
      state_reason: 'not_planned',
      closed_by: { login: acme.viewer },
    });
    expect(closed.data.closed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const reopened = await octokit.rest.issues.update({ owner: 'acme', repo: 'web', issue_number, state: 'open' });
    expect(reopened.data).toMatchObject({ state: 'open', state_reason: 'reopened', closed_at: null });
    const fetched = await octokit.rest.issues.get({ owner: 'acme', repo: 'web', issue_number });
    expect(fetched.data.state).toBe('open');
    const events = await octokit.rest.issues.listEventsForRepo({ owner: 'acme', repo: 'web', per_page: 3 });
    expect(events.data.map((e) => e.event)).toEqual(['reopened', 'closed', 'labeled']);
    const invalid = await failure(
      octokit.rest.issues.update({ owner: 'acme', repo: 'web', issue_number, state: 'done' as 'open' }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.data).toMatchObject({
      message: 'Validation Failed',
      errors: [{ resource: 'Issue', field: 'state', code: 'invalid' }],
    });
  });

  it('adds and removes labels, comments, and rejects bad input', async () => {
    const issue = plainIssuesOf(repoOf(acme, 'acme/mobile')!)[0];
    const before = issue.labels.length;
    const labels = await octokit.rest.issues.addLabels({
      owner: 'acme',
      repo: 'mobile',
      issue_number: issue.number,
      labels: ['priority: high', 'needs-triage'],
    });
    expect(labels.data.map((l) => l.name)).toEqual(expect.arrayContaining(['priority: high', 'needs-triage']));
    expect(labels.data).toHaveLength(new Set([...issueOf(repoOf(acme, 'acme/mobile')!, issue.number)!.labels]).size);
    const removed = await octokit.rest.issues.removeLabel({
      owner: 'acme',
      repo: 'mobile',
      issue_number: issue.number,
      name: 'needs-triage',
    });
    expect(removed.data.map((l) => l.name)).not.toContain('needs-triage');
    const absent = await failure(
      octokit.rest.issues.removeLabel({
        owner: 'acme',
        repo: 'mobile',
        issue_number: issue.number,
        name: 'needs-triage',
      }),
    );
    expect(absent.status).toBe(404);
    expect(absent.data.message).toBe('Label does not exist');
    expect(issueOf(repoOf(acme, 'acme/mobile')!, issue.number)!.labels.length).toBeGreaterThan(before - 1);
    const comment = await octokit.rest.issues.createComment({
      owner: 'acme',
      repo: 'mobile',
      issue_number: issue.number,
      body: 'On it',
    });
    expect(comment.status).toBe(201);
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
      owner: 'acme',
      repo: 'mobile',
      issue_number: issue.number,
    });
    expect(comments.at(-1)!.body).toBe('On it');
    expect((await failure(octokit.rest.issues.create({ owner: 'acme', repo: 'mobile', title: '' }))).status).toBe(422);
    expect(
      (
        await failure(
          octokit.rest.issues.create({ owner: 'acme', repo: 'mobile', title: 'x', assignees: ['nobody-here'] }),
        )
      ).status,
    ).toBe(422);
    expect(
      (await failure(octokit.rest.issues.get({ owner: 'acme', repo: 'mobile', issue_number: 99_999 }))).status,
    ).toBe(404);
  });

  it('creates a branch once, commits a file, opens a pull request and merges it once', async () => {
    const main = await octokit.rest.git.getRef({ owner: 'acme', repo: 'api', ref: 'heads/main' });
    const sha = main.data.object.sha;
    expect(
      (await octokit.rest.git.createRef({ owner: 'acme', repo: 'api', ref: 'refs/heads/feature/retry', sha })).status,
    ).toBe(201);
    const again = await failure(
      octokit.rest.git.createRef({ owner: 'acme', repo: 'api', ref: 'refs/heads/feature/retry', sha }),
    );
    expect(again.status).toBe(422);
    expect(again.data.message).toBe('Reference already exists');
    expect(
      (
        await failure(
          octokit.rest.git.createRef({ owner: 'acme', repo: 'api', ref: 'refs/heads/other', sha: 'f'.repeat(40) }),
        )
      ).data.message,
    ).toBe('Object does not exist');

    const noCommits = await failure(
      octokit.rest.pulls.create({ owner: 'acme', repo: 'api', title: 'Empty', head: 'feature/retry', base: 'main' }),
    );
    expect(noCommits.status).toBe(422);
    const content = Buffer.from('package retry\n').toString('base64');
    const put = await octokit.rest.repos.createOrUpdateFileContents({
      owner: 'acme',
      repo: 'api',
      path: 'internal/retry/retry.go',
      message: 'Add retry',
      content,
      branch: 'feature/retry',
    });
    expect(put.status).toBe(201);
    const file = await octokit.rest.repos.getContent({
      owner: 'acme',
      repo: 'api',
      path: 'internal/retry/retry.go',
      ref: 'feature/retry',
    });
    expect(Buffer.from((file.data as { content: string }).content, 'base64').toString()).toBe('package retry\n');
    expect(
      (await failure(octokit.rest.repos.getContent({ owner: 'acme', repo: 'api', path: 'internal/retry/retry.go' })))
        .status,
    ).toBe(404);
    const noSha = await failure(
      octokit.rest.repos.createOrUpdateFileContents({
        owner: 'acme',
        repo: 'api',
        path: 'internal/retry/retry.go',
        message: 'Edit',
        content,
        branch: 'feature/retry',
      }),
    );
    expect(noSha.status).toBe(422);
    expect(noSha.data.message).toContain('"sha" wasn\'t supplied');

    const missingHead = await failure(
      octokit.rest.pulls.create({ owner: 'acme', repo: 'api', title: 'x', head: 'no-such-branch', base: 'main' }),
    );
    expect(missingHead.status).toBe(422);
    expect(missingHead.data).toMatchObject({
      message: 'Validation Failed',
      errors: [{ resource: 'PullRequest', field: 'head', code: 'invalid' }],
    });
    const pr = await octokit.rest.pulls.create({
      owner: 'acme',
      repo: 'api',
      title: 'Add retry',
      head: 'feature/retry',
      base: 'main',
    });
    expect(pr.status).toBe(201);
    expect(pr.data).toMatchObject({
      state: 'open',
      merged: false,
      commits: 1,
      changed_files: 1,
      additions: 1,
      head: { ref: 'feature/retry', sha: put.data.commit.sha },
    });
    const duplicate = await failure(
      octokit.rest.pulls.create({
        owner: 'acme',
        repo: 'api',
        title: 'Again',
        head: 'acme:feature/retry',
        base: 'main',
      }),
    );
    expect(duplicate.status).toBe(422);
    expect(JSON.stringify(duplicate.data.errors)).toContain('A pull request already exists for acme:feature/retry.');

    const stale = await failure(
      octokit.rest.pulls.merge({ owner: 'acme', repo: 'api', pull_number: pr.data.number, sha: sha }),
    );
    expect(stale.status).toBe(409);
    const merged = await octokit.rest.pulls.merge({
      owner: 'acme',
      repo: 'api',
      pull_number: pr.data.number,
      merge_method: 'merge',
      sha: put.data.commit.sha!,
    });
    expect(merged.data).toMatchObject({ merged: true, message: 'Pull Request successfully merged' });
    const newMain = await octokit.rest.git.getRef({ owner: 'acme', repo: 'api', ref: 'heads/main' });
    expect(newMain.data.object.sha).toBe(merged.data.sha);
    const commit = await octokit.rest.repos.getCommit({ owner: 'acme', repo: 'api', ref: merged.data.sha });
    expect(commit.data.parents.map((p) => p.sha)).toEqual([sha, put.data.commit.sha]);
    const after = await octokit.rest.pulls.get({ owner: 'acme', repo: 'api', pull_number: pr.data.number });
    expect(after.data).toMatchObject({
      state: 'closed',
      merged: true,
      merge_commit_sha: merged.data.sha,
      merged_by: { login: acme.viewer },
    });
    const twice = await failure(octokit.rest.pulls.merge({ owner: 'acme', repo: 'api', pull_number: pr.data.number }));
    expect(twice.status).toBe(405);
    expect(twice.data.message).toBe('Pull Request is not mergeable');
    expect(
      (await failure(octokit.rest.git.getRef({ owner: 'acme', repo: 'api', ref: 'heads/feature/retry' }))).status,
    ).toBe(404);
  });

  it('refuses to merge drafts and conflicting pull requests', async () => {
    for (const repo of acme.repos) {
      for (const pr of pullsOf(repo).filter((p) => p.state === 'open' && (p.pull.draft || !p.pull.mergeable))) {
        const res = await failure(
          octokit.rest.pulls.merge({ owner: repo.owner, repo: repo.name, pull_number: pr.number }),
        );
        expect(res.status).toBe(405);
      }
    }
    expect(acme.repos.some((r) => pullsOf(r).some((p) => p.state === 'open' && p.pull.draft))).toBe(true);
  });

  it('persists changes for the life of the sandbox only', async () => {
    const other = await startSandbox({}, GITHUB);
    try {
      const fresh = other.state<GithubState>('/github', 'acme');
      expect(repoOf(fresh, 'acme/api')!.branches.some((b) => b.name === 'feature/retry')).toBe(false);
      expect(repoOf(acme, 'acme/api')!.issues.length).toBeGreaterThan(repoOf(fresh, 'acme/api')!.issues.length);
    } finally {
      await other.close();
    }
  });
});

describe('seed', () => {
  it('is deterministic for a seed and differs between seeds', async () => {
    const [a, b, c] = await Promise.all([
      startSandbox({ seed: 7 }, GITHUB),
      startSandbox({ seed: 7 }, GITHUB),
      startSandbox({ seed: 8 }, GITHUB),
    ]);
    try {
      for (const ws of ['acme', 'globex'] as const) {
        expect(a.state<GithubState>('/github', ws)).toEqual(b.state<GithubState>('/github', ws));
      }
      const normalize = (sb: Sandbox, body: unknown): string => JSON.stringify(body).split(sb.url).join('ORIGIN');
      const fetchIssues = async (sb: Sandbox): Promise<string> => {
        const res = await fetch(`${sb.urlOf('/github')}/repos/acme/web/issues?state=all&per_page=100`, {
          headers: { authorization: `token ${SANDBOX_CREDENTIALS.acme.github.token}` },
        });
        return normalize(sb, await res.json());
      };
      expect(await fetchIssues(a)).toBe(await fetchIssues(b));
      expect(await fetchIssues(a)).not.toBe(await fetchIssues(c));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('seeds ids from the workspace idBase, ISO timestamps without millis, and six months of history', async () => {
    const globex = sandbox.state<GithubState>('/github', 'globex');
    const ids = (s: GithubState): number[] =>
      s.repos.flatMap((r) => [
        r.id,
        ...r.issues.map((i) => i.id),
        ...r.runs.map((x) => x.id),
        ...r.deployments.map((d) => d.id),
      ]);
    const acmeIds = new Set(ids(acme));
    expect(ids(globex).some((id) => acmeIds.has(id))).toBe(false);
    expect(acme.repos.filter((r) => r.owner === 'acme').map((r) => r.name)).toEqual([
      'web',
      'api',
      'mobile',
      'infra',
      'design-system',
      'docs',
    ]);
    expect(globex.repos.filter((r) => r.owner === 'globex').map((r) => r.name)).toEqual([
      'platform',
      'billing',
      'data-pipeline',
      'handbook',
    ]);
    const res = await octokit.rest.pulls.list({
      owner: 'acme',
      repo: 'web',
      state: 'closed',
      per_page: 1,
      direction: 'asc',
    });
    expect(res.data[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Date.parse(res.data[0].created_at)).toBeGreaterThanOrEqual(SANDBOX_EPOCH - 181 * 86_400_000);
  });

  it('has the facts engineering metrics need', () => {
    for (const repo of acme.repos.filter((r) => r.owner === 'acme')) {
      const merged = pullsOf(repo).filter((p) => p.pull.merged && p.createdAt < SANDBOX_EPOCH);
      expect(merged.length, repo.name).toBeGreaterThan(3);
      for (const pr of merged) {
        const first = repo.commits.get(pr.pull.commitShas[0])!;
        expect(first.author.date).toBeLessThanOrEqual(pr.createdAt);
        expect(pr.pull.mergedAt!).toBeGreaterThan(pr.createdAt);
        expect(repo.commits.has(pr.pull.mergeCommitSha!)).toBe(true);
        for (const review of pr.pull.reviews) expect(review.submittedAt).toBeLessThanOrEqual(pr.pull.mergedAt!);
      }
      expect(merged.some((p) => p.pull.reviews.some((r) => r.state === 'APPROVED'))).toBe(true);
    }
    const api = repoOf(acme, 'acme/api')!;
    const prod = deploymentsIn(api, 'production');
    expect(prod.length).toBeGreaterThan(3);
    expect(prod.every((d) => api.commits.has(d.sha))).toBe(true);
    const all = acme.repos.flatMap((r) => deploymentsIn(r, 'production'));
    expect(all.some((d) => deploymentOutcome(d) === 'failure' || deploymentOutcome(d) === 'error')).toBe(true);
    const incidents = acme.repos.flatMap((r) => r.issues.filter((i) => i.labels.includes('incident')));
    expect(incidents.length).toBe(all.filter((d) => ['failure', 'error'].includes(deploymentOutcome(d))).length);
    expect(incidents.filter((i) => i.closedAt !== null).every((i) => i.closedAt! > i.createdAt)).toBe(true);
    expect(acme.repos.some((r) => r.releases.length > 3)).toBe(true);
    expect(acme.repos.some((r) => r.runs.some((x) => x.conclusion === 'failure'))).toBe(true);
  });
});

describe('fault injection', () => {
  it('answers an injected 502 once, then recovers', async () => {
    sandbox.faults.add({ prefix: '/github', status: 502, times: 1 });
    const res = await failure(octokit.rest.repos.get({ owner: 'acme', repo: 'api' }));
    expect(res.status).toBe(502);
    expect((await octokit.rest.repos.get({ owner: 'acme', repo: 'api' })).status).toBe(200);
  });

  it("answers an injected expired token with GitHub's 401 body", async () => {
    sandbox.faults.add({ prefix: '/github', path: '/user', expiredToken: true, times: 1 });
    const res = await failure(octokit.rest.users.getAuthenticated());
    expect(res.status).toBe(401);
    expect(res.data.message).toBe('Bad credentials');
  });
});
