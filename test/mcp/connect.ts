import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import type { McpSurface } from '../../src/mcp/server.js';
import type { ToolSelection } from '../../src/toolkit/registry.js';
import type { Caller } from '../../src/toolkit/context.js';
import { listEveryTool } from '../helpers/mcp-session.js';

/** An SDK client connected in memory to a server of the surface acting as `caller`. */
export async function connectInMemory(surface: McpSurface, caller: Caller, narrowing?: ToolSelection): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await surface.createServer(() => caller, { narrowing }).connect(serverSide);
  const client = new Client({ name: 'exposure-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

export async function listedNames(client: Client): Promise<string[]> {
  return (await listEveryTool(client)).tools.map((t) => t.name).sort();
}

/** The `{error: {code, message}}` of a failed tool call (it fails the test when the call succeeded). */
function errorOf(result: Awaited<ReturnType<Client['callTool']>>): { code: string; message: string } {
  const { isError, content } = result as CallToolResult;
  if (!isError) throw new Error(`expected an error result, got ${JSON.stringify(content)}`);
  return (JSON.parse((content[0] as { text: string }).text) as { error: { code: string; message: string } }).error;
}

/** Calls a tool that must be refused, and checks the error's code and a part of its message. */
export async function expectRefused(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  expected: { code: string; message: string },
): Promise<void> {
  const error = errorOf(await client.callTool({ name, arguments: args }));
  expect(error.code).toBe(expected.code);
  expect(error.message).toContain(expected.message);
}
