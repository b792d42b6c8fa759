import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * A tool call answered as JSON (no progress asked for) is one complete body: it goes out with its
 * Content-Length, in both protocol eras, so a client or a proxy knows its size before reading it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TOOL = 'code_host_get_repositories';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'http-answers-test', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

async function post(token: string, version: string, message: object, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'X-JWT-Token': token,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': version,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });
}

const ERAS = {
  '2026-07-28': (token: string) =>
    post(
      token,
      '2026-07-28',
      { id: 1, method: 'tools/call', params: { name: TOOL, arguments: {}, _meta: ENVELOPE } },
      { 'Mcp-Method': 'tools/call', 'Mcp-Name': TOOL },
    ),
  '2025-11-25': async (token: string) => {
    await post(token, '2025-11-25', {
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'http-answers-test', version: '1' },
      },
    });
    return post(token, '2025-11-25', { id: 1, method: 'tools/call', params: { name: TOOL, arguments: {} } });
  },
};

describe.each(Object.entries(ERAS))('a tool call answered as JSON, protocol %s', (_era, callTool) => {
  it('carries its Content-Length and the whole result', async () => {
    const response = await callTool(await server.tokenFor('globex'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('transfer-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(body.byteLength));
    const { result } = JSON.parse(body.toString('utf8')) as {
      result: { structuredContent: { repositories: { full_name: string }[] } };
    };
    expect(result.structuredContent.repositories.length).toBeGreaterThan(0);
    expect(result.structuredContent.repositories.every((r) => r.full_name.startsWith('globex/'))).toBe(true);
  });
});
