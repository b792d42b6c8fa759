import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { call, callAsSent, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';
import { expectRefused } from '../mcp/connect.js';

/** Ids of `.` and `..` must name nothing: refused before any upstream request, on every surface. */
let server: TestServer;
let token: string;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor('acme');
  client = await connectMcpClient(server, token);
}, 30_000);
afterAll(async () => {
  await client?.close();
  await server?.close();
});
const asTenant = { apiKey: TEST_API_KEY, headers: { 'X-Tenant-Id': 'acme' } };
const tenantHeaders = { 'X-API-KEY': TEST_API_KEY, 'X-Tenant-Id': 'acme' };

describe('an id that is a path step', () => {
  it.each(['%2e%2e', '%2e', '..%2F..', '%20'])('calendar refuses event id %s with 400 naming event_id', async (id) => {
    const { status, body } = await callAsSent(server, 'GET', `/calendar/calendars/primary/events/${id}`, {
      headers: tenantHeaders,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('event_id') },
    });
  });

  it('the suite calendar refuses it in its own error form', async () => {
    const { status, body } = await callAsSent(server, 'GET', '/suite/calendar/calendars/primary/events/%2e%2e', {
      headers: { 'X-JWT-Token': token },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ detail: expect.stringContaining('event_id') });
  });

  it('crm, team chat and the method routes refuse it too', async () => {
    const crm = await callAsSent(server, 'GET', '/crm/accounts/%2e%2e', { headers: tenantHeaders });
    expect([crm.status, crm.body.error?.code, crm.body.error?.message]).toEqual([
      400,
      'VALIDATION_ERROR',
      expect.stringContaining('id may not be'),
    ]);
    const channel = await callAsSent(server, 'GET', '/team_chat/channels/%2e', { headers: tenantHeaders });
    expect([channel.status, channel.body.error?.message]).toEqual([400, expect.stringContaining('channel_id')]);
    const repo = await call(server, 'GET', '/v1/code_host/get-repository?repo_id=acme/..', { token });
    expect([repo.status, repo.body.error?.message]).toEqual([400, expect.stringContaining('repo_id')]);
  });

  it('MCP refuses it as an error result naming the argument', async () => {
    await expectRefused(
      client,
      'calendar_get_event',
      { calendar_id: 'primary', event_id: '..' },
      { code: 'VALIDATION_ERROR', message: 'event_id' },
    );
    await expectRefused(
      client,
      'suite_get_event',
      { calendar_id: '.', event_id: 'sbx00000012a' },
      { code: 'VALIDATION_ERROR', message: 'calendar_id' },
    );
    await expectRefused(
      client,
      'ticketing_get_ticket',
      { issue_key: '..' },
      { code: 'VALIDATION_ERROR', message: 'issue_key' },
    );
  });

  it('ordinary ids still reach the upstream', async () => {
    expect((await call(server, 'GET', '/calendar/calendars/primary', asTenant)).status).toBe(200);
    expect((await call(server, 'GET', '/v1/code_host/get-repository?repo_id=acme/api', { token })).status).toBe(200);
  });
});
