/**
 * Every code_host tool declares its result shape, and what it really returns agrees with it. MCP
 * clients validate each structured result against the tool's outputSchema: a result that disagrees
 * (a null where the schema says string, 1.5 where it says integer) makes the tool unusable.
 *
 * Each result is checked twice: with Ajv against the JSON Schema clients see (draft 2020-12, formats
 * on, `required` stripped for the `fields` projection), and with the tool's own zod schema, which
 * also requires every declared field, so a schema naming a field the tool never returns fails too.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/toolkit/define-tool.js';
import { OutputChecker } from '../helpers/output-schemas.js';
import type { TestServer } from '../helpers/server.js';
import { codeHostServer } from './helpers.js';
import { listEveryTool } from '../helpers/mcp-session.js';

type Result = Record<string, any>;

let server: TestServer;
let codeHost: ToolDefinition[];
const checker = new OutputChecker(() => server.app.registry);

beforeAll(async () => {
  ({ server } = await codeHostServer());
  codeHost = [...server.app.registry.toolsOf('code_host')];
});
afterAll(async () => server?.close());
afterEach(() => server.sandbox.faults.clear());

const tool = (name: string): ToolDefinition => {
  const found = server.app.registry.find(name, 'code_host');
  if (!found) throw new Error(`no tool code_host_${name}`);
  return found;
};
const people = () => server.sandbox.seeds.acme.people;

/** Runs a tool as an acme user and checks the result against its schemas. */
async function run(
  name: string,
  args: Record<string, unknown> = {},
  options: { email?: string; projected?: boolean } = {},
): Promise<Result> {
  const definition = tool(name);
  const result = (await server.app.executor.execute(
    server.callerFor('acme', options.email),
    definition,
    args,
  )) as Result;
  expect(checker.problems(definition, result, options), `${name} ${JSON.stringify(args)}`).toEqual([]);
  return result;
}

describe('the catalog declares result shapes', () => {
  it('every code_host tool has an outputSchema; list items are described field by field', () => {
    expect(codeHost).toHaveLength(29);
    for (const definition of codeHost) {
      const schema = server.app.registry.outputJsonSchema(definition);
      expect(schema, definition.qualifiedName).toBeTruthy();
      expect(schema!.type).toBe('object');
      expect(Object.keys(schema!.properties as object).length, definition.qualifiedName).toBeGreaterThan(0);
      expect(JSON.stringify(schema)).not.toContain('"required"');
      if (definition.list) {
        expect(definition.item, definition.qualifiedName).toBeDefined();
        const items = (schema!.properties as Record<string, { items: Record<string, unknown> }>)[definition.list.key]
          .items;
        expect(items, definition.qualifiedName).not.toEqual({ type: 'object' });
        expect(Object.keys(items.properties as object).length, definition.qualifiedName).toBeGreaterThan(2);
      } else {
        expect(definition.output, definition.qualifiedName).toBeDefined();
      }
      // Every schema compiles with formats on (as the MCP SDK's client compiles them).
      expect(() => checker.compile(schema!)).not.toThrow();
    }
  });

  it('the shared pieces are described for agents', () => {
    const dora = server.app.registry.outputJsonSchema(tool('get_dora_metrics')) as any;
    expect(dora.properties.deployment_frequency.properties.category.enum).toEqual([
      'elite',
      'high',
      'medium',
      'low',
      'no_data',
    ]);
    expect(dora.properties.lead_time_for_changes.properties.value.type).toEqual(['number', 'null']);
    expect(dora.properties.cache.properties.status.description).toMatch(/fresh/);
    const pulls = server.app.registry.outputJsonSchema(tool('get_pull_requests')) as any;
    expect(pulls.properties.pull_requests.items.properties.reviews.description).toMatch(/null when/);
  });
});

