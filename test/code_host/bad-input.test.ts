import { describe, expect, it } from 'vitest';
import { plainIssuesOf, repoOf, type GithubState } from '../../src/sandbox/github/index.js';
import { useServerSession } from '../helpers/mcp-session.js';
import { call } from '../helpers/server.js';

const session = useServerSession();

const execute = (tool: string, args: unknown) =>
  call(session.server, 'POST', '/mcp/code_host/execute', { token: session.token, body: { tool, arguments: args } });

describe('bad input gets a clear 4xx and changes nothing', () => {
  it('an invalid update leaves the issue exactly as it was', async () => {
    const state = session.server.sandbox.state<GithubState>('/github', 'acme');
    const issue = plainIssuesOf(repoOf(state, 'acme/api')!).find((i) => i.state === 'open')!;
    const before = (await execute('get_issue', { repo_id: 'acme/api', issue_number: issue.number })).body.data;
    const attempts = [
      { repo_id: 'acme/api', issue_number: issue.number, state: 'archived' },
      { repo_id: 'acme/api', issue_number: issue.number, title: '' },
      { repo_id: 'acme/api', issue_number: issue.number, title: 'x'.repeat(100_000) },
      { repo_id: 'acme/api', issue_number: -1, state: 'closed' },
      { repo_id: 'acme/api', issue_number: issue.number, labels: 'bug' },
      { repo_id: 'acme/api', issue_number: '12; DROP TABLE', state: 'closed' },
    ];
    for (const args of attempts) {
      const response = await execute('update_issue', args);
      expect(response.status, JSON.stringify(args).slice(0, 80)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.message.length).toBeGreaterThan(10);
    }
    const after = (await execute('get_issue', { repo_id: 'acme/api', issue_number: issue.number })).body.data;
    expect(after).toEqual(before);
  });

  it('a create refused upstream creates nothing, and the count of issues is unchanged', async () => {
    const count = async () =>
      (await execute('get_issues', { repo_id: 'acme/web', state: 'all', limit: 100 })).body.data.pagination.total;
    const before = await count();
    const refused = await execute('create_issue', { repo_id: 'acme/does-not-exist', title: 'Lost?' });
    expect(refused.status).toBe(404);
    const invalid = await execute('create_issue', { repo_id: 'acme/web', title: '', body: 'no title' });
    expect(invalid.status).toBe(400);
    expect(await count()).toBe(before);
  });
});
