import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpFetch } from '../../src/integrations/node-http-fetch.js';

/** What the server saw of each request. */
interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
let neverAnswered: (() => void) | undefined;
/** Called once the server holds a request it will not answer. */
let onHang: (() => void) | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/gzipped') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync('{"packed":true}'));
      } else if (req.url === '/moved') {
        res.writeHead(301, { location: '/echo' }).end();
      } else if (req.url === '/limited') {
        res
          .writeHead(429, [
            ['Retry-After', '7'],
            ['Set-Cookie', 'a=1'],
            ['Set-Cookie', 'b=2'],
          ])
          .end('slow down');
      } else if (req.url === '/cut') {
        // Promises a body it never finishes: the connection drops a fifth of the way through.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"results":[{"id":');
        res.socket?.destroy();
      } else if (req.url === '/empty') {
        res.writeHead(204).end();
      } else if (req.url === '/hang') {
        neverAnswered = () => res.end();
        onHang?.();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echoed: body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  neverAnswered?.();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A fallback that answers itself, to tell which path served a request. */
const fallback: typeof fetch = () => Promise.resolve(new Response('from fallback', { status: 200 }));

describe('nodeHttpFetch', () => {
  it('sends a JSON request as fetch would and hands back status, headers and body', async () => {
    const send = nodeHttpFetch(fallback);
    const response = await send(`${base}/echo`, {
      method: 'post',
      headers: { 'Content-Type': 'application/json', 'Notion-Version': '2025-09-03' },
      body: '{"query":"é"}',
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ echoed: '{"query":"é"}' });
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.headers['notion-version']).toBe('2025-09-03');
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength('{"query":"é"}')));
    expect(request.headers['transfer-encoding']).toBeUndefined();
  });

  it('decodes a compressed answer', async () => {
    const response = await nodeHttpFetch(fallback)(`${base}/gzipped`);
    expect(seen.at(-1)!.headers['accept-encoding']).toContain('gzip');
    expect(await response.json()).toEqual({ packed: true });
  });

  it('keeps a refusal readable: its status, repeated headers and body', async () => {
    const response = await nodeHttpFetch(fallback)(`${base}/limited`);
    expect(response.status).toBe(429);
    expect(response.ok).toBe(false);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.text()).toBe('slow down');
  });

  it('answers a bodiless status with an empty body', async () => {
    const response = await nodeHttpFetch(fallback)(`${base}/empty`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it("reads a body once, by any of a Response's readers, as fetch does", async () => {
    const send = nodeHttpFetch(fallback);
    const post = () => send(`${base}/echo`, { method: 'POST', body: 'ünï' });
    const expected = JSON.stringify({ echoed: 'ünï' });
    const asText = await post();
    expect(asText.bodyUsed).toBe(false);
    expect(await asText.text()).toBe(expected);
    expect(asText.bodyUsed).toBe(true);
    await expect(asText.json()).rejects.toThrow(TypeError);
    expect(new TextDecoder().decode(await (await post()).arrayBuffer())).toBe(expected);
    expect(await (await (await post()).blob()).text()).toBe(expected);
    const streamed = await post();
    expect(await new Response(streamed.body).text()).toBe(expected);
    expect(streamed.bodyUsed).toBe(true);
    await expect(streamed.text()).rejects.toThrow(TypeError);
    const read = await post();
    await read.text();
    expect(read.body?.locked).toBe(true);
  });

  it('clones an answer whose body both copies read', async () => {
    const response = await nodeHttpFetch(fallback)(`${base}/limited`);
    const copy = response.clone();
    expect(copy.status).toBe(429);
    expect(copy.headers.get('retry-after')).toBe('7');
    expect(await copy.text()).toBe('slow down');
    expect(await response.text()).toBe('slow down');
  });

  it('leaves redirects, Request objects and non-text bodies to the fallback', async () => {
    const send = nodeHttpFetch(fallback);
    expect(await (await send(`${base}/moved`)).text()).toBe('from fallback');
    expect(await (await send(new Request(`${base}/echo`))).text()).toBe('from fallback');
    expect(await (await send(`${base}/echo`, { method: 'POST', body: new FormData() })).text()).toBe('from fallback');
  });

  it('refuses an answer whose body is cut off mid-stream, rather than hand on the part that came', async () => {
    await expect(nodeHttpFetch(fallback)(`${base}/cut`)).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('gives up on a request when its signal aborts, with the signal’s reason', async () => {
    const controller = new AbortController();
    const reason = new Error('deadline');
    onHang = () => controller.abort(reason);
    const pending = nodeHttpFetch(fallback)(`${base}/hang`, { signal: controller.signal });
    await expect(pending).rejects.toBe(reason);
    await expect(nodeHttpFetch(fallback)(`${base}/echo`, { signal: controller.signal })).rejects.toBe(reason);
  });
});
