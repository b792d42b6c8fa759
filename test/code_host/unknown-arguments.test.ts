import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { pullsOf, repoOf, type GithubState } from '../../src/sandbox/github/index.js';
import { useServerSession } from '../helpers/mcp-session.js';
import { call } from '../helpers/server.js';

// A misspelt argument used to be dropped silently: `get_issues {repo}` fanned out over every repository
// and `merge_pull_request {merge_methd}` merged with the default method. Both are refused now, before
// anything reaches the upstream.

const session = useServerSession();

const ISSUES_MESSAGE = 'Unknown argument "repo" for get_issues; did you mean "repo_id"?';
const MERGE_MESSAGE = 'Unknown argument "merge_methd" for merge_pull_request; did you mean "merge_method"?';

/** An open pull request the sandbox would merge, and a way to read its state. */
function mergeablePull(): { repo: string; number: number; merged: () => boolean } {
  const acme = session.server.sandbox.state<GithubState>('/github', 'acme');
  for (const repo of acme.repos) {
    const pull = pullsOf(repo).find((p) => p.state === 'open' && !p.pull.draft && p.pull.mergeable);
    if (pull)
      return {
        repo: repo.fullName,
        number: pull.number,
        merged: () => pullsOf(repoOf(acme, repo.fullName)!).find((p) => p.number === pull.number)!.pull.merged,
      };
  }
  throw new Error('the acme seed has no mergeable pull request');
}

/** Runs `send` with an empty upstream request log and returns what it answered and what reached the sandbox. */
async function upstreamCallsOf<T>(send: () => Promise<T>): Promise<{ answer: T; upstream: string[] }> {
  session.server.sandbox.faults.clearLog();
  const answer = await send();
  return { answer, upstream: session.server.sandbox.faults.log.map((r) => `${r.method} ${r.path}`) };
}

async function mcpError(name: string, args: Record<string, unknown>): Promise<{ code: string; message: string }> {
  const result = (await session.client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError).toBe(true);
  return (JSON.parse((result.content[0] as { text: string }).text) as { error: { code: string; message: string } })
    .error;
}

describe('an unknown argument is refused, naming the closest accepted one', () => {
  it('get_issues {repo} over REST execute, the method route and MCP: 400 / isError, nothing fetched', async () => {
    const rest = await upstreamCallsOf(() =>
      call(session.server, 'POST', '/mcp/code_host/execute', {
        token: session.token,
        body: { tool: 'get_issues', arguments: { repo: 'acme/api' } },
      }),
    );
    expect(rest.answer.status).toBe(400);
    expect(rest.answer.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: ISSUES_MESSAGE });
    expect(rest.upstream).toEqual([]);

    const route = await upstreamCallsOf(() =>
      call(session.server, 'GET', '/code_host/get-issues?repo=acme%2Fapi', { token: session.token }),
    );
    expect(route.answer.status).toBe(400);
    expect(route.answer.body.error.message).toBe(ISSUES_MESSAGE);
    expect(route.upstream).toEqual([]);

    const mcp = await upstreamCallsOf(() => mcpError('code_host_get_issues', { repo: 'acme/api' }));
    expect(mcp.answer).toMatchObject({ code: 'VALIDATION_ERROR', message: ISSUES_MESSAGE });
    expect(mcp.upstream).toEqual([]);
  });

  it('merge_pull_request {merge_methd} over REST execute, the method route and MCP: refused and the pull request stays open', async () => {
    const pull = mergeablePull();
    const args = { repo_id: pull.repo, pr_number: pull.number, merge_methd: 'squash' };

    const rest = await upstreamCallsOf(() =>
      call(session.server, 'POST', '/mcp/code_host/execute', {
        token: session.token,
        body: { tool: 'merge_pull_request', arguments: args },
      }),
    );
    expect(rest.answer.status).toBe(400);
    expect(rest.answer.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: MERGE_MESSAGE });
    expect(rest.upstream).toEqual([]);

    const route = await upstreamCallsOf(() =>
      call(session.server, 'POST', '/code_host/merge-pull-request', { token: session.token, body: args }),
    );
    expect(route.answer.status).toBe(400);
    expect(route.answer.body.error.message).toBe(MERGE_MESSAGE);
    expect(route.upstream).toEqual([]);

    const mcp = await upstreamCallsOf(() => mcpError('code_host_merge_pull_request', args));
    expect(mcp.answer).toMatchObject({ code: 'VALIDATION_ERROR', message: MERGE_MESSAGE });
    expect(mcp.upstream).toEqual([]);

    expect(pull.merged()).toBe(false);
    const listed = await call(session.server, 'POST', '/mcp/code_host/execute', {
      token: session.token,
      body: { tool: 'get_pull_requests', arguments: { repo_id: pull.repo, state: 'open', limit: 100 } },
    });
    expect(listed.body.data.pull_requests.map((p: { number: number }) => p.number)).toContain(pull.number);
  });

  it('the suggestion draws on fields and pagination too, and every unknown argument is named', async () => {
    const response = await call(session.server, 'POST', '/mcp/code_host/execute', {
      token: session.token,
      body: { tool: 'get_issues', arguments: { repo_id: 'acme/api', feilds: ['title'], limt: 5 } },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(
      'Unknown argument "feilds" for get_issues; did you mean "fields"? Unknown argument "limt" for get_issues; did you mean "limit"?',
    );
    expect(response.body.error.details).toEqual([
      { path: 'feilds', message: expect.stringContaining('"fields"') },
      { path: 'limt', message: expect.stringContaining('"limit"') },
    ]);
  });

  it('the accepted arguments still work, on every surface that builds them', async () => {
    const rest = await call(session.server, 'POST', '/mcp/code_host/execute', {
      token: session.token,
      body: { tool: 'get_issues', arguments: { repo_id: 'acme/api', limit: 2, fields: ['number'] } },
    });
    expect(rest.status).toBe(200);
    const route = await call(session.server, 'GET', '/code_host/get-issues?repo_id=acme%2Fapi&limit=2&fields=number', {
      token: session.token,
    });
    expect(route.status).toBe(200);
    expect(route.body.data.issues).toHaveLength(2);
    const dora = await call(
      session.server,
      'GET',
      '/analytics/dora?repo_ids=acme/api&time_period_days=30&refresh=true',
      { token: session.token },
    );
    expect(dora.status).toBe(200);
    const graph = await call(session.server, 'GET', '/v1/graph/get-feed?limit=3', { token: session.token });
    expect(graph.status).toBe(200);
  });
});
