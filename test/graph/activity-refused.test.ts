import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { useServerSession } from '../helpers/mcp-session.js';
import { call } from '../helpers/server.js';

/** Every execution leaves its activity record, refused arguments included (target: the system). */
const session = useServerSession('globex');

const REFUSED: Array<[string, Record<string, unknown>]> = [
  ['traverse', { entity_type: 'user', entity_id: 'x', depth: 'x' }],
  ['find_path', { from_id: 'a', to_type: 'user', to_id: 'b' }],
  ['get_entity_context', {}],
];

async function feed(): Promise<
  Array<{
    action: string;
    target_type: string;
    target_id: string;
    properties: { success: boolean; error_code?: string };
  }>
> {
  const response = await call(session.server, 'GET', '/graph/feed?limit=100', { token: session.token });
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('refused arguments still leave an activity record', () => {
  it('over REST', async () => {
    for (const [tool, args] of REFUSED) {
      const response = await call(session.server, 'POST', '/mcp/graph/execute', {
        token: session.token,
        body: { tool, arguments: args },
      });
      expect(response.status, tool).toBe(400);
    }
    const records = await feed();
    for (const [tool] of REFUSED) {
      expect(records, tool).toContainEqual(
        expect.objectContaining({
          action: `mcp.${tool}`,
          target_type: 'system',
          target_id: 'graph',
          properties: expect.objectContaining({ success: false, error_code: 'VALIDATION_ERROR' }),
        }),
      );
    }
  });

  it('over MCP', async () => {
    const before = (await feed()).length;
    const client = new Client({ name: 'activity-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${session.server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': session.token } },
      }),
    );
    for (const [tool, args] of REFUSED)
      expect((await client.callTool({ name: `graph_${tool}`, arguments: args })).isError, tool).toBe(true);
    await client.close();
    // Reading the feed is a graph tool call too: the first read left one record of its own.
    expect((await feed()).length).toBe(before + 1 + REFUSED.length);
  });
});
