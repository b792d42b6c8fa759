import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpSurface } from '../../src/mcp/server.js';
import { MANIFESTS } from '../../tools/index.js';
import { consentCheckSystem } from '../helpers/consent-check.js';
import { useServerSession } from '../helpers/mcp-session.js';

const AUTH_URL = 'https://constellation.example.test/oauth/suite/authorize?tenant_id=acme&user_email=ada%40acme.test';

const { manifest: consentSystem, consented } = consentCheckSystem(AUTH_URL);

const session = useServerSession('acme', { manifests: [...MANIFESTS, consentSystem] });
let email: string;
beforeAll(() => {
  email = session.server.callerFor('acme').userEmail as string;
});
afterAll(() => consented.clear());

async function inMemoryClient(capabilities: ConstructorParameters<typeof Client>[1]): Promise<Client> {
  const surface = new McpSurface(session.server.app, { mode: 'full' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await surface.createServer(() => session.server.callerFor('acme')).connect(serverSide);
  const client = new Client({ name: 'elicitation-test', version: '1.0.0' }, capabilities);
  await client.connect(clientSide);
  return client;
}

describe('a tool that needs the user’s consent', () => {
  it('a client that declared URL elicitation gets -32042 with the consent URL, and the call succeeds after consent', async () => {
    consented.clear();
    const client = await inMemoryClient({ capabilities: { elicitation: { url: {} } } });
    const error = await client.callTool({ name: 'consent_check_get_agenda', arguments: {} }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({
      code: -32042,
      data: {
        elicitations: [
          { mode: 'url', url: AUTH_URL, message: 'Authorize Google to continue', elicitationId: expect.any(String) },
        ],
      },
    });

    consented.add(email);
    const result = (await client.callTool({ name: 'consent_check_get_agenda', arguments: {} })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ events: ['Standup'] });
    await client.close();
  });

  it('a client without URL elicitation gets an isError result carrying auth_url', async () => {
    consented.clear();
    const client = await inMemoryClient({ capabilities: {} });
    const result = (await client.callTool({ name: 'consent_check_get_agenda', arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({
      error: {
        code: 'AUTHORIZATION_REQUIRED',
        message: 'Authorize Google to continue',
        details: { provider: 'google', auth_url: AUTH_URL },
      },
    });
    await client.close();
  });

  it('over stateless HTTP (no session remembers the capabilities) the isError form is what every client gets', async () => {
    consented.clear();
    const result = (await session.client.callTool({
      name: 'consent_check_get_agenda',
      arguments: {},
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toContain(AUTH_URL);
    consented.add(email);
    expect(
      ((await session.client.callTool({ name: 'consent_check_get_agenda', arguments: {} })) as CallToolResult)
        .structuredContent,
    ).toEqual({ events: ['Standup'] });
  });
});
