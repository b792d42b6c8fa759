import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOf, plainIssuesOf, repoOf, type GithubState } from '../../src/sandbox/github/index.js';
import { call, type TestServer } from '../helpers/server.js';
import { codeHostServer, type Runner } from './helpers.js';
import { listEveryTool } from '../helpers/mcp-session.js';

let server: TestServer;
let acme: GithubState;
let run: Runner;

beforeAll(async () => {
  ({ server, acme, run } = await codeHostServer());
});
afterAll(async () => server?.close());

const ISSUE_FIELDS = [
  'id',
  'number',
  'title',
  'body',
  'state',
  'labels',
  'assignees',
  'user',
  'comments',
  'created_at',
  'updated_at',
];
const api = () => repoOf(acme, 'acme/api')!;

describe('reading issues', () => {
  it('get_issues of one repository: open plain issues, newest update first, with the spec fields', async () => {
    const expected = plainIssuesOf(api())
      .filter((i) => i.state === 'open')
      .sort((a, b) => b.updatedAt - a.updatedAt);
    const result = await run('get_issues', { repo_id: 'acme/api', limit: 100 });
    expect(result.issues.map((i: { number: number }) => i.number)).toEqual(expected.map((i) => i.number));
    expect(result.pagination.total).toBe(expected.length);
    const first = result.issues[0];
    expect(Object.keys(first)).toEqual(expect.arrayContaining(ISSUE_FIELDS));
    const record = expected[0];
    expect(first).toMatchObject({
      id: record.id,
      title: record.title,
      state: 'open',
      comments: record.comments.length,
      user: { login: record.user },
    });
    expect(first.labels.map((l: { name: string }) => l.name)).toEqual(record.labels);
    // The newest issue may have lost its labels to another test: the label shape is read off one that has some.
    const labelled = result.issues.find((i: { labels: unknown[] }) => i.labels.length > 0);
    expect(labelled.labels[0]).toEqual({
      id: expect.any(Number),
      name: expected.find((i) => i.number === labelled.number)!.labels[0],
      color: expect.stringMatching(/^[0-9a-f]{6}$/),
    });
    expect(first.assignees.map((a: { login: string }) => a.login)).toEqual(record.assignees);
  });

  it('get_issues filters by state and labels', async () => {
    const bugs = plainIssuesOf(api()).filter((i) => i.labels.includes('bug'));
    const result = await run('get_issues', { repo_id: 'acme/api', state: 'all', labels: ['bug'], limit: 100 });
    expect(result.issues.map((i: { number: number }) => i.number).sort()).toEqual(bugs.map((i) => i.number).sort());
    const closed = await run('get_issues', { repo_id: 'acme/api', state: 'closed', limit: 100 });
    expect(closed.issues.every((i: { state: string }) => i.state === 'closed')).toBe(true);
    expect(closed.count).toBe(plainIssuesOf(api()).filter((i) => i.state === 'closed').length);
  });

  it('get_issues without repo_id fans out over every repository', async () => {
    const all = acme.repos.flatMap((r) =>
      plainIssuesOf(r)
        .filter((i) => i.state === 'open')
        .map((i) => ({ repo: r.fullName, ...i })),
    );
    all.sort((a, b) => b.updatedAt - a.updatedAt);
    const result = await run('get_issues', { limit: 10 });
    expect(result.repositories_covered).toBe(acme.repos.length);
    expect(result.issues.map((i: { repo: string; number: number }) => `${i.repo}#${i.number}`)).toEqual(
      all.slice(0, 10).map((i) => `${i.repo}#${i.number}`),
    );
    const next = await run('get_issues', { limit: 10, cursor: result.pagination.next_cursor });
    expect(next.issues.map((i: { repo: string; number: number }) => `${i.repo}#${i.number}`)).toEqual(
      all.slice(10, 20).map((i) => `${i.repo}#${i.number}`),
    );
  });

  it('get_issue and get_issue_comments', async () => {
    const record = plainIssuesOf(api()).find((i) => i.comments.length >= 2)!;
    const issue = await run('get_issue', { repo_id: 'acme/api', issue_number: record.number });
    expect(issue).toMatchObject({
      number: record.number,
      title: record.title,
      body: record.body,
      state: record.state,
      repo: 'acme/api',
    });
    const comments = await run('get_issue_comments', { repo_id: 'acme/api', issue_number: record.number });
    expect(comments.count).toBe(record.comments.length);
    expect(
      comments.comments.map((c: { id: number; body: string; user: { login: string } }) => [c.id, c.body, c.user.login]),
    ).toEqual(record.comments.map((c) => [c.id, c.body, c.user]));
    expect(Object.keys(comments.comments[0])).toEqual(
      expect.arrayContaining(['id', 'body', 'user', 'created_at', 'updated_at']),
    );
    await expect(run('get_issue', { repo_id: 'acme/api', issue_number: 99_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('issue actions through the executor', () => {
  it('create_issue opens an issue with labels and assignees and returns html_url', async () => {
    const assignee = api().collaborators.find((c) => c.role === 'write')!.login;
    const created = await run('create_issue', {
      repo_id: 'acme/api',
      title: 'Orders endpoint times out',
      body: 'Seen in prod',
      labels: ['bug'],
      assignees: [assignee],
    });
    expect(created).toMatchObject({
      title: 'Orders endpoint times out',
      state: 'open',
      labels: [{ name: 'bug' }],
      assignees: [{ login: assignee }],
    });
    expect(created.html_url).toMatch(new RegExp(`/acme/api/issues/${created.number}$`));
    expect(issueOf(api(), created.number)).toMatchObject({ title: 'Orders endpoint times out', labels: ['bug'] });
  });

  it('update_issue closes and reopens (the issue state machine), and refuses an empty update', async () => {
    const { number } = await run('create_issue', { repo_id: 'acme/api', title: 'State machine' });
    const closed = await run('update_issue', {
      repo_id: 'acme/api',
      issue_number: number,
      state: 'closed',
      state_reason: 'not_planned',
    });
    expect(closed).toMatchObject({ state: 'closed', state_reason: 'not_planned' });
    expect(issueOf(api(), number)!.state).toBe('closed');
    const reopened = await run('update_issue', {
      repo_id: 'acme/api',
      issue_number: number,
      state: 'open',
      title: 'State machine (again)',
    });
    expect(reopened).toMatchObject({ state: 'open', title: 'State machine (again)' });
    expect(issueOf(api(), number)!.state).toBe('open');
    await expect(run('update_issue', { repo_id: 'acme/api', issue_number: number })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(
      run('update_issue', { repo_id: 'acme/api', issue_number: number, state: 'merged' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('add_issue_labels keeps the others; remove_issue_labels reports what was not there', async () => {
    const { number } = await run('create_issue', { repo_id: 'acme/api', title: 'Labels', labels: ['bug'] });
    const added = await run('add_issue_labels', {
      repo_id: 'acme/api',
      issue_number: number,
      labels: ['priority: high', 'tech-debt'],
    });
    expect(added.labels.map((l: { name: string }) => l.name).sort()).toEqual(['bug', 'priority: high', 'tech-debt']);
    const again = await run('add_issue_labels', { repo_id: 'acme/api', issue_number: number, labels: ['bug'] });
    expect(again.labels).toHaveLength(3);
    const removed = await run('remove_issue_labels', {
      repo_id: 'acme/api',
      issue_number: number,
      labels: ['bug', 'Tech-Debt', 'documentation'],
    });
    expect(removed).toMatchObject({ removed: ['bug', 'Tech-Debt'], not_present: ['documentation'] });
    expect(removed.labels.map((l: { name: string }) => l.name)).toEqual(['priority: high']);
    expect(issueOf(api(), number)!.labels).toEqual(['priority: high']);
    const repeated = await run('remove_issue_labels', { repo_id: 'acme/api', issue_number: number, labels: ['bug'] });
    expect(repeated).toMatchObject({ removed: [], not_present: ['bug'] });
  });

  it('add_issue_comment posts a comment', async () => {
    const record = plainIssuesOf(api())[0];
    const before = record.comments.length;
    const comment = await run('add_issue_comment', {
      repo_id: 'acme/api',
      issue_number: record.number,
      body: 'Fixed in **v2**',
    });
    expect(comment).toMatchObject({ body: 'Fixed in **v2**', user: { login: acme.viewer } });
    expect(issueOf(api(), record.number)!.comments).toHaveLength(before + 1);
  });
});

describe('the issue state machine over REST and MCP', () => {
  it('REST: POST /mcp/code_host/execute closes and reopens', async () => {
    const token = await server.tokenFor('acme');
    const created = await call(server, 'POST', '/mcp/code_host/execute', {
      token,
      body: { tool: 'create_issue', arguments: { repo_id: 'acme/web', title: 'Over REST' } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      data: { state: 'open', _capability: { name: 'code_host.issues.create', type: 'action' } },
      meta: { tenant_id: 'acme' },
    });
    const number = created.body.data.number;
    for (const state of ['closed', 'open', 'closed'] as const) {
      const updated = await call(server, 'POST', '/mcp/code_host/execute', {
        token,
        body: { tool: 'update_issue', arguments: { repo_id: 'acme/web', issue_number: number, state } },
      });
      expect(updated.body.data.state).toBe(state);
      expect(issueOf(repoOf(acme, 'acme/web')!, number)!.state).toBe(state);
    }
    const bad = await call(server, 'POST', '/mcp/code_host/execute', {
      token,
      body: { tool: 'update_issue', arguments: { repo_id: 'acme/web', issue_number: number, state: 'done' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    const foreign = await call(server, 'POST', '/mcp/code_host/execute', {
      token,
      body: { tool: 'get_issue', arguments: { repo_id: 'globex/platform', issue_number: 1 } },
    });
    expect(foreign.status).toBe(404);
  });

  it('MCP over streamable HTTP: close then reopen', async () => {
    const token = await server.tokenFor('acme');
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': token } },
      }),
    );
    try {
      const created = await client.callTool({
        name: 'code_host_create_issue',
        arguments: { repo_id: 'acme/docs', title: 'Over MCP' },
      });
      const number = (created.structuredContent as { number: number }).number;
      const closed = await client.callTool({
        name: 'code_host_update_issue',
        arguments: { repo_id: 'acme/docs', issue_number: number, state: 'closed' },
      });
      expect(closed.isError).toBeFalsy();
      expect(closed.structuredContent).toMatchObject({ number, state: 'closed' });
      const reopened = await client.callTool({
        name: 'code_host_update_issue',
        arguments: { repo_id: 'acme/docs', issue_number: number, state: 'open' },
      });
      expect(reopened.structuredContent).toMatchObject({ state: 'open' });
      expect(issueOf(repoOf(acme, 'acme/docs')!, number)!.state).toBe('open');
      const invalid = await client.callTool({
        name: 'code_host_update_issue',
        arguments: { repo_id: 'acme/docs', issue_number: number, state: 'archived' },
      });
      expect(invalid.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('MCP in memory: the tool list carries the annotations, and a 404 is an error result', async () => {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const mcp = server.surface.createServer(() => server.callerFor('acme'));
    await mcp.connect(serverTransport);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientTransport);
    try {
      const { tools } = await listEveryTool(client);
      const update = tools.find((t) => t.name === 'code_host_update_issue')!;
      expect(update.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true, destructiveHint: true });
      expect(tools.find((t) => t.name === 'code_host_create_issue')!.annotations).toMatchObject({
        idempotentHint: false,
      });
      expect(tools.filter((t) => t.name.startsWith('code_host_'))).toHaveLength(29);
      const number = plainIssuesOf(api()).find((i) => i.state === 'open')!.number;
      const closed = await client.callTool({
        name: 'code_host_update_issue',
        arguments: { repo_id: 'acme/api', issue_number: number, state: 'closed' },
      });
      expect(closed.structuredContent).toMatchObject({ state: 'closed' });
      const missing = await client.callTool({
        name: 'code_host_get_issue',
        arguments: { repo_id: 'globex/platform', issue_number: 1 },
      });
      expect(missing.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
