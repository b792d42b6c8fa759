import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import type { JiraState } from '../../src/sandbox/jira/index.js';
import { AppError, toAppError } from '../../src/toolkit/errors.js';
import { upstreamErrorMapper } from '../../src/integrations/errors.js';
import { fakeState } from '../helpers/sandbox.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Demo mode gives both demo tenants ticketing credentials that reach their own Jira site, and the jira
 * integration maps Jira's refusals (error bodies, a wrong token) to the app's errors.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const jiraOf = (tenant: 'acme' | 'globex') => server.app.connections.get(server.callerFor(tenant), 'jira');

async function failure(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    return toAppError(error, upstreamErrorMapper(server.app.integrations));
  }
  throw new Error('expected the call to fail');
}

describe('demo ticketing credentials', () => {
  it.each(['acme', 'globex'] as const)(
    "%s has the spec's {baseUrl, email, apiToken} and reads its own site",
    async (tenant) => {
      const { connections } = server.callerFor(tenant);
      expect(connections.ticketing).toEqual({
        baseUrl: 'sandbox:/jira',
        email: SANDBOX_CREDENTIALS[tenant].jira.email,
        apiToken: SANDBOX_CREDENTIALS[tenant].jira.apiToken,
      });
      const me = await (await jiraOf(tenant)).v3.myself.getCurrentUser();
      expect(me.accountId).toBe(fakeState<JiraState>(server, '/jira', tenant).myselfId);
      const boards = await (await jiraOf(tenant)).agile.board.getAllBoards({});
      expect(boards.values?.length).toBeGreaterThan(0);
    },
  );
});

describe('error mapping', () => {
  it('maps field errors to VALIDATION_ERROR with the fields as details', async () => {
    const error = await failure(
      (await jiraOf('acme')).v3.issues.createIssue({
        fields: { project: { key: 'WEB' }, summary: 'x', issuetype: { name: 'Saga' } },
      }),
    );
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      upstreamStatus: 400,
      message: 'issuetype: Specify a valid issue type',
      details: { issuetype: 'Specify a valid issue type' },
    });
  });

  it("maps a missing issue to NOT_FOUND with Jira's words, and bad JQL to VALIDATION_ERROR", async () => {
    expect(await failure((await jiraOf('acme')).v3.issues.getIssue({ issueIdOrKey: 'WEB-99999' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Issue does not exist or you do not have permission to see it.',
    });
    const jql = await failure(
      (await jiraOf('acme')).v3.issueSearch.searchForIssuesUsingJqlEnhancedSearch({ jql: 'project = WEB AND' }),
    );
    expect(jql.code).toBe('VALIDATION_ERROR');
    expect(jql.message).toMatch(/^Error in the JQL Query/);
  });

  it('maps a wrong API token to FORBIDDEN, without a crash', async () => {
    const caller = {
      ...server.callerFor('globex'),
      connections: {
        ticketing: { baseUrl: server.sandbox.urlOf('/jira'), email: 'bot@globex.test', apiToken: 'wrong' },
      },
    };
    const error = await failure((await server.app.connections.get(caller, 'jira')).v3.myself.getCurrentUser());
    expect(error).toMatchObject({ code: 'FORBIDDEN', upstreamStatus: 401 });
    expect(error.message).toContain('Client must be authenticated');
  });
});
