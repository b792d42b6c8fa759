/**
 * The ticketing tools through the executor against the sandbox's Jira fake (jira.js over real HTTP):
 * shapes from the spec, values computed from the fake's state, the transition flow end to end, and
 * the errors a user can cause (unknown keys and transitions, JQL metacharacters, a wrong token).
 * A sample also goes over REST and MCP.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_IDS, statusById, type IssueRecord, type JiraState } from '../../src/sandbox/jira/index.js';
import { OutputChecker } from '../helpers/output-schemas.js';
import { fakeState, systemServer } from '../helpers/sandbox.js';
import { call, type TestServer } from '../helpers/server.js';

let server: TestServer;
let state: JiraState;
const checker = new OutputChecker(() => server.app.registry);

beforeAll(async () => {
  ({ server } = await systemServer('ticketing'));
  state = fakeState<JiraState>(server, '/jira');
});
afterAll(async () => server?.close());

/** Runs a tool as the first acme user and checks the result against its published schemas. */
async function run(tool: string, args: Record<string, unknown> = {}, email?: string): Promise<any> {
  const definition = server.app.registry.find(tool, 'ticketing')!;
  const result = await server.app.executor.execute(server.callerFor('acme', email), definition, args);
  expect(checker.problems(definition, result), `${tool} ${JSON.stringify(args)}`).toEqual([]);
  return result;
}
const fails = (tool: string, args: Record<string, unknown>) =>
  server.app.executor.execute(server.callerFor('acme'), server.app.registry.find(tool, 'ticketing')!, args);

const statusOf = (issue: IssueRecord) => statusById(state, issue.statusId)!;
const isDone = (issue: IssueRecord) => statusOf(issue).category === 'done';
const byUpdated = (a: IssueRecord, b: IssueRecord) => b.updated - a.updated || a.key.localeCompare(b.key);
const people = () => state.users.filter((u) => u.accountType === 'atlassian');

