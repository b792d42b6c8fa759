import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchOf, issueOf, pullsOf, repoOf, type GithubState } from '../../src/sandbox/github/index.js';
import type { ManualClock } from '../helpers/clock.js';
import { call, type TestServer } from '../helpers/server.js';
import { codeHostServer, type Runner } from './helpers.js';

let server: TestServer;
let acme: GithubState;
let run: Runner;
let clock: ManualClock;

beforeAll(async () => {
  ({ server, acme, run, clock } = await codeHostServer());
});
afterAll(async () => server?.close());

const DAY = 86_400_000;
const key = (pr: { repo: string; number: number }) => `${pr.repo}#${pr.number}`;

describe('get_pull_requests', () => {
  it('open pull requests of a repository, with size, mergeability and reviews fetched per pull request', async () => {
    const repo = repoOf(acme, 'acme/web')!;
    const expected = pullsOf(repo)
      .filter((p) => p.state === 'open')
      .sort((a, b) => b.updatedAt - a.updatedAt);
    const result = await run('get_pull_requests', { repo_id: 'acme/web', limit: 100 });
    expect(result.pull_requests.map((p: { number: number }) => p.number)).toEqual(expected.map((p) => p.number));
    for (const pr of result.pull_requests) {
      const record = expected.find((p) => p.number === pr.number)!;
      expect(pr).toMatchObject({
        id: record.pull.id,
        title: record.title,
        state: 'open',
        draft: record.pull.draft,
        user: { login: record.user },
        head: { ref: record.pull.headRef, sha: record.pull.headSha },
        base: { ref: 'main' },
        additions: record.pull.additions,
        deletions: record.pull.deletions,
        changed_files: record.pull.changedFiles,
        mergeable: record.pull.mergeable,
      });
      expect(pr.reviews).toEqual(
        record.pull.reviews.map((r) => ({
          user: expect.objectContaining({ login: r.user }),
          state: r.state,
          submitted_at: new Date(r.submittedAt).toISOString().replace('.000', ''),
        })),
      );
    }
  });

  it('merged: closed with a merge, newest update first; closed includes the unmerged ones', async () => {
    const repo = repoOf(acme, 'acme/api')!;
    const merged = pullsOf(repo)
      .filter((p) => p.pull.merged)
      .sort((a, b) => b.updatedAt - a.updatedAt);
    const result = await run('get_pull_requests', { repo_id: 'acme/api', state: 'merged', limit: 5 });
    expect(result.pull_requests.map((p: { number: number }) => p.number)).toEqual(
      merged.slice(0, 5).map((p) => p.number),
    );
    expect(
      result.pull_requests.every((p: { merged: boolean; merged_at: string | null }) => p.merged && p.merged_at),
    ).toBe(true);
    expect(result.pagination.has_more).toBe(merged.length > 5);
    const closed = await run('get_pull_requests', { repo_id: 'acme/api', state: 'closed', limit: 100 });
    expect(closed.count).toBe(pullsOf(repo).filter((p) => p.state === 'closed').length);
    expect(closed.pull_requests.some((p: { merged: boolean }) => !p.merged)).toBe(true);
  });

  it('fans out over every repository and details only the page returned', async () => {
    const all = acme.repos.flatMap((r) =>
      pullsOf(r)
        .filter((p) => p.state === 'open')
        .map((p) => ({ repo: r.fullName, number: p.number, updatedAt: p.updatedAt })),
    );
    all.sort((a, b) => b.updatedAt - a.updatedAt);
    server.sandbox.faults.clearLog();
    const result = await run('get_pull_requests', { limit: 3 });
    expect(result.repositories_covered).toBe(acme.repos.length);
    expect(result.pull_requests.map(key)).toEqual(all.slice(0, 3).map(key));
    const detailCalls = server.sandbox.faults.log.filter((r) => /\/pulls\/\d+$/.test(r.path)).length;
    expect(detailCalls).toBe(3);
    expect(result.pull_requests.every((p: { additions: number | null }) => typeof p.additions === 'number')).toBe(true);
  });
});

