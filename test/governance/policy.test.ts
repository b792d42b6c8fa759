import { readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { McpSurface } from '../../src/mcp/server.js';
import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import { connectInMemory, listedNames } from '../mcp/connect.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';
import { SAMPLES } from '../helpers/secret-samples.js';
import { storeCount } from '../helpers/store-sql.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const COMMENT = { repo_id: 'acme/web', issue_number: 1, body: 'The fix is deployed.' };
const commentsSent = () => server.sandbox.faults.count('POST', '/comments');
const DENIED = "tool code_host_add_issue_comment is denied by the tenant policy's deny list (tools)";

/** Sets a tenant's policy for one test (reset to the defaults after it). */
async function setPolicy(tenant: string, policy: unknown): Promise<void> {
  const put = await call(server, 'PUT', `/admin/tenants/${tenant}/policy`, { apiKey: TEST_API_KEY, body: policy });
  expect(put.status).toBe(200);
  onTestFinished(async () => {
    await call(server, 'DELETE', `/admin/tenants/${tenant}/policy`, { apiKey: TEST_API_KEY });
  });
}

const restCall = async (tenant: WorkspaceId, tool: string, args: Record<string, unknown>, email?: string) =>
  call(server, 'POST', '/mcp/code_host/execute', {
    token: await server.tokenFor(tenant, email),
    body: { tool, arguments: args },
  });

async function mcpClient(tenant: WorkspaceId, email?: string): Promise<Client> {
  const client = await connectMcpClient(server, await server.tokenFor(tenant, email), 'policy-test');
  onTestFinished(() => client.close());
  return client;
}

const errorOf = (result: unknown) => {
  const { isError, content } = result as CallToolResult;
  expect(isError).toBe(true);
  return (JSON.parse((content[0] as { text: string }).text) as { error: { code: string; message: string } }).error;
};

describe('a denied tool', () => {
  it('is refused on REST (the catalog route and a method route) with 403 POLICY_DENIED naming the rule; nothing reaches the upstream', async () => {
    await setPolicy('acme', { deny: { tools: ['code_host_add_issue_comment'] } });
    const before = commentsSent();
    const refused = await restCall('acme', 'add_issue_comment', COMMENT);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'POLICY_DENIED', message: DENIED });
    const method = await call(server, 'POST', '/v1/code_host/add-issue-comment', {
      token: await server.tokenFor('acme'),
      body: COMMENT,
    });
    expect(method.status).toBe(403);
    expect(method.body.error.code).toBe('POLICY_DENIED');
    expect(commentsSent()).toBe(before);
  });

  it('is refused on MCP with an error result of the same code, and is not listed', async () => {
    await setPolicy('acme', { deny: { tools: ['code_host_add_issue_comment'] } });
    const client = await mcpClient('acme');
    const before = commentsSent();
    const error = errorOf(await client.callTool({ name: 'code_host_add_issue_comment', arguments: COMMENT }));
    expect(error).toMatchObject({ code: 'POLICY_DENIED', message: DENIED });
    expect(commentsSent()).toBe(before);
    const names = await listedNames(client);
    expect(names).not.toContain('code_host_add_issue_comment');
    expect(names).toContain('code_host_get_repository');
  });

  it('is refused when asked for as an MCP task, and nothing reaches the upstream', async () => {
    await setPolicy('acme', { deny: { tools: ['code_host_add_issue_comment'] } });
    const client = await mcpClient('acme');
    const before = commentsSent();
    // Refused before a task is made: the answer is the call's error result.
    const result = await client.request(
      {
        method: 'tools/call',
        params: { name: 'code_host_add_issue_comment', arguments: COMMENT, task: { ttl: 60_000 } },
      },
      CallToolResultSchema,
    );
    expect(errorOf(result)).toMatchObject({ code: 'POLICY_DENIED', message: DENIED });
    expect(commentsSent()).toBe(before);
  });

  it('is left out of discovery: search_tools finds it no more, describe_tool refuses it', async () => {
    await setPolicy('acme', { deny: { tools: ['code_host_add_issue_comment'] } });
    const discovery = new McpSurface(server.app, { mode: 'discovery' });
    const client = await connectInMemory(discovery, server.callerFor('acme'));
    onTestFinished(() => client.close());
    const search = (await client.callTool({
      name: 'search_tools',
      arguments: { query: 'add a comment to a github issue', limit: 25 },
    })) as CallToolResult;
    const found = (search.structuredContent as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(found).not.toContain('code_host_add_issue_comment');
    const described = errorOf(
      await client.callTool({ name: 'describe_tool', arguments: { name: 'code_host_add_issue_comment' } }),
    );
    expect(described).toMatchObject({ code: 'POLICY_DENIED', message: DENIED });
  });

  it('is left out of the REST catalog listings the caller’s token sees, and the search', async () => {
    await setPolicy('acme', { deny: { tools: ['code_host_add_issue_comment'] } });
    const token = await server.tokenFor('acme');
    const tools = await call(server, 'GET', '/mcp/code_host/tools', { token });
    const names = (tools.body.tools as Array<{ name: string }>).map((t) => t.name);
    expect(names).toContain('get_repository');
    expect(names).not.toContain('add_issue_comment');
    const capabilities = await call(server, 'GET', '/mcp/code_host/capabilities?capability_type=action', { token });
    expect((capabilities.body.capabilities as Array<{ tool: string }>).map((c) => c.tool)).not.toContain(
      'add_issue_comment',
    );
    const search = await call(server, 'GET', '/mcp/search?q=comment%20on%20a%20github%20issue&limit=25', { token });
    expect((search.body.tools as Array<{ name: string }>).map((t) => t.name)).not.toContain(
      'code_host_add_issue_comment',
    );
    const meta = await call(server, 'GET', '/v1/meta', { token });
    const paths = (meta.body.services as Array<{ methods: Array<{ path: string }> }>).flatMap((service) =>
      service.methods.map((method) => method.path),
    );
    expect(paths).toContain('/code_host/get-repository');
    expect(paths).not.toContain('/code_host/add-issue-comment');
    const integrations = await call(server, 'GET', '/integrations', { token });
    const endpoints = (integrations.body.data.integrations as Array<{ endpoints: Array<{ path: string }> }>).flatMap(
      (system) => system.endpoints.map((endpoint) => endpoint.path),
    );
    expect(endpoints).toContain('/code_host/get-repository');
    expect(endpoints).not.toContain('/code_host/add-issue-comment');
    const other = await call(server, 'GET', '/mcp/code_host/tools', { token: await server.tokenFor('globex') });
    expect((other.body.tools as Array<{ name: string }>).map((t) => t.name)).toContain('add_issue_comment');
  });
});