describe('repositories and people', () => {
  it('get_repositories, get_repository (every repository), list_repos_by_user', async () => {
    const { repositories } = await run('get_repositories', { limit: 100 });
    expect(repositories.map((r: Result) => r.full_name)).toEqual(
      expect.arrayContaining(['acme/web', 'acme/api', 'acme/mobile', 'acme/infra', 'acme/design-system', 'acme/docs']),
    );
    for (const repo of repositories) await run('get_repository', { repo_id: repo.full_name });
    await run('get_repositories', { limit: 2, offset: 2 });
    expect((await run('list_repos_by_user', { username: 'acme' })).count).toBeGreaterThan(0);
  });

  it('get_repository_users and get_contributors, for one repository and for all', async () => {
    expect((await run('get_repository_users', { repo_id: 'acme/api', limit: 100 })).count).toBeGreaterThan(0);
    expect((await run('get_repository_users', { limit: 100 })).users[0].repositories.length).toBeGreaterThan(0);
    expect((await run('get_contributors', { repo_id: 'acme/web', limit: 100 })).count).toBeGreaterThan(0);
    expect((await run('get_contributors', { limit: 100 })).total_contributions).toBeGreaterThan(0);
  });

  it('get_user_by_email for several people of the workspace', async () => {
    for (const person of people().slice(0, 4)) {
      expect(await run('get_user_by_email', { email: person.email })).toMatchObject({ login: person.login });
    }
  });
});

describe('issues', () => {
  it('get_issues (one repository, every repository, closed, projected), get_issue, get_issue_comments', async () => {
    const all = await run('get_issues', { state: 'all', limit: 100 });
    expect(all.count).toBeGreaterThan(0);
    const api = await run('get_issues', { repo_id: 'acme/api', state: 'all', limit: 100 });
    await run('get_issues', { repo_id: 'acme/web', state: 'closed', labels: ['bug'], limit: 20 });
    await run('get_issues', { limit: 5, fields: ['number', 'title', 'user.login'] }, { projected: true });
    const closed = api.issues.find((i: Result) => i.state === 'closed');
    const discussed = api.issues.find((i: Result) => i.comments > 0);
    for (const issue of [api.issues[0], closed, discussed].filter(Boolean))
      await run('get_issue', { repo_id: 'acme/api', issue_number: issue.number });
    expect(discussed).toBeDefined();
    expect((await run('get_issue_comments', { repo_id: 'acme/api', issue_number: discussed.number })).count).toBe(
      discussed.comments,
    );
    // A pull request number answers with its issue half.
    const { pull_requests } = await run('get_pull_requests', { repo_id: 'acme/api', state: 'all', limit: 1 });
    await run('get_issue', { repo_id: 'acme/api', issue_number: pull_requests[0].number });
  });

  it('create_issue, update_issue, add_issue_comment, add_issue_labels and remove_issue_labels on a fresh issue', async () => {
    const { users } = await run('get_repository_users', { repo_id: 'acme/api', limit: 100 });
    const assignee = users.find((u: Result) => u.permissions.push && u.type === 'User').login;
    const created = await run('create_issue', {
      repo_id: 'acme/api',
      title: 'Schema check: orders export drops the currency',
      body: 'Seen in the CSV export',
      labels: ['bug'],
      assignees: [assignee],
    });
    const target = { repo_id: 'acme/api', issue_number: created.number };
    await run('create_issue', { repo_id: 'acme/web', title: 'Schema check: bare issue' });
    await run('add_issue_comment', { ...target, body: 'Reproduced on **staging**.' });
    expect((await run('get_issue_comments', target)).count).toBe(1);
    await run('add_issue_labels', { ...target, labels: ['priority: high', 'tech-debt'] });
    expect(await run('remove_issue_labels', { ...target, labels: ['tech-debt', 'documentation'] })).toMatchObject({
      removed: ['tech-debt'],
      not_present: ['documentation'],
    });
    await run('update_issue', {
      ...target,
      title: 'Schema check: orders export drops the currency column',
      assignees: [],
    });
    expect(await run('update_issue', { ...target, state: 'closed', state_reason: 'not_planned' })).toMatchObject({
      state: 'closed',
      state_reason: 'not_planned',
    });
    expect(await run('update_issue', { ...target, state: 'open' })).toMatchObject({ state: 'open', closed_at: null });
  });
});

