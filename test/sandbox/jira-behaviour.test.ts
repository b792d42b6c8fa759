import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { runJql } from '../../src/sandbox/jira/index.js';
import { startJira, type JiraFixture } from './jira-fixture.js';

/** Paging, error bodies, authentication, rate limits and isolation of the fake Jira, as a client sees them. */
let jira: JiraFixture;

beforeAll(async () => {
  jira = await startJira();
});
afterAll(() => jira?.close());
afterEach(() => jira.sandbox.faults.clear());

const search = (jql: string, extra = '') =>
  jira.api('GET', `/rest/api/3/search/jql?jql=${encodeURIComponent(jql)}${extra}`);

describe('paging', () => {
  it('walks search/jql by nextPageToken to every match once; the same request gives the same token', async () => {
    const jql = 'project in (WEB, API) AND updated >= -120d ORDER BY key ASC';
    const state = jira.state();
    const expected = runJql(jql, { state, me: state.myselfId, now: Date.now() }).map((i) => i.key);
    const keys: string[] = [];
    let token = '';
    for (let pages = 0; ; pages++) {
      const page = await search(
        jql,
        `&fields=summary&maxResults=25${token ? `&nextPageToken=${encodeURIComponent(token)}` : ''}`,
      );
      expect(page.status).toBe(200);
      keys.push(...page.body.issues.map((i: { key: string }) => i.key));
      if (page.body.isLast) {
        expect(page.body.nextPageToken).toBeUndefined();
        break;
      }
      const again = await search(
        jql,
        `&fields=summary&maxResults=25${token ? `&nextPageToken=${encodeURIComponent(token)}` : ''}`,
      );
      expect(again.body.nextPageToken).toBe(page.body.nextPageToken);
      token = page.body.nextPageToken;
    }
    expect(keys).toEqual(expected);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("refuses a tampered token, and a token of another query, with 400 in Jira's shape", async () => {
    const first = await search('project = WEB', '&maxResults=5');
    const token: string = first.body.nextPageToken;
    const at = token.length - 6;
    const edited = token.slice(0, at) + (token[at] === 'x' ? 'y' : 'x') + token.slice(at + 1);
    const tampered = await search('project = WEB', `&maxResults=5&nextPageToken=${encodeURIComponent(edited)}`);
    expect(tampered.status).toBe(400);
    expect(tampered.body).toEqual({ errorMessages: [expect.stringMatching(/token/i)], errors: {} });
    const elsewhere = await search('project = API', `&maxResults=5&nextPageToken=${encodeURIComponent(token)}`);
    expect(elsewhere.status).toBe(400);
  });

  it('pages offset listings with startAt, maxResults, total and isLast', async () => {
    const projects = await jira.api('GET', '/rest/api/3/project/search?startAt=3&maxResults=2');
    expect(projects.body).toMatchObject({ startAt: 3, maxResults: 2, total: 4, isLast: true });
    expect(projects.body.values).toHaveLength(1);
    const issue = jira.state().issues.find((i) => i.histories.length >= 4)!;
    const changelog = await jira.api('GET', `/rest/api/3/issue/${issue.key}/changelog?startAt=1&maxResults=2`);
    expect(changelog.body).toMatchObject({
      startAt: 1,
      maxResults: 2,
      total: issue.histories.length,
      isLast: issue.histories.length <= 3,
    });
    expect(changelog.body.values.map((h: { id: string }) => h.id)).toEqual(
      issue.histories.slice(1, 3).map((h) => h.id),
    );
    const bad = await jira.api('GET', '/rest/api/3/project/search?startAt=-1');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ startAt: 'Invalid value' });
  });
});

describe('errors and authentication', () => {
  it("answers a wrong API token with 401 in Jira's shape", async () => {
    const response = await fetch(`${jira.sandbox.urlOf('/jira')}/rest/api/3/myself`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.acme.jira.email}:not-the-token`).toString('base64')}`,
      },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      errorMessages: ['Client must be authenticated to access this resource.'],
      errors: {},
    });
  });

  it("answers an injected 429 with Retry-After and Jira's body", async () => {
    jira.sandbox.faults.add({ prefix: '/jira', path: '/rest/api/3/myself', status: 429, retryAfter: 30, times: 1 });
    const limited = await jira.api('GET', '/rest/api/3/myself');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.body).toEqual({ errorMessages: ['Rate limit exceeded.'], errors: {} });
    expect((await jira.api('GET', '/rest/api/3/myself')).status).toBe(200);
  });

  it.each([
    ['an unknown field', 'foo = bar', "Field 'foo' does not exist or you do not have permission to view it."],
    ['an unknown project', 'project = NOPE', "The value 'NOPE' does not exist for the field 'project'."],
    ['a dangling AND', 'project = WEB AND', /^Error in the JQL Query: Expecting a field name but got '<EOF>'/],
    ['an unterminated string', 'summary ~ "checkout', /^Error in the JQL Query: The quoted string/],
    ['an unsupported operator', 'status WAS "Done"', /^Error in the JQL Query: The operator 'WAS'/],
    ['no restriction', 'ORDER BY created DESC', /^Unbounded JQL queries/],
  ])("refuses %s with 400 and Jira's message", async (_name, jql, message) => {
    const response = await search(jql);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({});
    expect(response.body.errorMessages).toHaveLength(1);
    if (typeof message === 'string') expect(response.body.errorMessages[0]).toBe(message);
    else expect(response.body.errorMessages[0]).toMatch(message);
  });

  it('answers the retired /rest/api/3/search with 410', async () => {
    const response = await jira.api('POST', '/rest/api/3/search', { jql: 'project = WEB' });
    expect(response.status).toBe(410);
  });
});

describe('isolation between workspaces', () => {
  it('each workspace sees its own projects, issues and people only', async () => {
    const platIssue = jira.state('globex').issues[0];
    expect((await jira.api('GET', `/rest/api/3/issue/${platIssue.key}`)).status).toBe(404);
    expect((await jira.api('GET', `/rest/api/3/issue/${platIssue.key}`, undefined, 'globex')).status).toBe(200);
    const cross = await jira.api(
      'GET',
      `/rest/api/3/search/jql?jql=${encodeURIComponent('project = WEB')}`,
      undefined,
      'globex',
    );
    expect(cross.status).toBe(400);
    const acmePerson = jira.state('acme').users[1];
    const found = await jira.api(
      'GET',
      `/rest/api/3/user/search?query=${encodeURIComponent(acmePerson.emailAddress)}`,
      undefined,
      'globex',
    );
    expect(found.body).toEqual([]);
    const me = await jira.api('GET', '/rest/api/3/myself', undefined, 'globex');
    expect(me.body.accountId).toBe(jira.state('globex').myselfId);
    expect(me.body.accountId).not.toBe(jira.state('acme').myselfId);
  });
});
