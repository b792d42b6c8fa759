import { AgileClient, Version3Client } from 'jira.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS, type WorkspaceId } from '../../src/sandbox/credentials.js';
import { jiraFake, runJql, statusById, type JiraState } from '../../src/sandbox/jira/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';

/** jira.js (the SDK the ticketing tools use) reading the fake Jira through the sandbox. */

let sandbox: Sandbox;
let acme: JiraState;

const clientsOf = (workspace: WorkspaceId, apiToken: string = SANDBOX_CREDENTIALS[workspace].jira.apiToken) => {
  const config = {
    host: sandbox.urlOf('/jira'),
    authentication: { basic: { email: SANDBOX_CREDENTIALS[workspace].jira.email, apiToken } },
  };
  return { v3: new Version3Client(config), agile: new AgileClient(config) };
};

beforeAll(async () => {
  sandbox = await startSandbox({}, [jiraFake]);
  acme = sandbox.state<JiraState>('/jira', 'acme');
});
afterAll(() => sandbox?.close());

describe('reads through jira.js', () => {
  it("myself is the workspace's first person", async () => {
    const me = await clientsOf('acme').v3.myself.getCurrentUser();
    expect(me.accountId).toBe(acme.myselfId);
    expect(me.emailAddress).toBe(acme.users[0].emailAddress);
  });

  it('lists the projects of each workspace only', async () => {
    const page = await clientsOf('acme').v3.projects.searchProjects({ orderBy: 'key' });
    expect(page.values.map((p) => p.key)).toEqual(['API', 'MOB', 'OPS', 'WEB']);
    expect(page.total).toBe(4);
    const globex = await clientsOf('globex').v3.projects.searchProjects({});
    expect(globex.values.map((p) => p.key).sort()).toEqual(['BILL', 'PLAT']);
  });

  it('reads a project, its statuses and the site fields', async () => {
    const { v3 } = clientsOf('acme');
    const project = await v3.projects.getProject({ projectIdOrKey: 'OPS' });
    expect(project).toMatchObject({ key: 'OPS', style: 'next-gen', simplified: true });
    const statuses = await v3.projects.getAllStatuses('OPS');
    expect(statuses[0].statuses?.map((s) => s.name)).toEqual(['To Do', 'In Progress', 'Blocked', 'Done']);
    const mob = await v3.projects.getAllStatuses('MOB');
    expect(mob[0].statuses?.map((s) => s.name)).toEqual(['To Do', 'In Progress', 'In Review', 'QA', 'Done']);
    // The site's statuses: every project's, each once, with its category.
    const site = await v3.workflowStatuses.getStatuses();
    expect(site.map((s) => s.id).sort()).toEqual(acme.statuses.map((s) => s.id).sort());
    for (const project of [...statuses, ...mob].flatMap((t) => t.statuses ?? []))
      expect(site.find((s) => s.id === project.id)?.statusCategory?.key).toBe(project.statusCategory?.key);
    const fields = await v3.issueFields.getFields();
    expect(fields.find((f) => f.id === 'customfield_10016')?.name).toBe('Story Points');
    expect(fields.find((f) => f.id === 'customfield_10034')?.schema?.custom).toBe(
      'com.pyxis.greenhopper.jira:jsw-story-points',
    );
  });

  it('walks a JQL search by nextPageToken, in the order and with the issues the query selects', async () => {
    const { v3 } = clientsOf('acme');
    const jql = 'project = WEB AND statusCategory != Done ORDER BY created DESC';
    const expected = runJql(jql, { state: acme, me: acme.myselfId, now: acme.now }).map((i) => i.key);
    expect(expected.length).toBeGreaterThan(10);
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = await v3.issueSearch.searchForIssuesUsingJqlEnhancedSearch({
        jql,
        fields: ['summary', 'status'],
        maxResults: 7,
        nextPageToken: token,
      });
      for (const issue of page.issues ?? []) {
        seen.push(issue.key);
        expect(issue.fields.status?.statusCategory?.key).not.toBe('done');
      }
      token = page.nextPageToken;
    } while (token);
    expect(seen).toEqual(expected);
  });

  it('reads an issue with its changelog of status changes', async () => {
    const resolved = acme.issues.find(
      (i) => i.projectKey === 'MOB' && i.resolutionDate !== null && i.histories.length > 3,
    )!;
    const issue = await clientsOf('acme').v3.issues.getIssue({ issueIdOrKey: resolved.key, expand: 'changelog' });
    expect(issue.key).toBe(resolved.key);
    expect(issue.fields.status.name).toBe(statusById(acme, resolved.statusId)?.name);
    expect(issue.fields.resolutiondate).toBeTruthy();
    const statusItems = issue.changelog?.histories?.flatMap((h) => h.items ?? []).filter((i) => i.field === 'status');
    expect(statusItems?.length).toBeGreaterThanOrEqual(3);
  });

  it("answers a wrong token with Jira's 401 body", async () => {
    const failure = await clientsOf('acme', 'wrong')
      .v3.myself.getCurrentUser()
      .catch((e: unknown) => e as { status: number; response: { data: unknown } });
    expect(failure).toMatchObject({
      status: 401,
      response: { data: { errorMessages: ['Client must be authenticated to access this resource.'], errors: {} } },
    });
  });
});