describe('pull requests and git', () => {
  it('get_pull_requests (every state, merged, paged) and get_stale_prs', async () => {
    expect((await run('get_pull_requests', { state: 'all', limit: 50 })).count).toBeGreaterThan(0);
    await run('get_pull_requests', { repo_id: 'acme/web', state: 'merged', limit: 10 });
    await run('get_pull_requests', { repo_id: 'acme/api', limit: 5, offset: 1 });
    expect((await run('get_stale_prs', { limit: 100 })).count).toBeGreaterThan(0);
    await run('get_stale_prs', { repo_id: 'acme/mobile', days_threshold: 30 });
  });

  it('create_branch, create_or_update_file (create, update, unchanged), create_pull_request, merge_pull_request (twice)', async () => {
    const branch = 'schema-check/runbook';
    await run('create_branch', { repo_id: 'acme/docs', branch_name: branch });
    const file = { repo_id: 'acme/docs', path: 'runbooks/schema-check.md', branch };
    expect(
      await run('create_or_update_file', { ...file, content: '# Runbook\n', message: 'Add runbook' }),
    ).toMatchObject({ created: true, unchanged: false });
    expect(
      await run('create_or_update_file', {
        ...file,
        content: '# Runbook\n\nPage the on-call.\n',
        message: 'Expand runbook',
      }),
    ).toMatchObject({ created: false });
    expect(
      await run('create_or_update_file', { ...file, content: '# Runbook\n\nPage the on-call.\n', message: 'Same' }),
    ).toMatchObject({ unchanged: true, commit: null });
    await run('create_or_update_file', {
      repo_id: 'acme/docs',
      path: 'runbooks/default-branch.md',
      content: 'On main\n',
      message: 'Straight to main',
    });
    const pr = await run('create_pull_request', {
      repo_id: 'acme/docs',
      title: 'Add the schema-check runbook',
      head: branch,
      body: 'New runbook',
    });
    await run('create_branch', { repo_id: 'acme/docs', branch_name: 'schema-check/draft', from_branch: 'main' });
    await run('create_or_update_file', {
      repo_id: 'acme/docs',
      path: 'drafts/idea.md',
      content: 'Idea\n',
      message: 'Idea',
      branch: 'schema-check/draft',
    });
    await run('create_pull_request', {
      repo_id: 'acme/docs',
      title: 'Draft idea',
      head: 'schema-check/draft',
      draft: true,
    });
    expect(
      await run('merge_pull_request', { repo_id: 'acme/docs', pr_number: pr.number, merge_method: 'squash' }),
    ).toMatchObject({ merged: true, already_merged: false });
    expect(await run('merge_pull_request', { repo_id: 'acme/docs', pr_number: pr.number })).toMatchObject({
      merged: true,
      already_merged: true,
    });
  });
});

describe('personal work', () => {
  it('get_my_code_host_work by email and by username', async () => {
    const person = people()[1];
    expect((await run('get_my_code_host_work', {}, { email: person.email })).user).toEqual({
      login: person.login,
      resolved_from: 'email',
    });
    await run('get_my_code_host_work', { username: people()[2].login, days: 30, limit: 5 });
  });

  it('a failed search leaves its list null and the result partial', async () => {
    server.sandbox.faults.add({ prefix: '/github', method: 'GET', path: '/search/issues', status: 422, times: 1 });
    const result = await run('get_my_code_host_work', { username: people()[0].login });
    expect(result).toMatchObject({
      partial: true,
      failed_sources: [expect.objectContaining({ resource: expect.any(String) })],
    });
    expect(Object.values(result.counts)).toContain(null);
  });
});

