import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callAsSent, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

/**
 * A request the server cannot read (a path whose percent-escape does not decode, a body that is not in
 * its Content-Encoding, a body that is not JSON) is the caller's mistake: 400 in the error form of the
 * family it was sent to, and nothing logged as a server error.
 */
let server: TestServer;
let headers: Record<string, string>;
let errorLog: ReturnType<typeof vi.spyOn>;
beforeAll(async () => {
  server = await startTestServer();
  headers = { 'X-JWT-Token': await server.tokenFor('acme'), 'X-API-KEY': TEST_API_KEY, 'X-Tenant-Id': 'acme' };
}, 30_000);
afterAll(() => server?.close());
beforeAll(() => {
  errorLog = vi.spyOn(server.app.log, 'error');
});
afterEach(() => {
  const logged = errorLog.mock.calls.slice();
  errorLog.mockClear();
  expect(logged).toEqual([]);
});

describe('a malformed percent-escape in a path', () => {
  it.each([
    ['/crm/accounts/%ZZ', 'GET'],
    ['/calendar/calendars/%ZZ/events', 'GET'],
    ['/team_chat/channels/%E0%A4%A/messages', 'GET'],
  ])('%s answers 400 in the envelope', async (path, method) => {
    const { status, body } = await callAsSent(server, method, path, { headers });
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('percent-escape') },
    });
  });

  it.each([
    ['/documents/%ZZ', 'GET'],
    ['/documents/%ZZ', 'DELETE'],
    ['/suite/mail/messages/%ZZ', 'GET'],
    ['/suite/mail/threads/%ZZ', 'GET'],
    ['/suite/calendar/calendars/primary/events/%ZZ', 'GET'],
  ])('%s (%s) answers 400 as {detail}, the family’s form', async (path, method) => {
    const { status, body } = await callAsSent(server, method, path, { headers });
    expect(status).toBe(400);
    expect(body).toEqual({ detail: expect.stringContaining('percent-escape') });
  });

  it('the graph answers 400 in its own form', async () => {
    for (const [method, path] of [
      ['GET', '/graph/context/user/%ZZ'],
      ['DELETE', '/graph/context/%ZZ'],
    ]) {
      const { status, body } = await callAsSent(server, method, path, { headers });
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, error: expect.stringContaining('percent-escape'), metadata: null });
    }
  });
});

describe('a body that is not in its Content-Encoding', () => {
  const notGzip = '{"not":"gzip"}';
  const gzipped = () => ({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', ...headers });

  it('on /mcp is a JSON-RPC parse error with 400', async () => {
    const { status, body } = await callAsSent(server, 'POST', '/mcp', {
      headers: { ...gzipped(), Accept: 'application/json, text/event-stream' },
      body: notGzip,
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.stringContaining('Content-Encoding') },
    });
  });

  it.each([
    ['/mcp/code_host/execute', 'POST', 'envelope'],
    ['/v1/code_host/create-issue', 'POST', 'envelope'],
    ['/code_host/create-issue', 'POST', 'envelope'],
    ['/graph/traverse', 'POST', 'graph'],
    ['/graph/entity', 'POST', 'graph'],
    ['/crm/accounts', 'POST', 'envelope'],
    ['/suite/mail/messages/send', 'POST', 'detail'],
  ])('on %s answers 400 in the family’s form', async (path, method, form) => {
    const { status, body } = await callAsSent(server, method, path, { headers: gzipped(), body: notGzip });
    expect(status).toBe(400);
    const message = expect.stringContaining('Content-Encoding');
    if (form === 'graph') expect(body).toEqual({ success: false, error: message, metadata: null });
    else if (form === 'detail') expect(body).toEqual({ detail: message });
    else expect(body).toEqual({ success: false, error: { code: 'VALIDATION_ERROR', message } });
  });

  it('a body that is gzip is read as before', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const { status, body } = await callAsSent(server, 'POST', '/mcp', {
      headers: { ...gzipped(), Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
      body: gzipSync(JSON.stringify(message)),
    });
    expect([status, body]).toEqual([200, { jsonrpc: '2.0', id: 1, result: {} }]);
  });
});

describe('a body on /mcp that is not JSON', () => {
  it('is a JSON-RPC parse error with 400', async () => {
    const { status, body } = await callAsSent(server, 'POST', '/mcp', {
      headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc": "2.0", "method": ',
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.stringContaining('Malformed JSON body') },
    });
  });
});
