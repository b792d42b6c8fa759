import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestServer } from '../helpers/server.js';
import { codeHostServer, type Runner } from './helpers.js';

let server: TestServer;
let run: Runner;

beforeAll(async () => {
  ({ server, run } = await codeHostServer());
});
afterAll(async () => server?.close());
afterEach(() => {
  server.sandbox.faults.clear();
  server.sandbox.faults.clearLog();
});

const faults = () => server.sandbox.faults;

describe('upstream failures and retries (real Octokit against the sandbox)', () => {
  it('a create that meets a 502 is never sent twice and fails with 502', async () => {
    faults().clearLog();
    faults().add({ prefix: '/github', method: 'POST', path: '/issues', status: 502, times: 1 });
    await expect(run('create_issue', { repo_id: 'acme/api', title: 'Must not be duplicated' })).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      status: 502,
    });
    expect(faults().count('POST', '/issues')).toBe(1);
  });

  it('the same failure over REST answers 502 with the error body', async () => {
    faults().add({ prefix: '/github', method: 'POST', path: '/issues', status: 502, times: 1 });
    const token = await server.tokenFor('acme');
    const response = await call(server, 'POST', '/mcp/code_host/execute', {
      token,
      body: { tool: 'create_issue', arguments: { repo_id: 'acme/api', title: 'x' } },
    });
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ success: false, error: { code: 'UPSTREAM_ERROR' } });
    expect(faults().count('POST', '/issues')).toBe(1);
  });

  it('a GET that meets one 502 succeeds after a retry', async () => {
    faults().add({ prefix: '/github', method: 'GET', path: '/repos/acme/api', status: 502, times: 1 });
    const repo = await run('get_repository', { repo_id: 'acme/api' });
    expect(repo.full_name).toBe('acme/api');
    expect(
      faults()
        .log.filter((r) => r.method === 'GET' && r.path === '/github/repos/acme/api')
        .map((r) => r.status),
    ).toEqual([502, 200]);
  });

  it('a GET that meets a secondary rate limit (403 with Retry-After: 1) is retried', async () => {
    faults().add({
      prefix: '/github',
      method: 'GET',
      path: '/repos/acme/web/issues',
      status: 403,
      retryAfter: 1,
      times: 1,
    });
    const issues = await run('get_issues', { repo_id: 'acme/web' });
    expect(issues.count).toBeGreaterThan(0);
    expect(
      faults()
        .log.filter((r) => r.path === '/github/repos/acme/web/issues')
        .map((r) => r.status),
    ).toEqual([403, 200]);
  });

  it('an idempotent update is retried after a 502; a create meeting a rate limit is not, and says when to come back', async () => {
    const { number } = await run('create_issue', { repo_id: 'acme/api', title: 'Retry me' });
    faults().clearLog();
    faults().add({ prefix: '/github', method: 'PATCH', path: `/issues/${number}`, status: 502, times: 1 });
    expect(await run('update_issue', { repo_id: 'acme/api', issue_number: number, state: 'closed' })).toMatchObject({
      state: 'closed',
    });
    expect(faults().count('PATCH', `/issues/${number}`)).toBe(2);
    faults().add({ prefix: '/github', method: 'POST', path: '/issues', status: 403, retryAfter: 1, times: 1 });
    faults().clearLog();
    await expect(run('create_issue', { repo_id: 'acme/api', title: 'Rate limited' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfter: 1,
    });
    expect(faults().count('POST', '/issues')).toBe(1);
  });

  it('a fan-out names the repository that failed and still answers for the others', async () => {
    faults().add({ prefix: '/github', method: 'GET', path: '/repos/acme/mobile/issues', status: 500 });
    const result = await run('get_issues', { limit: 5 });
    expect(result.failed_sources).toEqual([
      { resource: 'acme/mobile', error: { code: 'UPSTREAM_ERROR', message: expect.any(String) } },
    ]);
    expect(result.repositories_covered).toBeGreaterThan(0);
    expect(result.issues.every((i: { repo: string }) => i.repo !== 'acme/mobile')).toBe(true);
  });
});
