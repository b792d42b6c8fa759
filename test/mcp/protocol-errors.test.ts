import { Client as ModernClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { callAsSent, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Requests the protocol itself refuses, over streamable HTTP in both eras: what the caller sent is
 * not a request we can serve, so the answer is a JSON-RPC error, not a result.
 */
let server: TestServer;
let token: string;
let legacy: Client;
let modern: ModernClient;
beforeAll(async () => {
  server = await startTestServer({ mcp: { mode: 'full' } });
  token = await server.tokenFor('acme');
  legacy = await connectMcpClient(server, token);
  modern = new ModernClient(
    { name: 'protocol-errors', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await modern.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': token } },
    }),
  );
}, 30_000);
afterAll(async () => {
  await legacy?.close();
  await modern?.close();
  await server?.close();
});

const INVALID_PARAMS = -32602;

describe('a tools/list cursor that is not ours', () => {
  // Pagination (2025-11-25 server/utilities/pagination, Error Handling; tools/list keeps pagination in 2026-07-28): "Invalid
  // cursors SHOULD result in an error with code -32602 (Invalid params)". tools/list answers in one
  // page, so any cursor is foreign; answering the first page again would loop a client forever.
  it('is invalid params in the 2025 era', async () => {
    await expect(legacy.listTools({ cursor: 'bm90LW91cnM' })).rejects.toMatchObject({
      code: INVALID_PARAMS,
      message: expect.stringContaining('Invalid cursor'),
    });
    expect((await legacy.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('is invalid params in the 2026-07-28 era', async () => {
    await expect(modern.listTools({ cursor: 'bm90LW91cnM' })).rejects.toMatchObject({ code: INVALID_PARAMS });
  });
});

describe('a tools/call of a tool the catalog does not have', () => {
  // Tools, Error Handling (2025-11-25 server/tools and 2026-07-28 server/tools): unknown tools are a
  // Protocol Error, "Standard JSON-RPC errors", the example being code -32602 "Unknown tool:
  // invalid_tool_name"; isError results are for execution errors (API failures, invalid input).
  it('is a protocol error in the 2025 era', async () => {
    await expect(legacy.callTool({ name: 'code_host_nope', arguments: {} })).rejects.toMatchObject({
      code: INVALID_PARAMS,
      message: expect.stringContaining('Unknown tool: code_host_nope'),
    });
  });

  it('is a protocol error in the 2026-07-28 era', async () => {
    await expect(modern.callTool({ name: 'code_host_nope', arguments: {} })).rejects.toMatchObject({
      code: INVALID_PARAMS,
      message: expect.stringContaining('Unknown tool: code_host_nope'),
    });
  });

  it('is one on the wire too, task-augmented calls included', async () => {
    const headers = {
      'X-JWT-Token': token,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
    };
    for (const params of [{ name: 'nope' }, { name: 'nope', task: { ttl: 60_000 } }]) {
      const { status, body } = await callAsSent(server, 'POST', '/mcp', {
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { arguments: {}, ...params } }),
      });
      expect([status, body]).toEqual([
        200,
        {
          jsonrpc: '2.0',
          id: 7,
          error: { code: INVALID_PARAMS, message: expect.stringContaining('Unknown tool: nope') },
        },
      ]);
    }
  });

  it('a tool of the catalog this request does not see stays an error result saying why', async () => {
    const headers = {
      'X-JWT-Token': token,
      'X-MCP-Tools': 'code_host_get_repositories',
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
    };
    const message = {
      jsonrpc: '2.0',
      id: 8,
      method: 'tools/call',
      params: { name: 'code_host_get_repository', arguments: { repo_id: 'acme/api' } },
    };
    const { status, body } = await callAsSent(server, 'POST', '/mcp', { headers, body: JSON.stringify(message) });
    expect([status, body.result?.isError, body.result?.content?.[0]?.text]).toEqual([
      200,
      true,
      expect.stringContaining('FORBIDDEN'),
    ]);
  });
});