describe('projects, statuses and people', () => {
  it('get_projects lists every project with the spec fields; get_project_info adds types, components and the story points field', async () => {
    const { projects, count } = await run('get_projects');
    expect(projects.map((p: { key: string }) => p.key)).toEqual(state.projects.map((p) => p.key).sort());
    expect(count).toBe(state.projects.length);
    expect(Object.keys(projects[0])).toEqual(
      expect.arrayContaining(['id', 'key', 'name', 'description', 'lead', 'projectTypeKey', 'style', 'url']),
    );
    for (const record of state.projects) {
      const info = await run('get_project_info', { project: record.key.toLowerCase() });
      expect(info).toMatchObject({ key: record.key, style: record.style, lead: { accountId: record.leadAccountId } });
      // Classic and team-managed projects keep points in different fields: discovered, not assumed.
      expect(info.story_points_field?.id).toBe(record.storyPointsFieldId);
      expect(info.issueTypes.length).toBe(record.issueTypeIds.length);
    }
    expect(new Set(state.projects.map((p) => p.storyPointsFieldId))).toEqual(
      new Set([FIELD_IDS.storyPoints, FIELD_IDS.storyPointEstimate]),
    );
  });

  it('get_available_statuses gives the workflow statuses with their category', async () => {
    const project = state.projects[0];
    const { statuses, count } = await run('get_available_statuses', { project_key: project.key });
    expect(statuses.map((s: { id: string }) => s.id).sort()).toEqual([...project.workflow.statusIds].sort());
    expect(count).toBe(project.workflow.statusIds.length);
    for (const s of statuses) expect(s.category).toBe(statusById(state, s.id)!.category);
  });

  it('users: by email, assignable in a project or anywhere, and the whole site', async () => {
    const someone = people()[0];
    expect(await run('get_user_by_email', { email: someone.emailAddress.toUpperCase() })).toMatchObject({
      accountId: someone.accountId,
      displayName: someone.displayName,
    });
    await expect(fails('get_user_by_email', { email: 'nobody@acme.test' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('nobody@acme.test'),
    });
    const everyone = await run('get_users', { limit: 100 });
    expect(everyone.users.map((u: { accountId: string }) => u.accountId).sort()).toEqual(
      people()
        .filter((u) => u.active)
        .map((u) => u.accountId)
        .sort(),
    );
    const anywhere = await run('get_assignable_users', { limit: 100 });
    expect(anywhere.projects_covered).toBe(state.projects.length);
    expect(anywhere.count).toBeGreaterThan(0);
  });
});

describe('ticket lists', () => {
  it('get_tickets over every project: newest update first, paged, with coverage and the spec fields', async () => {
    const all = [...state.issues].sort(byUpdated);
    const first = await run('get_tickets', { limit: 10 });
    expect(first.projects_covered).toBe(state.projects.length);
    expect(first.tickets.map((t: { key: string }) => t.key)).toEqual(all.slice(0, 10).map((i) => i.key));
    const next = await run('get_tickets', { limit: 10, cursor: first.pagination.next_cursor });
    expect(next.tickets.map((t: { key: string }) => t.key)).toEqual(all.slice(10, 20).map((i) => i.key));
    expect(Object.keys(first.tickets[0])).toEqual(
      expect.arrayContaining([
        'id',
        'key',
        'summary',
        'description',
        'status',
        'priority',
        'issuetype',
        'assignee',
        'reporter',
        'labels',
        'created',
        'updated',
        'storyPoints',
      ]),
    );
  });

  it('filters by project (or its alias), status, assignee and type; story points come from each project field', async () => {
    const project = state.projects.find((p) => p.style === 'next-gen') ?? state.projects[0];
    const inProject = state.issues.filter((i) => i.projectKey === project.key);
    const sample = inProject.find((i) => i.assigneeId && !isDone(i))!;
    const status = statusOf(sample).name;
    const expected = inProject
      .filter((i) => i.assigneeId === sample.assigneeId && statusOf(i).name === status)
      .sort(byUpdated);
    const result = await run('get_tickets', {
      project: project.key,
      status,
      assignee_id: sample.assigneeId,
      limit: 100,
    });
    expect(result.tickets.map((t: { key: string }) => t.key)).toEqual(expected.map((i) => i.key));
    for (const t of result.tickets) expect(t.storyPoints).toBe(state.byKey.get(t.key)!.storyPoints);
    const email = state.users.find((u) => u.accountId === sample.assigneeId)!.emailAddress;
    const byEmail = await run('get_tickets', { project_key: project.key, status, assignee_id: email, limit: 100 });
    expect(byEmail.count).toBe(expected.length);
    const byStatus = await run('get_issues_by_status', { status, project_key: project.key, limit: 100 });
    expect(byStatus.pagination.total).toBe(inProject.filter((i) => statusOf(i).name === status).length);
  });

  it('get_tickets_by_user: open tickets of a person across projects, the caller by default', async () => {
    const person = people().find((u) => state.issues.some((i) => i.assigneeId === u.accountId && !isDone(i)))!;
    const open = state.issues.filter((i) => i.assigneeId === person.accountId && !isDone(i)).sort(byUpdated);
    const result = await run('get_tickets_by_user', { assignee_id: person.accountId, limit: 100 });
    expect(result.tickets.map((t: { key: string }) => t.key)).toEqual(open.map((i) => i.key));
    const mine = await run('get_tickets_by_user', { state: 'all', limit: 100 }, person.emailAddress);
    expect(mine.pagination.total).toBe(state.issues.filter((i) => i.assigneeId === person.accountId).length);
  });

  it('get_my_ticketing_work: open by status, sprint, blocked and recently resolved, with counts', async () => {
    const person = people().find(
      (u) => state.issues.filter((i) => i.assigneeId === u.accountId && !isDone(i)).length >= 3,
    )!;
    const open = state.issues.filter((i) => i.assigneeId === person.accountId && !isDone(i));
    const work = await run('get_my_ticketing_work', { limit: 100 }, person.emailAddress);
    expect(work.user).toMatchObject({ accountId: person.accountId, resolved_from: 'email' });
    expect(work.counts.open).toBe(open.length);
    expect(work.by_status.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(open.length);
    expect(work.counts.blocked).toBe(
      open.filter((i) => i.flagged || /block/i.test(statusOf(i).name) || i.labels.some((l) => /^blocked$/i.test(l)))
        .length,
    );
    const active = new Set(state.sprints.filter((s) => s.state === 'active').map((s) => s.id));
    expect(work.counts.in_current_sprint).toBe(open.filter((i) => i.sprintIds.some((id) => active.has(id))).length);
  });
});

describe('one ticket', () => {
  it('get_ticket: Markdown description, sprint and sub-tasks; an unknown key is named', async () => {
    const parent =
      state.issues.find((i) => state.issues.some((s) => s.parentKey === i.key) && i.sprintIds.length > 0) ??
      state.issues.find((i) => i.sprintIds.length > 0)!;
    const ticket = await run('get_ticket', { issue_key: parent.key.toLowerCase() });
    expect(ticket).toMatchObject({ key: parent.key, summary: parent.summary, status: { id: parent.statusId } });
    expect(ticket.sprint?.id).toBeOneOf(parent.sprintIds);
    expect(ticket.subtasks.map((s: { key: string }) => s.key).sort()).toEqual(
      state.issues
        .filter((s) => s.parentKey === parent.key && state.issueTypes.find((t) => t.id === s.issueTypeId)?.subtask)
        .map((s) => s.key)
        .sort(),
    );
    await expect(fails('get_ticket', { issue_key: 'API-99999' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Ticket API-99999 not found',
    });
  });
});

describe('actions', () => {
  it('create, update, comment, labels and assign, each visible in the fake', async () => {
    const project = state.projects[0];
    const [a, b] = people();
    const created = await run('create_ticket', {
      project_key: project.key,
      summary: 'Checkout fails for EUR',
      issue_type: 'bug',
      description: `## Steps\n\n1. Pay in EUR\n2. See **500**\n\nping @${b.displayName}`,
      priority: 'High',
      assignee_id: a.emailAddress,
      labels: ['payments'],
      story_points: 3,
    });
    const record = state.byKey.get(created.key)!;
    expect(record).toMatchObject({
      summary: 'Checkout fails for EUR',
      assigneeId: a.accountId,
      labels: ['payments'],
      storyPoints: 3,
    });
    expect(created.ticket.description).toBe(`## Steps\n\n1. Pay in EUR\n2. See **500**\n\nping @${b.displayName}`);
    expect(JSON.stringify(record.description)).toContain(`"type":"mention","attrs":{"id":"${b.accountId}"`);
    const updated = await run('update_ticket', { issue_key: created.key, priority: 'Highest', story_points: 5 });
    expect(updated).toMatchObject({ priority: { name: 'Highest' }, storyPoints: 5 });
    const comment = await run('add_ticket_comment', { issue_key: created.key, comment: 'Fixed in `v2`' });
    expect(comment.body).toBe('Fixed in `v2`');
    expect(
      (await run('get_ticket_comments', { issue_key: created.key })).comments.map((c: { body: string }) => c.body),
    ).toEqual(['Fixed in `v2`']);
    const labelled = await run('add_issue_labels', { issue_key: created.key, labels: ['payments', 'eur'] });
    expect(labelled).toMatchObject({ added: ['eur'], already_present: ['payments'] });
    const unlabelled = await run('remove_issue_labels', { issue_key: created.key, labels: ['eur', 'nope'] });
    expect(unlabelled).toMatchObject({ removed: ['eur'], not_present: ['nope'], labels: ['payments'] });
    expect(state.byKey.get(created.key)!.labels).toEqual(['payments']);
    const assigned = await run('assign_issue', { issue_key: created.key, assignee_id: b.accountId });
    expect(assigned).toMatchObject({
      assignee: { accountId: b.accountId },
      previous_assignee: { accountId: a.accountId },
    });
    await run('assign_issue', { issue_key: created.key, assignee_id: 'unassigned' });
    expect(state.byKey.get(created.key)!.assigneeId).toBeNull();
  });

  it('the transition flow: transitions, move by name, new status, aging and history updated', async () => {
    const issue = state.issues.find((i) => statusOf(i).category === 'new' && !i.parentKey)!;
    const { transitions, current_status } = await run('get_available_transitions', { issue_key: issue.key });
    expect(current_status.id).toBe(issue.statusId);
    const workflow = state.projects.find((p) => p.key === issue.projectKey)!.workflow;
    const allowed = workflow.transitions.filter((t) => t.from.length === 0 || t.from.includes(issue.statusId));
    expect(transitions.map((t: { id: string }) => t.id).sort()).toEqual(allowed.map((t) => t.id).sort());
    const move = transitions[0];
    const moved = await run('transition_issue', {
      issue_key: issue.key,
      transition_name: move.name.toUpperCase(),
      comment: 'Picked this up',
    });
    expect(moved).toMatchObject({
      changed: true,
      status: { id: move.to.id },
      from_status: current_status.name,
      comment_added: true,
    });
    expect(issue.statusId).toBe(move.to.id);
    expect(issue.comments.at(-1)).toBeDefined();
    const aging = await run('get_issue_aging', { issue_key: issue.key });
    expect(aging.current_status).toBe(move.to.name);
    expect(aging.status_history.at(-1)).toMatchObject({ from: current_status.name, to: move.to.name });
    expect(aging.time_in_status_hours).toBeGreaterThanOrEqual(0);
    // By target status name too; an unknown name lists the valid ones.
    const next = (await run('get_available_transitions', { issue_key: issue.key })).transitions[0];
    await run('transition_issue', { issue_key: issue.key, transition_name: next.to.name.toLowerCase() });
    expect(issue.statusId).toBe(next.to.id);
    const refused = fails('transition_issue', { issue_key: issue.key, transition_name: 'Teleport' });
    await expect(refused).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/No transition "Teleport" .* Valid transitions: "/),
    });
  });
});

describe('bad input', () => {
  it('JQL metacharacters never reach the query structure: refused, or compared as one value', async () => {
    await expect(fails('get_tickets', { project_key: 'WEB" OR project != "X' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(fails('get_tickets', { assignee_id: 'x" OR assignee is not EMPTY' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    const sneaky = await fails('get_tickets', { status: 'Done" OR status != "Done', limit: 100 }).then(
      (r) => r as { tickets: unknown[] },
      (e: { code: string }) => e,
    );
    if ('tickets' in sneaky) expect(sneaky.tickets).toEqual([]);
    else expect(sneaky.code).toBe('VALIDATION_ERROR');
  });

  it('a wrong Jira token is the spec error shape over REST, not a crash', async () => {
    const token = await server.app.tokens.issue({
      tenant_id: 'acme',
      user_email: people()[0].emailAddress,
      connections: {
        ticketing: { baseUrl: `${server.sandbox.urlOf('/jira')}`, email: 'bot@acme.test', apiToken: 'wrong-token' },
      },
    });
    const res = await call(server, 'POST', '/mcp/ticketing/execute', {
      token,
      body: { tool: 'get_projects', arguments: {} },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({
      success: false,
      error: { code: expect.any(String), message: expect.any(String) },
    });
  });
});

describe('surfaces', () => {
  it('REST and MCP return the same tickets', async () => {
    const token = await server.tokenFor('acme');
    const rest = await call(server, 'POST', '/mcp/ticketing/execute', {
      token,
      body: { tool: 'get_tickets', arguments: { project: 'WEB', limit: 5 } },
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      success: true,
      data: { count: 5, _capability: { name: 'ticketing.tickets.list', type: 'read' } },
    });
    const client = new Client({ name: 'ticketing-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': token } },
      }),
    );
    try {
      const result = await client.callTool({ name: 'ticketing_get_tickets', arguments: { project: 'WEB', limit: 5 } });
      expect(result.isError).toBeFalsy();
      const keys = (result.structuredContent as { tickets: Array<{ key: string }> }).tickets.map((t) => t.key);
      expect(keys).toEqual(rest.body.data.tickets.map((t: { key: string }) => t.key));
      const missing = await client.callTool({ name: 'ticketing_get_ticket', arguments: { issue_key: 'WEB-99999' } });
      expect(missing.isError).toBe(true);
      expect(JSON.stringify(missing.content)).toContain('Ticket WEB-99999 not found');
    } finally {
      await client.close();
    }
  });
});
