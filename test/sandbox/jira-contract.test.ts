import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiContract } from '../helpers/openapi-contract.js';
import { jiraContracts, startJira, type JiraFixture, type JiraResponse } from './jira-fixture.js';

/**
 * Every endpoint of the fake Jira, called over HTTP, its answer validated against the same operation in
 * Atlassian's OpenAPI descriptions (pruned copies in test/contracts).
 */
let jira: JiraFixture;
let contracts: { v3: OpenApiContract; agile: OpenApiContract };

beforeAll(async () => {
  jira = await startJira();
  contracts = jiraContracts();
});
afterAll(() => jira?.close());

/**
 * The body with plain objects that inherit nothing: Ajv tests a property by `data[name] !== undefined`, so
 * an absent `toString` (a changelog item's) would read as Object.prototype's function.
 */
function withoutPrototypes(body: unknown): unknown {
  if (body === '') return undefined;
  return JSON.parse(JSON.stringify(body), (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.assign(Object.create(null), value) : value,
  );
}

async function valid(method: string, path: string, status: number, body?: unknown): Promise<JiraResponse> {
  const response = await jira.api(method, path, body);
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(status);
  const bare = path.split('?')[0];
  const contract = bare.startsWith('/rest/agile/') ? contracts.agile : contracts.v3;
  const problems = contract.check({
    method,
    path: bare,
    status,
    contentType: response.contentType,
    body: withoutPrototypes(response.body),
  });
  // Many operations document their errors without a body: Jira's body is then its ErrorCollection.
  const checked =
    status >= 400 && problems.length === 1 && problems[0].endsWith('documents no body, got one')
      ? contracts.v3.componentErrors('ErrorCollection', response.body)
      : problems;
  expect(checked, `${method} ${path}`).toEqual([]);
  return response;
}

const doc = (text: string) => ({
  type: 'doc',
  version: 1,
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

describe('platform REST v3', () => {
  it('site: myself, fields, projects, statuses, versions', async () => {
    await valid('GET', '/rest/api/3/myself', 200);
    await valid('GET', '/rest/api/3/field', 200);
    const projects = await valid(
      'GET',
      '/rest/api/3/project/search?expand=description,lead,issueTypes&maxResults=2',
      200,
    );
    expect(projects.body).toMatchObject({ startAt: 0, maxResults: 2, total: 4, isLast: false });
    await valid('GET', '/rest/api/3/project/WEB', 200);
    await valid('GET', '/rest/api/3/project/OPS/statuses', 200);
    await valid('GET', '/rest/api/3/status', 200);
    await valid('GET', '/rest/api/3/issuetype', 200);
    const versions = await valid('GET', '/rest/api/3/project/WEB/versions', 200);
    expect(versions.body.length).toBeGreaterThan(8);
  });

  it('users: by account id, by email or name, all, assignable', async () => {
    const person = jira.state().users[2];
    await valid('GET', `/rest/api/3/user?accountId=${person.accountId}`, 200);
    const byEmail = await valid('GET', `/rest/api/3/user/search?query=${encodeURIComponent(person.emailAddress)}`, 200);
    expect(byEmail.body.map((u: { accountId: string }) => u.accountId)).toEqual([person.accountId]);
    await valid('GET', '/rest/api/3/users/search?maxResults=3', 200);
    await valid('GET', '/rest/api/3/user/assignable/search?project=WEB', 200);
  });

  it('search: enhanced JQL by GET and POST, approximate count', async () => {
    const jql = encodeURIComponent('project = API AND resolved >= -60d ORDER BY resolved DESC');
    const page = await valid(
      'GET',
      `/rest/api/3/search/jql?jql=${jql}&fields=summary,status,assignee,customfield_10016,customfield_10020,fixVersions,worklog&expand=changelog&maxResults=5`,
      200,
    );
    expect(page.body.issues).toHaveLength(5);
    await valid('POST', '/rest/api/3/search/jql', 200, {
      jql: 'project = MOB AND statusCategory = "In Progress"',
      fields: ['*all'],
      maxResults: 3,
    });
    await valid('GET', `/rest/api/3/search/jql?jql=${encodeURIComponent('project = OPS')}`, 200);
    await valid('POST', '/rest/api/3/search/approximate-count', 200, { jql: 'project = WEB' });
  });

  it('issues: read, changelog, comments, transitions, edit, assign, create, createmeta', async () => {
    const issue = jira
      .state()
      .issues.find((i) => i.projectKey === 'WEB' && i.statusId === '10000' && i.comments.length > 0)!;
    await valid('GET', `/rest/api/3/issue/${issue.key}?expand=changelog,names`, 200);
    await valid('GET', `/rest/api/3/issue/${issue.key}/changelog?maxResults=2`, 200);
    const statusChanges = (i: { histories: Array<{ items: Array<{ fieldId: string }> }> }) =>
      i.histories.filter((h) => h.items.some((item) => item.fieldId === 'status')).length;
    const moved = jira.state().issues.find((i) => statusChanges(i) >= 2)!;
    const bulk = await valid('POST', '/rest/api/3/changelog/bulkfetch', 200, {
      issueIdsOrKeys: [moved.key],
      fieldIds: ['status'],
      maxResults: 1,
    });
    expect(bulk.body).toMatchObject({ issueChangeLogs: [{ issueId: moved.id }], nextPageToken: expect.any(String) });
    await valid('GET', `/rest/api/3/issue/${issue.key}/comment`, 200);
    await valid('POST', `/rest/api/3/issue/${issue.key}/comment`, 201, { body: doc('Looks good') });
    await valid('GET', `/rest/api/3/issue/${issue.key}/transitions`, 200);
    await valid('POST', `/rest/api/3/issue/${issue.key}/transitions`, 204, { transition: { id: '11' } });
    await valid('PUT', `/rest/api/3/issue/${issue.key}`, 204, {
      fields: { summary: 'Renamed' },
      update: { labels: [{ add: 'triaged' }] },
    });
    await valid('PUT', `/rest/api/3/issue/${issue.key}/assignee`, 204, { accountId: jira.state().users[1].accountId });
    await valid('POST', '/rest/api/3/issue', 201, {
      fields: { project: { key: 'WEB' }, summary: 'New story', issuetype: { name: 'Story' }, customfield_10016: 3 },
    });
    await valid('GET', '/rest/api/3/issue/createmeta/WEB/issuetypes', 200);
    await valid('GET', '/rest/api/3/issue/createmeta/WEB/issuetypes/10001', 200);
  });

  it('errors: unknown issue, bad JQL, invalid create, retired search', async () => {
    const missing = await valid('GET', '/rest/api/3/issue/WEB-99999', 404);
    expect(missing.body).toEqual({
      errorMessages: ['Issue does not exist or you do not have permission to see it.'],
      errors: {},
    });
    const bad = await valid('GET', `/rest/api/3/search/jql?jql=${encodeURIComponent('project = WEB AND')}`, 400);
    expect(bad.body.errorMessages[0]).toMatch(/^Error in the JQL Query: /);
    const invalid = await valid('POST', '/rest/api/3/issue', 400, {
      fields: { project: { key: 'WEB' }, summary: 'x', issuetype: { name: 'Saga' }, priority: { name: 'Urgent' } },
    });
    expect(invalid.body).toEqual({
      errorMessages: [],
      errors: { issuetype: 'Specify a valid issue type', priority: 'The priority selected is invalid.' },
    });
    const retired = await jira.api('GET', '/rest/api/3/search?jql=project%20%3D%20WEB');
    expect(retired.status).toBe(410);
    expect(retired.body.errorMessages[0]).toMatch(/search\/jql/);
  });
});

describe('Jira Software (agile 1.0)', () => {
  it('boards, configuration, sprints and their issues', async () => {
    const boards = await valid('GET', '/rest/agile/1.0/board?projectKeyOrId=WEB', 200);
    const board = boards.body.values[0];
    await valid('GET', `/rest/agile/1.0/board/${board.id}`, 200);
    const config = await valid('GET', `/rest/agile/1.0/board/${board.id}/configuration`, 200);
    expect(config.body.estimation.field.fieldId).toBe('customfield_10016');
    const sprints = await valid(
      'GET',
      `/rest/agile/1.0/board/${board.id}/sprint?state=active,closed&maxResults=3`,
      200,
    );
    const sprint = sprints.body.values[0];
    await valid(
      'GET',
      `/rest/agile/1.0/board/${board.id}/issue?maxResults=2&jql=${encodeURIComponent('issuetype = Bug')}`,
      200,
    );
    await valid('GET', `/rest/agile/1.0/sprint/${sprint.id}`, 200);
    await valid('GET', `/rest/agile/1.0/sprint/${sprint.id}/issue?maxResults=5`, 200);
  });
});
