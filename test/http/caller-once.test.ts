import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { upload } from '../documents/files.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * A request's token is verified once however many layers ask for its caller: the rate limiter (on, as
 * in production), the route's own check, the MCP endpoint, the upload slots.
 */
let server: TestServer;
let token: string;
let verifications = 0;
beforeAll(async () => {
  server = await startTestServer({ config: { rateLimitPerMinute: 1000 } });
  token = await server.tokenFor('acme');
  const tokens = server.app.tokens;
  const verify = tokens.verify.bind(tokens);
  tokens.verify = (offered) => {
    verifications++;
    return verify(offered);
  };
});
afterAll(() => server.close());
beforeEach(() => (verifications = 0));

describe('one token verification per request', () => {
  it('a catalog route and a method route', async () => {
    const execute = await call(server, 'POST', '/mcp/code_host/execute', {
      token,
      body: { tool: 'get_repository', arguments: { repo_id: 'acme/web' } },
    });
    expect(execute.status).toBe(200);
    expect(verifications).toBe(1);

    const method = await call(server, 'GET', '/v1/code_host/get-repository?repo_id=acme/web', { token });
    expect(method.status).toBe(200);
    expect(verifications).toBe(2);
  });

  it('an upload, whose slot and route both need the caller', async () => {
    const uploaded = await upload(server, token, 'notes.txt', 'The payments team ships the refund flow.');
    expect(uploaded.status).toBe(200);
    expect(verifications).toBe(1);
  });

  it('the MCP endpoint, once for each HTTP request of a session', async () => {
    let requests = 0;
    const counting: typeof fetch = (input, init) => {
      requests++;
      return fetch(input, init);
    };
    const client = new Client({ name: 'caller-once', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': token } },
        fetch: counting,
      }),
    );
    const result = await client.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'acme/web' } });
    await client.close();
    expect(result.isError).toBeFalsy();
    expect(requests).toBeGreaterThan(0);
    expect(verifications).toBe(requests);
  });

  it('a chat authorization started with the token in its Access-Token header', async () => {
    const started = await fetch(`${server.url}/oauth/chat/authorize`, {
      headers: { 'Access-Token': token },
      redirect: 'manual',
    });
    expect(started.status).toBe(302);
    expect(verifications).toBe(1);
  });
});
