import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

// POST /admin/token checks each connection by its integration's own credential schema, so a wrong key
// or an incomplete credential is a 400 when the token is requested, not a failure at its first call.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const requestToken = (connections: unknown) =>
  call(server, 'POST', '/admin/token', {
    apiKey: TEST_API_KEY,
    body: { tenant_id: 'acme', user_email: 'ada@acme.test', connections },
  });

/** The demo's Jira credential (baseUrl, email, apiToken) without its email. */
function jiraWithoutEmail(): Record<string, unknown> {
  const { email: _email, ...rest } = server.callerFor('acme').connections.ticketing;
  return rest;
}

describe('POST /admin/token validates connections', () => {
  it('refuses a key that is not an integration id, naming it and the valid ids', async () => {
    const { status, body } = await requestToken({ github: { token: 'ghp_x' } });
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toContain('"github" is not an integration id');
    expect(body.error.message).toContain('GitHub\'s is "code_host"');
    expect(body.error.message).toMatch(/Valid keys: .*code_host.*ticketing/);
    expect(body.error.details[0].valid_keys).toEqual(
      expect.arrayContaining(['code_host', 'ticketing', 'notes', 'wiki']),
    );
  });

  it('refuses a per-user integration, whose credentials never come from a token', async () => {
    const { status, body } = await requestToken({ suite: { token: 'x' } });
    expect(status).toBe(400);
    expect(body.error.message).toContain('"suite" takes no credentials from a token');
  });

  it('refuses a Jira credential without email, naming the integration and the field', async () => {
    const { status, body } = await requestToken({ ticketing: jiraWithoutEmail() });
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toContain(
      'connections.ticketing is not a valid Jira credential: connections.ticketing.email:',
    );
    expect(body.error.message).toContain('(fields: baseUrl, email, apiToken)');
    expect(body.error.details).toEqual([expect.objectContaining({ field: 'connections.ticketing.email' })]);
  });

  it('issues a token for valid connections, and the token works', async () => {
    const { status, body } = await requestToken(server.callerFor('acme').connections);
    expect(status).toBe(200);
    const result = await call(server, 'POST', '/mcp/ticketing/execute', {
      token: body.token,
      body: { tool: 'get_projects' },
    });
    expect(result.status).toBe(200);
  });

  it('a token issued before with a bad connection still answers at its first use, as before', async () => {
    const token = await server.app.tokens.issue({
      tenant_id: 'acme',
      user_email: 'ada@acme.test',
      connections: { ticketing: jiraWithoutEmail() },
    });
    const result = await call(server, 'POST', '/mcp/ticketing/execute', { token, body: { tool: 'get_projects' } });
    expect(result.status).toBe(403);
    expect(result.body.error.code).toBe('NOT_CONFIGURED');
    expect(result.body.error.message).toBe('The Jira credentials (jwt) are incomplete or invalid: email');
  });
});