describe('analytics', () => {
  const ANALYTICS = [
    'get_dora_metrics',
    'get_dora_metrics_by_repo',
    'get_developer_metrics',
    'get_actions_info',
    'get_pr_developer_metrics',
    'get_pr_merge_time_metrics',
    'get_eng_metrics',
    'get_eng_metrics_by_repo',
  ];

  it.each(ANALYTICS)(
    '%s over every repository, some repositories and a long window; fresh from the cache',
    async (name) => {
      // refresh: other tests may have computed the same figures already.
      const first = await run(name, { refresh: true });
      expect(first.cache.status).toBe('miss');
      expect(first.metadata.repositories_analyzed).toBeGreaterThan(1);
      expect((await run(name, {})).cache.status).toBe('fresh');
      await run(name, { repo_ids: 'acme/api,acme/web', time_period_days: 90 });
      // A short window over a quiet repository: figures without data are null.
      await run(name, { repo_ids: 'acme/design-system', time_period_days: 1 });
    },
  );

  it.each(ANALYTICS)('%s with a repository that fails is partial and names it', async (name) => {
    server.sandbox.faults.add({ prefix: '/github', method: 'GET', path: '/repos/acme/mobile/', status: 404 });
    const result = await run(name, { refresh: true });
    expect(result).toMatchObject({
      partial: true,
      failed_sources: [expect.objectContaining({ resource: 'acme/mobile' })],
    });
  });

  it('get_developer_metrics and get_pr_developer_metrics for one person', async () => {
    const { developers } = await run('get_pr_developer_metrics', {});
    await run('get_pr_developer_metrics', { username: developers[0].login });
    await run('get_developer_metrics', { username: developers[0].login, time_period_days: 14 });
  });
});

describe('through a real MCP client (it validates structured results against outputSchema)', () => {
  it('the SDK client accepts list, plain, action and analytical results', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.surface.createServer(() => server.callerFor('acme')).connect(serverSide);
    const client = new Client({ name: 'schema-check', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      // Listing compiles every outputSchema; callTool then validates each result.
      const { tools } = await listEveryTool(client);
      const listed = tools.filter((t) => t.name.startsWith('code_host_'));
      expect(listed).toHaveLength(29);
      for (const t of listed) expect(t.outputSchema, t.name).toBeDefined();
      const call = async (name: string, args: Record<string, unknown>) => {
        const result = await client.callTool({ name: `code_host_${name}`, arguments: args });
        expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
        return result.structuredContent as Result;
      };
      expect((await call('get_pull_requests', { state: 'all', limit: 10 })).count).toBe(10);
      expect((await call('get_issues', { repo_id: 'acme/api', state: 'all', limit: 10 })).count).toBeGreaterThan(0);
      expect(await call('get_repository', { repo_id: 'acme/infra' })).toMatchObject({ full_name: 'acme/infra' });
      expect(await call('create_issue', { repo_id: 'acme/infra', title: 'Schema check over MCP' })).toMatchObject({
        state: 'open',
        closed_at: null,
      });
      expect((await call('get_dora_metrics', { time_period_days: 60 })).deployment_frequency.category).toMatch(
        /elite|high|medium|low|no_data/,
      );
      expect((await call('get_eng_metrics_by_repo', {})).count).toBeGreaterThan(1);
      expect((await call('get_actions_info', { repo_ids: 'acme/api' })).repositories).toHaveLength(1);
      expect(await call('get_my_code_host_work', { username: people()[0].login })).toHaveProperty('counts');
    } finally {
      await client.close();
    }
  });
});

// Coverage: once every test of the file has run, in whatever order, each code_host tool had a result checked.
afterAll(() => {
  expect(codeHost.map((t) => t.name).filter((name) => !checker.checked.has(name))).toEqual([]);
});
