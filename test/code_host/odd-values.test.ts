import { afterEach, describe, expect, it } from 'vitest';
import { useServerSession } from '../helpers/mcp-session.js';
import { call } from '../helpers/server.js';

/** No 500 from bad values or odd upstream answers: a clear 400 for the first, a 502 for the second. */
const session = useServerSession();
afterEach(() => {
  session.server.sandbox.faults.clear();
  session.server.sandbox.faults.clearLog();
});

const execute = (tool: string, args: unknown) =>
  call(session.server, 'POST', '/mcp/code_host/execute', {
    token: session.token,
    rawBody: JSON.stringify({ tool, arguments: args }),
  });

describe('values no upstream can carry', () => {
  const BAD: Array<[string, Record<string, unknown>, string]> = [
    ['create_branch', { repo_id: 'acme/api', branch_name: 'fix-\uD800' }, 'lone surrogate'],
    ['create_branch', { repo_id: 'acme/api', branch_name: 'fix\u0000login' }, 'control character'],
    [
      'create_or_update_file',
      { repo_id: 'acme/api', path: 'docs/\uDC00.md', content: 'x', message: 'm' },
      'lone surrogate',
    ],
    ['remove_issue_labels', { repo_id: 'acme/api', issue_number: 1, labels: ['bug\u0000'] }, 'control character'],
  ];

  it('answer 400 naming the argument over REST, and nothing reaches the upstream', async () => {
    for (const [tool, args, problem] of BAD) {
      const response = await execute(tool, args);
      expect(response.status, tool).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.message).toContain(problem);
      expect(response.body.error.message).toMatch(/arguments\.(branch_name|path|labels)/);
    }
    expect(session.server.sandbox.faults.log.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('answer an isError result over MCP', async () => {
    for (const [tool, args, problem] of BAD) {
      const result = await session.client.callTool({ name: `code_host_${tool}`, arguments: args });
      expect(result.isError, tool).toBe(true);
      expect(JSON.stringify(result.content)).toContain(problem);
    }
  });
});

describe('an upstream list that answers an object', () => {
  it('is a 502 naming the request over REST and MCP, not a crash', async () => {
    session.server.sandbox.faults.add({
      prefix: '/github',
      method: 'GET',
      path: '/repos/acme/api/issues',
      status: 200,
      body: { message: 'not a list' },
    });
    const response = await execute('get_issues', { repo_id: 'acme/api' });
    expect(response.status).toBe(502);
    expect(response.body.error).toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: expect.stringContaining(
        'GitHub answered an object where a list was expected for GET /github/repos/acme/api/issues',
      ),
    });
    const result = await session.client.callTool({ name: 'code_host_get_issues', arguments: { repo_id: 'acme/api' } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('UPSTREAM_ERROR');
  });

  it('in a fan-out, names the repository that answered oddly and keeps the others', async () => {
    session.server.sandbox.faults.add({
      prefix: '/github',
      method: 'GET',
      path: '/repos/acme/api/contributors',
      status: 200,
      body: {},
    });
    const response = await execute('get_contributors', {});
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      partial: true,
      failed_sources: [{ resource: 'acme/api', error: { code: 'UPSTREAM_ERROR' } }],
    });
    expect(response.body.data.contributors.length).toBeGreaterThan(0);
  });
});
