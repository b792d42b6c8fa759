import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Request, Response } from 'express';

/**
 * A Node request as the web request the SDK's handler takes, without its body: Express has parsed it,
 * and the handler takes the parsed body beside the request (a body carried again would be serialised,
 * measured and read back for nothing). It carries no signal of the caller's: a request given one costs
 * the web request a controller, a weak reference and a finalizer to follow it; a client that goes away
 * is heard through `onEarlyClose` instead.
 */
export function webRequestOf(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new globalThis.Request(`http://localhost${req.originalUrl}`, { method: req.method, headers });
}

/** Runs `then` when the response closes before it was all written (the client went away). */
export function onEarlyClose(res: Response, then: () => void): void {
  res.on('close', () => {
    if (!res.writableFinished) then();
  });
}

/**
 * Writes the SDK's web response to the Node response: a JSON answer (complete once the handler returns)
 * in one write with its length, an event stream as its events come, until it ends or the client goes away.
 */
export async function sendWebResponse(response: globalThis.Response, res: Response): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) headers[name] = value;
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
    if (body) headers['content-length'] = String(body.byteLength);
    return void res.writeHead(response.status, headers).end(body);
  }
  res.writeHead(response.status, headers);
  try {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
  } catch (error) {
    // A client that leaves mid-stream ends the stream; anything else is the server's to report.
    if (!res.destroyed || res.writableFinished) throw error;
  }
}
