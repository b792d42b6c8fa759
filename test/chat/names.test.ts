import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackOf } from '../helpers/chat.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let discoveryServer: TestServer;
let token: string;
let general: string;

async function mcpClient(on: TestServer, jwt: string): Promise<Client> {
  const client = new Client({ name: 'chat-names', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${on.url}/mcp`), { requestInit: { headers: { 'X-JWT-Token': jwt } } }),
  );
  return client;
}

beforeAll(async () => {
  [server, discoveryServer] = await Promise.all([startTestServer(), startTestServer({ mcp: { mode: 'discovery' } })]);
  token = await server.tokenFor('acme');
  general = slackOf(server).general;
});
afterAll(async () => {
  await server.close();
  await discoveryServer.close();
});

/** Every name a caller may use for a chat tool, and arguments it reads with. */
const READS: Array<[string[], string, () => Record<string, unknown>]> = [
  [
    [
      'chat_list_channels',
      'list_channels',
      'list-channels',
      'chatchannel:list',
      'ChatChannel.list',
      'CHATCHANNEL:LIST',
    ],
    'channels',
    () => ({ limit: 2 }),
  ],
  [
    ['chat_get_channel', 'get-channel', 'chatchannel:read', 'ChatChannel.read', 'ChatChannel.get'],
    'id',
    () => ({ channel_id: general }),
  ],
  [
    ['chat_list_messages', 'list-messages', 'chatmessage:list', 'ChatMessage.list'],
    'messages',
    () => ({ channel_id: general, limit: 2 }),
  ],
  [
    ['chat_get_message', 'get-message', 'chatmessage:read', 'ChatMessage.read', 'ChatMessage.get'],
    'ts',
    () => ({ channel_id: general, message_ts: slackOf(server).state.channels[0].messages[0].ts }),
  ],
  [
    ['chat_search_messages', 'search-messages', 'chatmessage:search', 'ChatMessage.search', 'chatMessage.Search'],
    'matches',
    () => ({ query: 'deploy', max_results: 2 }),
  ],
];
const ACTIONS = [
  ['chatmessage:create', 'ChatMessage.send', 'ChatMessage.create', 'send-message'],
  ['chatmessage:update', 'ChatMessage.update'],
  ['chatmessage:delete', 'ChatMessage.delete'],
];

describe('chat tools by every accepted name', () => {
  it.each(READS)('REST execute: %j', async (names, key, args) => {
    for (const name of names) {
      const answer = await call(server, 'POST', '/mcp/chat/execute', {
        token,
        body: { tool: name, arguments: args() },
      });
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.data).toHaveProperty(key);
    }
  });

  it('REST execute: send, edit and delete by the spec’s and the concept names', async () => {
    const deploys = slackOf(server).deploys;
    const exec = async (tool: string, args: Record<string, unknown>) =>
      (await call(server, 'POST', '/mcp/chat/execute', { token, body: { tool, arguments: args } })).body.data;
    for (const [create, update, remove] of [
      [ACTIONS[0][0], ACTIONS[1][0], ACTIONS[2][0]],
      [ACTIONS[0][1], ACTIONS[1][1], ACTIONS[2][1]],
    ]) {
      const sent = await exec(create, { channel_id: deploys, text: `by ${create}` });
      expect(sent.ts).toBeTruthy();
      expect((await exec(update, { channel_id: deploys, message_ts: sent.ts, text: 'edited' })).message.text).toBe(
        'edited',
      );
      expect((await exec(remove, { channel_id: deploys, message_ts: sent.ts })).deleted).toBe(true);
    }
    const unknown = await call(server, 'POST', '/mcp/chat/execute', { token, body: { tool: 'chatmessage:explode' } });
    expect(unknown.status).toBe(404);
    // An alias names a tool of its own system only.
    expect(
      (await call(server, 'POST', '/mcp/code_host/execute', { token, body: { tool: 'chatmessage:list' } })).status,
    ).toBe(404);
  });

  it('MCP: hosts see names valid everywhere; tools/call takes the qualified, the spec’s and the concept names', async () => {
    const client = await mcpClient(server, token);
    const listed = (await client.listTools()).tools.map((t) => t.name).filter((n) => n.startsWith('chat_'));
    expect(listed).toHaveLength(14);
    for (const name of listed) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    for (const [names, key, args] of READS) {
      for (const name of names.filter((n) => n.startsWith('chat_') || /[:.]/.test(n))) {
        const result = await client.callTool({ name, arguments: args() });
        expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
        expect(result.structuredContent).toHaveProperty(key);
      }
    }
    await client.close();
  });

  it('MCP discovery: describe_tool and execute_read_tool / execute_action_tool resolve aliases', async () => {
    const client = await mcpClient(discoveryServer, await discoveryServer.tokenFor('acme'));
    const described = await client.callTool({ name: 'describe_tool', arguments: { name: 'ChatMessage.search' } });
    expect(JSON.stringify(described.structuredContent ?? described.content)).toContain('chat_search_messages');
    const channel = slackOf(discoveryServer).general;
    const read = await client.callTool({
      name: 'execute_read_tool',
      arguments: { name: 'chatmessage:list', arguments: { channel_id: channel, limit: 1 } },
    });
    expect((read.structuredContent as { messages: unknown[] }).messages).toHaveLength(1);
    const sent = await client.callTool({
      name: 'execute_action_tool',
      arguments: { name: 'ChatMessage.send', arguments: { channel_id: channel, text: 'via discovery' } },
    });
    const ts = (sent.structuredContent as { ts: string }).ts;
    expect(ts).toBeTruthy();
    const removed = await client.callTool({
      name: 'execute_action_tool',
      arguments: { name: 'chatmessage:delete', arguments: { channel_id: channel, message_ts: ts } },
    });
    expect(removed.structuredContent).toMatchObject({ deleted: true });
    await client.close();
  });

  it('MCP: a user who has not installed the app is given the consent link', async () => {
    const last = (server.app.demo?.users() ?? []).filter((u) => u.tenant_id === 'acme').at(-1)?.user_email;
    const client = await mcpClient(server, await server.tokenFor('acme', last));
    const result = await client.callTool({ name: 'chatmessage:list', arguments: { channel_id: general } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('/oauth/chat/authorize');
    await client.close();
  });
});

describe('GET /v1/meta', () => {
  it('lists the fourteen chat methods with the spec’s verbs and typed params', async () => {
    const meta = (await call(server, 'GET', '/v1/meta')).body as {
      services: Array<{ name: string; methods: Array<Record<string, any>> }>;
    };
    const chat = meta.services.find((s) => s.name === 'chat');
    const byName = new Map(chat?.methods.map((m) => [m.name, m]));
    expect(byName.size).toBe(14);
    expect(Object.fromEntries([...byName].map(([name, m]) => [name, m.http_method]))).toMatchObject({
      list_messages: 'GET',
      search_messages: 'GET',
      send_message: 'POST',
      update_message: 'PATCH',
      delete_message: 'DELETE',
      get_connection_info: 'GET',
    });
    const params = new Map(byName.get('list_messages')?.params.map((p: Record<string, unknown>) => [p.name, p]));
    expect(params.get('channel_id')).toMatchObject({ type: 'str', required: true });
    expect(params.get('limit')).toMatchObject({ type: 'int', default: 100, required: false });
    expect(params.get('inclusive')).toMatchObject({ type: 'bool' });
    expect(
      byName.get('search_messages')?.params.find((p: Record<string, unknown>) => p.name === 'max_results'),
    ).toMatchObject({ type: 'int', default: 20 });
    expect(byName.get('list_messages')?.path).toBe('/chat/list-messages');
  });
});
