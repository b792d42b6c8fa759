import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw, requestHead } from '../helpers/raw-http.js';
import { spawnServer, startBuiltDemo, type SpawnedServer } from '../helpers/built-server.js';

const FIXTURE = new URL('./fixtures/guarded-server.ts', import.meta.url).pathname;

describe('the process guard, in a process of its own', () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await spawnServer(['--import', 'tsx', FIXTURE], {}, /listening at (http:\/\/[\d.:]+)/);
  });
  afterAll(() => server.stop());

  const get = async (path: string) => {
    const res = await fetch(server.url + path);
    return { status: res.status, body: await res.text(), connection: res.headers.get('connection') };
  };

  it('answers 500 for the request an unhandled error event came from, and keeps serving', async () => {
    expect(await get('/emitter')).toEqual({
      status: 500,
      body: JSON.stringify({ detail: 'Internal error' }),
      connection: 'close',
    });
    expect(await get('/ok')).toMatchObject({ status: 200, body: 'ok' });
    await server.stderrMatching(
      /"msg":"unhandled error: kept serving".*"error":"an emitter nobody listens to".*"path":"\/emitter"/,
    );
  });

  it('answers 500 for a promise nobody awaited', async () => {
    expect(await get('/rejection')).toMatchObject({ status: 500 });
    await server.stderrMatching(/"msg":"unhandled promise rejection: kept serving".*"error":"a promise nobody awaits"/);
    expect(await get('/ok')).toMatchObject({ status: 200 });
  });

  it('answers in JSON-RPC on the MCP endpoint', async () => {
    const res = await get('/mcp');
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32603, message: 'Internal error' },
      id: null,
    });
  });

  it('cuts an answer already under way, rather than leave the client waiting', async () => {
    await expect(fetch(server.url + '/streaming').then((res) => res.text())).rejects.toThrow();
    expect(await get('/ok')).toMatchObject({ status: 200 });
    expect(server.child.exitCode).toBeNull();
  });
});

describe('the built command, sent the truncated upload of the audit', () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await startBuiltDemo();
  }, 40_000);
  afterAll(() => server.stop());

  it('answers 400 and goes on serving', async () => {
    // The request of the audit's curl command, byte for byte: the file part never reaches a boundary.
    const body = `--zz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nunterminated`;
    const head = requestHead('POST', '/documents/upload', server.url, {
      'Content-Type': 'multipart/form-data; boundary=zz',
      'Content-Length': Buffer.byteLength(body),
    });
    const answer = await sendRaw(server.url, head + body, 'wait');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).detail).toMatch(/^Malformed multipart body: Unexpected end of form/);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
