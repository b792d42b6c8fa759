import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/governance/policy-hooks.js';
import type { ConfluenceState } from '../../src/sandbox/confluence/index.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import type { TestServer } from '../helpers/server.js';
import { decide, deletePage, pathOf } from './confirmation-flow.js';

interface Session {
  server: TestServer;
  /** Pages of the session's own to delete. */
  pages: string[];
  /** A demo user's token, and an MCP client (2025 era, no form) acting with it. */
  token: string;
  client: Client;
}

/** A describe block's server under `policy`, started before its tests and closed after them. */
function useSession(policy: typeof DEFAULT_POLICY): Session {
  const session = {} as Session;
  beforeAll(async () => {
    const { server, run } = await systemServer('wiki', { governancePolicy: policy });
    const space = [...fakeState<ConfluenceState>(server, '/confluence', 'acme').spaces.values()][0].key;
    session.server = server;
    session.pages = [];
    for (let i = 0; i < 4; i++) session.pages.push(await createdPage(run, space, i));
    session.token = await server.tokenFor('acme');
    session.client = await connectMcpClient(server, session.token);
  });
  afterAll(async () => {
    await session.client?.close();
    await session.server?.close();
  });
  return session;
}

const createdPage = async (run: Runner, space: string, i: number): Promise<string> =>
  ((await run('create_page', { space_key: space, title: `MCP confirmation ${i}`, body: 'text' })) as { id: string }).id;

const errorOf = (result: CallToolResult) => {
  expect(result.isError).toBe(true);
  return (JSON.parse((result.content[0] as { text: string }).text) as { error: any }).error;
};

const deleteOverMcp = (client: Client, pageId: string, meta?: Record<string, unknown>) =>
  client.callTool({
    name: 'wiki_delete_page',
    arguments: { page_id: pageId },
    ...(meta ? { _meta: meta } : {}),
  }) as Promise<CallToolResult>;

describe('over MCP, a client that cannot show a form', () => {
  const session = useSession(DEFAULT_POLICY);

  it('gets an isError result with the code and the link; after the person confirms, the same call runs once', async () => {
    const { server, pages, token, client } = session;
    const page = pages[0];
    const error = errorOf(await deleteOverMcp(client, page));
    expect(error).toMatchObject({
      code: 'CONFIRMATION_REQUIRED',
      details: { action: `Delete a Confluence page (page_id ${page})`, confirmation_url: expect.any(String) },
    });
    expect(server.sandbox.faults.count('DELETE', `/pages/${page}`)).toBe(0);
    await decide(server, pathOf(error.details.confirmation_url), token);
    const ran = await deleteOverMcp(client, page);
    expect(ran.isError).toBeFalsy();
    expect(ran.structuredContent).toMatchObject({ deleted: true, page_id: page });
    expect(errorOf(await deleteOverMcp(client, page)).code).toBe('CONFIRMATION_REQUIRED');
    expect(server.sandbox.faults.count('DELETE', `/pages/${page}`)).toBe(1);
  });

  it('a confirmation given over REST serves the same call over MCP: one confirmation, any surface', async () => {
    const { server, pages, token, client } = session;
    const page = pages[1];
    const { body } = await deletePage(server, token, page);
    await decide(server, pathOf(body.error.details.confirmation_url), token);
    expect((await deleteOverMcp(client, page)).isError).toBeFalsy();
    expect((await deletePage(server, token, page)).status).toBe(409);
  });
});

describe('where the tenant allows token confirmation', () => {
  const session = useSession({ ...DEFAULT_POLICY, allowsTokenConfirmation: () => true });

  it('over REST the caller repeats the call with X-Confirmation-Token, once', async () => {
    const { server, pages, token } = session;
    const page = pages[0];
    const refused = await deletePage(server, token, page);
    expect(refused.status).toBe(409);
    const confirmation = refused.body.error.details.confirmation_token as string;
    expect(refused.body.error.message).toContain('X-Confirmation-Token');
    expect((await deletePage(server, token, pages[1], confirmation)).body.error.details.refused).toContain(
      'other arguments',
    );
    expect((await deletePage(server, token, page, confirmation)).status).toBe(200);
    const replay = await deletePage(server, token, page, confirmation);
    expect(replay.status).toBe(409);
    expect(replay.body.error.details.refused).toBe('The confirmation given was already used');
    expect(server.sandbox.faults.count('DELETE', `/pages/${page}`)).toBe(1);
  });

  it('over MCP the caller repeats the call with _meta "constellation/confirmation"; another user cannot use it', async () => {
    const { server, pages, client } = session;
    const page = pages[2];
    const confirmation = errorOf(await deleteOverMcp(client, page)).details.confirmation_token as string;
    const [, other] = server.app.demo!.users().filter((u) => u.tenant_id === 'acme');
    const bob = await connectMcpClient(server, await server.tokenFor('acme', other.user_email));
    const stolen = errorOf(await deleteOverMcp(bob, page, { 'constellation/confirmation': confirmation }));
    expect(stolen.details.refused).toBe('The confirmation given was asked for by another user');
    await bob.close();
    const ran = await deleteOverMcp(client, page, { 'constellation/confirmation': confirmation });
    expect(ran.structuredContent).toMatchObject({ deleted: true });
    expect(server.sandbox.faults.count('DELETE', `/pages/${page}`)).toBe(1);
  });
});