describe('get_stale_prs', () => {
  it('open pull requests without an update for days_threshold days, most stale first', async () => {
    for (const threshold of [7, 30]) {
      const now = clock.now();
      const expected = acme.repos
        .flatMap((r) =>
          pullsOf(r)
            .filter((p) => p.state === 'open' && p.updatedAt <= now - threshold * DAY)
            .map((p) => ({ repo: r.fullName, number: p.number, days: Math.floor((now - p.updatedAt) / DAY) })),
        )
        .sort((a, b) => b.days - a.days || a.repo.localeCompare(b.repo) || a.number - b.number);
      const result = await run(
        'get_stale_prs',
        threshold === 7 ? { limit: 100 } : { days_threshold: threshold, limit: 100 },
      );
      expect(result.threshold_days).toBe(threshold);
      expect(
        result.stale_prs.map((p: { repo: string; number: number; days_stale: number }) => [key(p), p.days_stale]),
      ).toEqual(expected.map((p) => [key(p), p.days]));
      expect(
        Object.keys(
          result.stale_prs[0] ?? {
            number: 1,
            title: '',
            user: null,
            created_at: '',
            updated_at: '',
            days_stale: 0,
            repo: '',
          },
        ),
      ).toEqual(expect.arrayContaining(['number', 'title', 'user', 'created_at', 'updated_at', 'days_stale', 'repo']));
    }
    expect((await run('get_stale_prs', { limit: 100 })).count).toBeGreaterThan(0);
  });
});

