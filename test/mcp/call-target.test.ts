import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { McpSurface } from '../../src/mcp/server.js';
import type { Caller } from '../../src/toolkit/context.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { connectInMemory, expectRefused } from './connect.js';

let server: TestServer;
let withGithub: Caller;
beforeAll(async () => {
  server = await startTestServer();
  withGithub = server.callerFor('acme');
});
afterAll(() => server.close());

/**
 * A surface whose credential lookups fail for every integration but GitHub's, as when the store holding
 * the others cannot be read.
 */
function surfaceWithOnlyGithubReadable(): McpSurface {
  const { connections } = server.app;
  const onlyGithub: Pick<typeof connections, 'remedyFor' | 'available'> = {
    remedyFor: (missing) => connections.remedyFor(missing),
    available: (caller, among) =>
      among?.every((id) => id === 'github')
        ? connections.available(caller, among)
        : Promise.reject(new Error('credential store unreachable')),
  };
  // The app with other connections, read through to the rest: spreading it would read every getter (a
  // PostgreSQL installation's `db` throws).
  const app: typeof server.app = Object.create(server.app, { connections: { value: onlyGithub } });
  return new McpSurface(app, { mode: 'full' });
}

describe('tools/call of a catalog tool', () => {
  it('looks up the credentials of the integrations the tool reaches, not every integration’s', async () => {
    const client = await connectInMemory(surfaceWithOnlyGithubReadable(), withGithub);
    const result = (await client.callTool({ name: 'code_host_get_repositories', arguments: {} })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toHaveProperty('repositories');
    await client.close();
  });

  it('still refuses, saying why, a tool the caller lacks the credentials of', async () => {
    const client = await connectInMemory(new McpSurface(server.app, { mode: 'full' }), {
      ...withGithub,
      connections: {},
    });
    await expectRefused(
      client,
      'code_host_get_repositories',
      {},
      { code: 'NOT_CONFIGURED', message: 'needs GitHub credentials, which this caller lacks' },
    );
    await client.close();
  });
});
