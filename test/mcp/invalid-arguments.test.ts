import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { useServerSession } from '../helpers/mcp-session.js';
import { call } from '../helpers/server.js';

/** tools/call whose `arguments` is not an object: -32602 (invalid params) naming `params.arguments` and what it must be. */
const session = useServerSession();

const CASES: Array<[unknown, string]> = [
  ['acme/api', 'a string'],
  [['acme/api'], 'an array'],
  [42, 'a number'],
  [null, 'null'],
];
const request = (id: number, args: unknown) => ({
  jsonrpc: '2.0' as const,
  id,
  method: 'tools/call',
  params: { name: 'code_host_get_repository', arguments: args },
});

describe('tools/call with arguments that are not an object', () => {
  it('over streamable HTTP', async () => {
    for (const [args, got] of CASES) {
      const response = await call(session.server, 'POST', '/mcp', {
        token: session.token,
        headers: { Accept: 'application/json, text/event-stream' },
        body: request(1, args),
      });
      expect(response.body.error, got).toMatchObject({
        code: -32602,
        message: expect.stringMatching(/"arguments"[\s\S]*expected record/),
      });
    }
  });

  it('over a session transport (as stdio serves it)', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await session.server.surface.createServer(() => session.server.callerFor('acme')).connect(serverSide);
    const answers = new Map<number, JSONRPCMessage>();
    const everyCaseAnswered = new Promise<void>((resolve) => {
      clientSide.onmessage = (message) => {
        if ('id' in message && typeof message.id === 'number') answers.set(message.id, message);
        if (CASES.every((_, index) => answers.has(index + 1))) resolve();
      };
    });
    await clientSide.start();
    await clientSide.send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    for (const [index, [args]] of CASES.entries()) await clientSide.send(request(index + 1, args));
    await everyCaseAnswered;
    for (const [index, [, got]] of CASES.entries()) {
      expect(answers.get(index + 1), got).toMatchObject({
        error: { code: -32602, message: expect.stringMatching(/"arguments"[\s\S]*expected record/) },
      });
    }
    await clientSide.close();
  });

  it('an object still works, and omitted arguments mean none', async () => {
    const ok = await call(session.server, 'POST', '/mcp', {
      token: session.token,
      headers: { Accept: 'application/json, text/event-stream' },
      body: request(1, { repo_id: 'acme/api' }),
    });
    expect(ok.body.result.structuredContent).toMatchObject({ full_name: 'acme/api' });
    const none = await call(session.server, 'POST', '/mcp', {
      token: session.token,
      headers: { Accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'code_host_get_repositories' } },
    });
    expect(none.body.result.isError).toBeFalsy();
  });
});