describe('the rules of a policy', () => {
  it('read_only refuses every action tool and lets reads run', async () => {
    await setPolicy('acme', { read_only: true });
    const refused = await restCall('acme', 'add_issue_comment', COMMENT);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'tool code_host_add_issue_comment is an action tool and the tenant policy is read-only (read_only)',
    );
    expect((await restCall('acme', 'get_repository', { repo_id: 'acme/web' })).status).toBe(200);
  });

  it('an allow list leaves out every tool it does not name; deny wins over allow', async () => {
    await setPolicy('acme', { allow: { systems: ['code_host'] }, deny: { toolsets: ['code_host.issues'] } });
    const client = await mcpClient('acme');
    const names = await listedNames(client);
    expect(names.every((name) => name.startsWith('code_host_'))).toBe(true);
    expect(names).not.toContain('code_host_get_issue');
    const error = errorOf(await client.callTool({ name: 'graph_search', arguments: { query: 'x' } }));
    expect(error).toMatchObject({
      code: 'POLICY_DENIED',
      message: "tool graph_search is not in the tenant policy's allow list (systems, toolsets, tools)",
    });
  });

  it('a user’s override replaces the tenant-wide rule for that user only', async () => {
    await setPolicy('acme', {
      deny: { tools: ['code_host_add_issue_comment'] },
      users: { 'lead@acme.test': { deny: {} }, 'intern@acme.test': { read_only: true } },
    });
    const before = commentsSent();
    expect((await restCall('acme', 'add_issue_comment', COMMENT, 'lead@acme.test')).status).toBe(200);
    expect(commentsSent()).toBe(before + 1);
    expect((await restCall('acme', 'add_issue_comment', COMMENT)).status).toBe(403);
    const intern = await restCall('acme', 'create_issue', { repo_id: 'acme/web', title: 'x' }, 'intern@acme.test');
    expect(intern.body.error.message).toContain('the tenant policy for user intern@acme.test is read-only');
  });

  it('a per-tool limit counts a user’s calls over REST and MCP together, and answers RATE_LIMITED with when to retry', async () => {
    await setPolicy('acme', { limits: { code_host_get_repository: 2 } });
    const args = { repo_id: 'acme/web' };
    expect((await restCall('acme', 'get_repository', args)).status).toBe(200);
    const client = await mcpClient('acme');
    expect((await client.callTool({ name: 'code_host_get_repository', arguments: args })).isError).toBeFalsy();
    const limited = await restCall('acme', 'get_repository', args);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorOf(await client.callTool({ name: 'code_host_get_repository', arguments: args })).code).toBe(
      'RATE_LIMITED',
    );
    // Another user of the tenant, and the same user's other tools, have their own counts.
    expect((await restCall('acme', 'get_repository', args, 'lead@acme.test')).status).toBe(200);
    expect((await restCall('acme', 'get_repositories', {})).status).toBe(200);
  });

  it('one tenant’s policy leaves every other tenant alone', async () => {
    await setPolicy('acme', { read_only: true, deny: { systems: ['code_host'] } });
    const globex = await restCall('globex', 'add_issue_comment', { ...COMMENT, repo_id: 'globex/api' });
    expect(globex.body.error?.code).not.toBe('POLICY_DENIED');
    const client = await mcpClient('globex');
    expect(await listedNames(client)).toContain('code_host_add_issue_comment');
  });
});

