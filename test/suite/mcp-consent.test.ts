import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpSurface } from '../../src/mcp/server.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { consentInBrowser, demoUsers } from './suite-routes.js';

/** Over MCP, a suite tool called by a user who has not consented yields the consent URL; after consent the same call succeeds. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TOOL = { name: 'suite_list_events', arguments: { calendar_id: 'primary', max_results: 3 } };
const authUrlFor = (tenant: string, email: string) =>
  `${server.url}/oauth/suite/authorize?tenant_id=${tenant}&user_email=${encodeURIComponent(email)}`;

describe('suite tools over MCP for a user who has not consented', () => {
  it('over streamable HTTP: an isError result carrying auth_url, then success after consent', async () => {
    const user = demoUsers(server, 'acme').at(-1) as string;
    const token = await server.tokenFor('acme', user);
    const client = new Client({ name: 'suite-consent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': token } },
      }),
    );
    try {
      const refused = (await client.callTool(TOOL)) as CallToolResult;
      expect(refused.isError).toBe(true);
      const error = JSON.parse((refused.content[0] as { text: string }).text) as {
        error: { code: string; details: { auth_url: string } };
      };
      expect(error.error).toMatchObject({
        code: 'AUTHORIZATION_REQUIRED',
        details: { provider: 'google', auth_url: authUrlFor('acme', user) },
      });

      expect((await consentInBrowser(server, user, error.error.details.auth_url)).status).toBe(200);
      const answered = (await client.callTool(TOOL)) as CallToolResult;
      expect(answered.isError).toBeFalsy();
      const events = (answered.structuredContent as { events: Array<{ calendar_id: string }> }).events;
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((e) => e.calendar_id === 'primary')).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('a client declaring URL elicitation gets -32042 with the consent URL, then success after consent', async () => {
    const user = demoUsers(server, 'globex').at(-1) as string;
    const surface = new McpSurface(server.app, { mode: 'full' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await surface.createServer(() => server.callerFor('globex', user)).connect(serverSide);
    const client = new Client(
      { name: 'suite-elicitation', version: '1.0.0' },
      { capabilities: { elicitation: { url: {} } } },
    );
    await client.connect(clientSide);
    try {
      const error = await client.callTool(TOOL).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(McpError);
      expect(error).toMatchObject({
        code: -32042,
        data: { elicitations: [{ mode: 'url', url: authUrlFor('globex', user), elicitationId: expect.any(String) }] },
      });

      expect((await consentInBrowser(server, user, authUrlFor('globex', user))).status).toBe(200);
      const answered = (await client.callTool(TOOL)) as CallToolResult;
      expect(answered.isError).toBeFalsy();
      expect((answered.structuredContent as { events: unknown[] }).events.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});