describe('branches, files, pull requests and merges', () => {
  it('create_branch from main returns {ref, sha, url}; a second create is refused and sent once', async () => {
    const main = branchOf(repoOf(acme, 'acme/docs')!, 'main')!;
    const branch = await run('create_branch', { repo_id: 'acme/docs', branch_name: 'docs/quickstart' });
    expect(branch).toMatchObject({
      ref: 'refs/heads/docs/quickstart',
      sha: main.sha,
      url: expect.stringContaining('/git/refs/heads/docs/quickstart'),
    });
    expect(branchOf(repoOf(acme, 'acme/docs')!, 'docs/quickstart')!.sha).toBe(main.sha);
    server.sandbox.faults.clearLog();
    await expect(run('create_branch', { repo_id: 'acme/docs', branch_name: 'docs/quickstart' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(server.sandbox.faults.count('POST', '/git/refs')).toBe(1);
    await expect(run('create_branch', { repo_id: 'acme/docs', branch_name: 'bad..name' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  // Each test works on a branch of its own: they pass in any order.
  it('create_or_update_file creates, updates with the current sha, and skips an identical write', async () => {
    await run('create_branch', { repo_id: 'acme/docs', branch_name: 'docs/install' });
    const write = (content: string, message: string) =>
      run('create_or_update_file', {
        repo_id: 'acme/docs',
        path: 'docs/install.md',
        content,
        message,
        branch: 'docs/install',
      });
    const created = await write('# Install\n', 'Add install guide');
    expect(created).toMatchObject({
      path: 'docs/install.md',
      created: true,
      unchanged: false,
      commit: { message: 'Add install guide' },
    });
    const updated = await write('# Install\n\nRun the installer.\n', 'Expand install guide');
    expect(updated).toMatchObject({ created: false, unchanged: false });
    expect(updated.sha).not.toBe(created.sha);
    const head = branchOf(repoOf(acme, 'acme/docs')!, 'docs/install')!.sha;
    expect(updated.commit.sha).toBe(head);
    expect(repoOf(acme, 'acme/docs')!.commits.get(head)!.tree.get('docs/install.md')!.content).toBe(
      '# Install\n\nRun the installer.\n',
    );
    server.sandbox.faults.clearLog();
    const same = await write('# Install\n\nRun the installer.\n', 'Noop');
    expect(same).toMatchObject({ unchanged: true, commit: null, sha: updated.sha });
    expect(server.sandbox.faults.count('PUT', '/contents/')).toBe(0);
    await expect(
      run('create_or_update_file', { repo_id: 'acme/docs', path: '../escape.md', content: 'x', message: 'x' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('create_pull_request then merge_pull_request (idempotent: a second merge reports already_merged)', async () => {
    await run('create_branch', { repo_id: 'acme/docs', branch_name: 'docs/faq' });
    await run('create_or_update_file', {
      repo_id: 'acme/docs',
      path: 'docs/faq.md',
      content: '# FAQ\n',
      message: 'Add FAQ',
      branch: 'docs/faq',
    });
    const pr = await run('create_pull_request', {
      repo_id: 'acme/docs',
      title: 'Add a FAQ',
      head: 'docs/faq',
      body: 'New page',
    });
    expect(pr).toMatchObject({
      state: 'open',
      draft: false,
      merged: false,
      head: { ref: 'docs/faq' },
      base: { ref: 'main' },
      html_url: expect.stringMatching(/\/pull\/\d+$/),
    });
    const merged = await run('merge_pull_request', {
      repo_id: 'acme/docs',
      pr_number: pr.number,
      merge_method: 'squash',
    });
    expect(merged).toMatchObject({ merged: true, already_merged: false, sha: expect.stringMatching(/^[0-9a-f]{40}$/) });
    const record = issueOf(repoOf(acme, 'acme/docs')!, pr.number)!;
    expect(record.pull).toMatchObject({ merged: true, mergeCommitSha: merged.sha });
    expect(branchOf(repoOf(acme, 'acme/docs')!, 'main')!.sha).toBe(merged.sha);
    expect(await run('merge_pull_request', { repo_id: 'acme/docs', pr_number: pr.number })).toMatchObject({
      merged: true,
      already_merged: true,
      sha: merged.sha,
    });
  });

  it('merge_pull_request refuses closed, draft and conflicting pull requests with CONFLICT', async () => {
    const repo = repoOf(acme, 'acme/web')!;
    const closed = pullsOf(repo).find((p) => p.state === 'closed' && !p.pull.merged)!;
    await expect(run('merge_pull_request', { repo_id: 'acme/web', pr_number: closed.number })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const draft = acme.repos.flatMap((r) =>
      pullsOf(r)
        .filter((p) => p.state === 'open' && p.pull.draft)
        .map((p) => ({ repo: r.fullName, number: p.number })),
    )[0];
    if (draft)
      await expect(run('merge_pull_request', { repo_id: draft.repo, pr_number: draft.number })).rejects.toMatchObject({
        code: 'CONFLICT',
      });
  });
});

describe('the pull request lifecycle over REST and MCP', () => {
  it('open over REST, merge over MCP, then listed as merged', async () => {
    const token = await server.tokenFor('acme');
    const execute = (tool: string, args: Record<string, unknown>) =>
      call(server, 'POST', '/mcp/code_host/execute', { token, body: { tool, arguments: args } });
    expect((await execute('create_branch', { repo_id: 'acme/infra', branch_name: 'alerting-tweak' })).status).toBe(200);
    const file = await execute('create_or_update_file', {
      repo_id: 'acme/infra',
      path: 'alerts.tf',
      content: 'resource "x" "y" {}\n',
      message: 'Tune alerts',
      branch: 'alerting-tweak',
    });
    expect(file.body.data).toMatchObject({ created: true, _capability: { type: 'action' } });
    const opened = await execute('create_pull_request', {
      repo_id: 'acme/infra',
      title: 'Tune alerts',
      head: 'alerting-tweak',
    });
    expect(opened.body.data).toMatchObject({ state: 'open', merged: false });
    const number = opened.body.data.number;
    const open = await execute('get_pull_requests', { repo_id: 'acme/infra', state: 'open', limit: 100 });
    expect(open.body.data.pull_requests.map((p: { number: number }) => p.number)).toContain(number);

    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': token } },
      }),
    );
    try {
      const merged = await client.callTool({
        name: 'code_host_merge_pull_request',
        arguments: { repo_id: 'acme/infra', pr_number: number },
      });
      expect(merged.structuredContent).toMatchObject({ merged: true });
      const listed = await client.callTool({
        name: 'code_host_get_pull_requests',
        arguments: { repo_id: 'acme/infra', state: 'merged', limit: 1 },
      });
      expect(listed.structuredContent).toMatchObject({ pull_requests: [{ number, state: 'closed', merged: true }] });
    } finally {
      await client.close();
    }
  });
});