describe('the hooks the policy answers', () => {
  it('keeps argument values in the audit, lets a tool send a credential, and shows one in results, as it says', async () => {
    await setPolicy('acme', {
      audit_argument_values: true,
      secret_scan_bypass: ['code_host_add_issue_comment'],
      show_secrets_in_results: ['code_host_get_issue_comments'],
      users: { 'lead@acme.test': { audit_argument_values: false } },
    });
    const body = `The staging key is ${SAMPLES.github_token}`;
    const before = commentsSent();
    const sent = await restCall('acme', 'add_issue_comment', { ...COMMENT, body });
    expect(sent.status).toBe(200);
    expect(sent.body.data.body).toBe('The staging key is [redacted:github_token]');
    expect(commentsSent()).toBe(before + 1);
    const comments = await restCall('acme', 'get_issue_comments', { repo_id: 'acme/web', issue_number: 1 });
    expect(JSON.stringify(comments.body.data)).toContain(SAMPLES.github_token);
    await restCall('acme', 'get_repository', { repo_id: 'acme/web' }, 'lead@acme.test');
    await server.app.governance.audit.flush();
    const audit = await fetch(`${server.url}/admin/audit?tenant_id=acme`, { headers: { 'X-API-KEY': TEST_API_KEY } });
    const records = (await audit.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { action: string; user: string; args?: Record<string, unknown> });
    const comment = records.findLast((r) => r.action === 'code_host_add_issue_comment');
    expect(comment?.args).toEqual({ ...COMMENT, body: 'The staging key is [redacted:github_token]' });
    const lead = records.findLast((r) => r.action === 'code_host_get_repository' && r.user === 'lead@acme.test');
    expect(lead).toBeDefined();
    expect(lead?.args).toBeUndefined();
  });
});

describe('the policy routes', () => {
  const path = '/admin/tenants/acme/policy';

  it('GET gives the policy set, DELETE resets it to the defaults; each change is in the audit log', async () => {
    const policy = { deny: { tools: ['wiki_delete_page'] }, audit_argument_values: true };
    await setPolicy('acme', policy);
    expect((await call(server, 'GET', path, { apiKey: TEST_API_KEY })).body.data).toEqual({
      tenant_id: 'acme',
      policy,
    });
    expect((await call(server, 'DELETE', path, { apiKey: TEST_API_KEY })).status).toBe(200);
    expect((await call(server, 'GET', path, { apiKey: TEST_API_KEY })).body.data.policy).toEqual({});
    const audit = await fetch(`${server.url}/admin/audit?tenant_id=acme`, { headers: { 'X-API-KEY': TEST_API_KEY } });
    const actions = (await audit.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { action: string }).action);
    expect(actions).toEqual(expect.arrayContaining(['setTenantPolicy', 'resetTenantPolicy']));
  });

  it('takes the README’s example policy', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const example = /\*\*Policy\.\*\*[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    await setPolicy('acme', JSON.parse(example ?? ''));
  });

  it('refuses a bad body with 400 naming the field or the unknown name, and keeps the policy it had', async () => {
    await setPolicy('acme', { read_only: true });
    const refusals = [
      [{ read_only: 'yes' }, 'read_only'],
      [{ deny: { tools: ['wiki_delte_page'] } }, 'deny.tools: "wiki_delte_page" is not a tool of this catalog'],
      [{ allow: { systems: ['jira'] } }, 'allow.systems: "jira" is not a system of this catalog'],
      [{ users: { 'a@acme.test': { limits: { code_host_get_repository: 0 } } } }, 'users.a@acme.test.limits'],
      [{ block: ['x'] }, 'block'],
    ] as const;
    for (const [body, named] of refusals) {
      const answer = await call(server, 'PUT', path, { apiKey: TEST_API_KEY, body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_ERROR');
      expect(answer.body.error.message).toContain(named);
    }
    expect((await call(server, 'GET', path, { apiKey: TEST_API_KEY })).body.data.policy).toEqual({ read_only: true });
    expect((await call(server, 'PUT', path, { body: {} })).status).toBe(401);
    expect((await call(server, 'PUT', '/admin/tenants/nobody/policy', { apiKey: TEST_API_KEY, body: {} })).status).toBe(
      404,
    );
  });

  it('a tenant’s policy is purged with the tenant', async () => {
    const created = await call(server, 'POST', '/admin/tenants', {
      apiKey: TEST_API_KEY,
      body: { id: 'policypurge', consumerId: 'policy-purge' },
    });
    expect(created.status).toBe(201);
    await call(server, 'PUT', '/admin/tenants/policypurge/policy', {
      apiKey: TEST_API_KEY,
      body: { read_only: true },
    });
    const rows = () => storeCount(server.app.store, 'tenant_policies', 'tenant_id = ?', ['policypurge']);
    expect(await rows()).toBe(1);
    expect((await call(server, 'DELETE', '/admin/tenants/policypurge', { apiKey: TEST_API_KEY })).status).toBe(200);
    expect(await rows()).toBe(0);
  });
});
