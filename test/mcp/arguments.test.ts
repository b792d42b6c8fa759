import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const BIN = new URL('../../bin/constellation.js', import.meta.url).pathname;
const NOT_OBJECTS: unknown[] = ['repo_id=acme/api', ['acme/api'], 42, null];

/** Sends tools/call as it is (the SDK client's types would not let a non-object through). */
async function expectInvalidParams(client: Client, name: string, args: unknown, what: string): Promise<void> {
  const sent = client.request(
    { method: 'tools/call', params: { name, arguments: args as Record<string, unknown> } },
    CallToolResultSchema,
  );
  const error = await sent.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error, `tools/call ${name} with ${JSON.stringify(args)}`).toBeInstanceOf(McpError);
  expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
  // The protocol layer checks the top level itself (naming `params.arguments`); the execute meta-tools'
  // inner arguments are ours to check.
  if (what === 'tools/call arguments') expect((error as McpError).message).toMatch(/"arguments"[\s\S]*expected record/);
  else expect((error as McpError).message).toContain(`${what} must be a JSON object of the tool's arguments`);
}

async function httpClient(server: TestServer): Promise<Client> {
  const client = new Client({ name: 'arguments-test', version: '1.0.0' });
  const headers = { 'X-JWT-Token': await server.tokenFor('acme') };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
  return client;
}

// test/mcp/invalid-arguments.test.ts covers full mode; these cover discovery, where the execute
// meta-tools carry a catalog tool's arguments inside their own, over HTTP and a spawned stdio server.

/** Top-level and inner arguments that are not an object, each with the message part that must name it. */
async function expectDiscoveryRefusals(client: Client): Promise<void> {
  for (const args of NOT_OBJECTS) {
    await expectInvalidParams(client, 'search_tools', args, 'tools/call arguments');
    await expectInvalidParams(
      client,
      'execute_read_tool',
      { name: 'code_host_get_repository', arguments: args },
      'execute_read_tool arguments.arguments',
    );
    await expectInvalidParams(
      client,
      'execute_action_tool',
      { name: 'code_host_create_issue', arguments: args },
      'execute_action_tool arguments.arguments',
    );
  }
  const result = await client.callTool({
    name: 'execute_read_tool',
    arguments: { name: 'code_host_get_repository', arguments: { repo_id: 'acme/api' } },
  });
  expect(result.structuredContent).toMatchObject({ full_name: 'acme/api' });
}

describe('discovery mode: arguments that are not a JSON object are invalid params (-32602)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mcp: { mode: 'discovery' } });
  });
  afterAll(() => server.close());

  it('over streamable HTTP', async () => {
    const client = await httpClient(server);
    await expectDiscoveryRefusals(client);
    await client.close();
  });
});

describe('discovery mode over stdio (spawned bin/constellation.js)', () => {
  const client = new Client({ name: 'arguments-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--demo', '--tool-mode', 'discovery'],
    env: {
      PATH: process.env.PATH ?? '',
      CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-arguments-')),
    },
    stderr: 'pipe',
  });
  beforeAll(() => client.connect(transport));
  afterAll(() => client.close());

  it('answers -32602 naming the arguments at fault, and keeps serving', async () => {
    await expectDiscoveryRefusals(client);
  });
});
