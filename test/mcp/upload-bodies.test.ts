import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentsApi } from '../documents/files.js';
import { openSocket, requestHead, sendRaw } from '../helpers/raw-http.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

// The MCP upload tool fed what a broken or departing client sends: the request fails alone, nothing is
// stored, and the server goes on answering everyone.

let server: TestServer;
let token: string;
let api: ReturnType<typeof documentsApi>;

beforeAll(async () => {
  server = await startTestServer({ config: { rateLimitPerMinute: 0 } });
  token = await server.tokenFor('acme');
  api = documentsApi(server, token);
});
afterAll(() => server.close());
afterEach(async () => {
  expect((await call(server, 'GET', '/health')).status).toBe(200);
  expect((await api.list()).body).toMatchObject({ documents: [], total: 0 });
});

const uploadCall = (args: Record<string, unknown>) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'documents_upload_document', arguments: args },
  });
const mcpHead = (length: number) =>
  requestHead('POST', '/mcp', server.url, {
    'X-JWT-Token': token,
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'Content-Length': length,
  });
const mcpPost = (body: string) =>
  fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'X-JWT-Token': token,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body,
  });
/** The error a failed tool call carries in its text content. */
async function toolError(res: Response): Promise<{ code: string; message: string }> {
  const body = (await res.json()) as { result: { isError: boolean; content: Array<{ text: string }> } };
  expect(body.result.isError).toBe(true);
  return (JSON.parse(body.result.content[0].text) as { error: { code: string; message: string } }).error;
}

describe('an upload_document call cut off or malformed', () => {
  const whole = uploadCall({ filename: 'notes.txt', content: 'Meeting notes: PAY-103 is blocked. '.repeat(2000) });

  it('stores nothing when the client disconnects halfway through the request body', async () => {
    const socket = await openSocket(server.url);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(mcpHead(Buffer.byteLength(whole)) + whole.slice(0, whole.length / 2));
    socket.destroy();
    await closed;
  });

  it('answers 400 to a body that ends in the middle of its JSON', async () => {
    const cut = whole.slice(0, whole.length / 2);
    const answer = await sendRaw(server.url, mcpHead(Buffer.byteLength(cut)) + cut, 'wait');
    expect(answer.status).toBe(400);
  });

  it('refuses base64 content cut off mid-group, naming the encoding', async () => {
    const res = await mcpPost(
      uploadCall({
        filename: 'report.pdf',
        content: Buffer.from('%PDF-1.7 and more bytes').toString('base64').slice(0, 15),
        encoding: 'base64',
      }),
    );
    expect(await toolError(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'content is not valid base64 (encoding is base64)',
    });
  });

  it('refuses a call without content, naming the argument', async () => {
    const res = await mcpPost(uploadCall({ filename: 'notes.txt' }));
    const body = (await res.json()) as { result: { isError: boolean; content: Array<{ text: string }> } };
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toMatch(/content/);
  });

  it('answers a file that cannot be read as the caller’s fault, without storing it', async () => {
    const res = await mcpPost(
      uploadCall({
        filename: 'notes.txt',
        content: Buffer.from([0x89, 0x50, 0, 0, 1, 2]).toString('base64'),
        encoding: 'base64',
      }),
    );
    expect(await toolError(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Failed to process document: the file is binary, not text',
    });
  });
});
