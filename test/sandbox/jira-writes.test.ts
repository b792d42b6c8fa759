import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusById, type IssueRecord } from '../../src/sandbox/jira/index.js';
import { startJira, type JiraFixture } from './jira-fixture.js';

/** Changes through the fake Jira: creates, edits, comments, transitions and assignments, and their refusals. */
let jira: JiraFixture;

beforeAll(async () => {
  jira = await startJira();
});
afterAll(() => jira?.close());

const doc = (text: string) => ({
  type: 'doc',
  version: 1,
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const issue = (key: string): IssueRecord => jira.state().byKey.get(key)!;
const statusName = (key: string) => statusById(jira.state(), issue(key).statusId)?.name;
/** A new issue of the project moved to In Progress (transition 11 starts work in every seeded workflow). */
async function started(project: string, type = 'Task'): Promise<IssueRecord> {
  const created = await jira.api('POST', '/rest/api/3/issue', {
    fields: { project: { key: project }, summary: `Work in ${project}`, issuetype: { name: type } },
  });
  expect(
    (await jira.api('POST', `/rest/api/3/issue/${created.body.key}/transitions`, { transition: { id: '11' } })).status,
  ).toBe(204);
  return issue(created.body.key as string);
}

describe('create and edit', () => {
  it("creates an issue in the first status of its workflow, with story points in the project's field", async () => {
    const { v3 } = jira.clients();
    const created = await v3.issues.createIssue({
      fields: {
        project: { key: 'OPS' },
        summary: 'Rotate certificates',
        issuetype: { name: 'Task' },
        labels: ['tls'],
        customfield_10034: 5,
      },
    });
    expect(created.key).toMatch(/^OPS-\d+$/);
    const read = await v3.issues.getIssue({
      issueIdOrKey: created.key,
      fields: ['status', 'customfield_10034', 'labels', 'reporter'],
    });
    expect(read.fields.status.name).toBe('To Do');
    expect(read.fields.customfield_10034).toBe(5);
    expect(read.fields.labels).toEqual(['tls']);
    expect(read.fields.reporter?.accountId).toBe(jira.state().myselfId);
  });

  it('refuses unknown types, priorities and fields off the screen with errors keyed by field, creating nothing', async () => {
    const before = jira.state().issues.length;
    const refused = await jira.api('POST', '/rest/api/3/issue', {
      fields: {
        project: { key: 'OPS' },
        summary: 'x',
        issuetype: { name: 'Story' },
        priority: { name: 'Urgent' },
        customfield_10016: 3,
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errorMessages: [],
      errors: {
        issuetype: 'Specify a valid issue type',
        priority: 'The priority selected is invalid.',
        customfield_10016: "Field 'customfield_10016' cannot be set. It is not on the appropriate screen, or unknown.",
      },
    });
    expect(
      (
        await jira.api('POST', '/rest/api/3/issue', {
          fields: { project: { key: 'NOPE' }, summary: 'x', issuetype: { name: 'Task' } },
        })
      ).body.errors,
    ).toEqual({
      project: 'Specify a valid project ID or key',
    });
    expect(
      (
        await jira.api('POST', '/rest/api/3/issue', {
          fields: { project: { key: 'WEB' }, summary: 'x', issuetype: { name: 'Task' }, description: 'plain' },
        })
      ).body.errors,
    ).toEqual({
      description: 'Operation value must be an Atlassian Document (see the Atlassian Document Format)',
    });
    expect(jira.state().issues.length).toBe(before);
  });

  it('edits fields and adds and removes labels with update, recording a changelog entry', async () => {
    const target = jira.state().issues.find((i) => i.projectKey === 'API' && i.labels.length === 0)!;
    const histories = target.histories.length;
    const edit = await jira.api('PUT', `/rest/api/3/issue/${target.key}`, {
      fields: { summary: 'Faster pagination', priority: { name: 'High' } },
      update: { labels: [{ add: 'perf' }, { add: 'q4' }] },
    });
    expect(edit.status).toBe(204);
    expect(
      (await jira.api('PUT', `/rest/api/3/issue/${target.key}`, { update: { labels: [{ remove: 'q4' }] } })).status,
    ).toBe(204);
    expect(issue(target.key)).toMatchObject({ summary: 'Faster pagination', priorityId: '2', labels: ['perf'] });
    expect(issue(target.key).histories.length).toBe(histories + 2);
    const refused = await jira.api('PUT', `/rest/api/3/issue/${target.key}`, { fields: { status: { name: 'Done' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.status).toMatch(/cannot be set/);
  });

  it('assigns and unassigns, refusing unknown people', async () => {
    const target = jira.state().issues.find((i) => i.projectKey === 'WEB')!;
    const person = jira.state().users[3];
    expect(
      (await jira.api('PUT', `/rest/api/3/issue/${target.key}/assignee`, { accountId: person.accountId })).status,
    ).toBe(204);
    expect(issue(target.key).assigneeId).toBe(person.accountId);
    expect((await jira.api('PUT', `/rest/api/3/issue/${target.key}/assignee`, { accountId: null })).status).toBe(204);
    expect(issue(target.key).assigneeId).toBeNull();
    const refused = await jira.api('PUT', `/rest/api/3/issue/${target.key}/assignee`, { accountId: 'nobody' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ assignee: "User 'nobody' cannot be assigned issues." });
  });
});

describe('comments', () => {
  it('adds ADF comments and pages them', async () => {
    const target = jira.state().issues.find((i) => i.comments.length >= 2)!;
    const count = target.comments.length;
    const added = await jira.api('POST', `/rest/api/3/issue/${target.key}/comment`, { body: doc('Ship it') });
    expect(added.status).toBe(201);
    expect(added.body.body).toEqual(doc('Ship it'));
    const page = await jira.api('GET', `/rest/api/3/issue/${target.key}/comment?startAt=${count}&maxResults=10`);
    expect(page.body).toMatchObject({ startAt: count, total: count + 1 });
    expect(page.body.comments.map((c: { id: string }) => c.id)).toEqual([added.body.id]);
    const refused = await jira.api('POST', `/rest/api/3/issue/${target.key}/comment`, { body: 'plain text' });
    expect(refused.status).toBe(400);
    expect(issue(target.key).comments.length).toBe(count + 1);
  });
});

describe("transitions follow each project's workflow", () => {
  it('offers only the transitions of the current status, which differ per project', async () => {
    const [web, mob, ops] = [await started('WEB'), await started('MOB'), await started('OPS')];
    const names = async (key: string) =>
      (await jira.clients().v3.issues.getTransitions({ issueIdOrKey: key })).transitions?.map((t) => t.to?.name);
    expect(await names(web.key)).toEqual(['Done', 'To Do']);
    expect(await names(mob.key)).toEqual(['In Review']);
    expect(await names(ops.key)).toEqual(['Blocked', 'Done']);
  });

  it('moves to done with resolution and date, adds the comment in the same request, and records the change', async () => {
    const target = await started('WEB');
    const comments = target.comments.length;
    const moved = await jira.api('POST', `/rest/api/3/issue/${target.key}/transitions`, {
      transition: { id: '21' },
      update: { comment: [{ add: { body: doc('Done and deployed') } }] },
    });
    expect(moved.status).toBe(204);
    expect(statusName(target.key)).toBe('Done');
    expect(issue(target.key).resolutionId).toBe('10000');
    expect(issue(target.key).resolutionDate).not.toBeNull();
    expect(issue(target.key).comments.length).toBe(comments + 1);
    const read = await jira.api(
      'GET',
      `/rest/api/3/issue/${target.key}?fields=resolution,resolutiondate,status&expand=changelog`,
    );
    expect(read.body.fields.resolution.name).toBe('Done');
    expect(read.body.changelog.histories[0].items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'status', fromString: 'In Progress', toString: 'Done' }),
      ]),
    );
    const reopened = await jira.api('POST', `/rest/api/3/issue/${target.key}/transitions`, {
      transition: { id: '41' },
    });
    expect(reopened.status).toBe(204);
    expect(issue(target.key)).toMatchObject({ resolutionId: null, resolutionDate: null });
  });

  it('refuses a transition the current status does not offer, and a bad comment, changing nothing', async () => {
    const target = await started('MOB');
    const invalid = await jira.api('POST', `/rest/api/3/issue/${target.key}/transitions`, { transition: { id: '91' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ errorMessages: ["Transition id '91' is not valid for this issue."], errors: {} });
    const comments = target.comments.length;
    const badComment = await jira.api('POST', `/rest/api/3/issue/${target.key}/transitions`, {
      transition: { id: '51' },
      update: { comment: [{ add: { body: 'plain' } }] },
    });
    expect(badComment.status).toBe(400);
    expect(statusName(target.key)).toBe('In Progress');
    expect(issue(target.key).comments.length).toBe(comments);
    expect((await jira.api('POST', `/rest/api/3/issue/${target.key}/transitions`, {})).body.errorMessages).toEqual([
      "Missing 'transition' identifier",
    ]);
  });
});
