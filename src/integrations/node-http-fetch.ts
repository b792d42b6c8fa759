import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { lazySdk } from './lazy-sdk.js';
import { wholeResponse } from './whole-response.js';

/** Statuses whose answer has no body (a Response refuses one). */
const BODILESS = new Set([204, 205, 304]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** node:http, node:https and node:zlib, loaded with the first request rather than at start-up. */
const loadNodeHttp = lazySdk(async () => {
  const [http, https, zlib, { promisify }] = await Promise.all([
    import('node:http'),
    import('node:https'),
    import('node:zlib'),
    import('node:util'),
  ]);
  const gunzip = promisify(zlib.gunzip);
  const decoders: Record<string, (body: Buffer) => Promise<Buffer>> = {
    gzip: gunzip,
    'x-gzip': gunzip,
    deflate: promisify(zlib.inflate),
    br: promisify(zlib.brotliDecompress),
  };
  return { http: http.request, https: https.request, decoders };
});
type NodeHttp = Awaited<ReturnType<typeof loadNodeHttp>>;

/**
 * A `fetch` over node:http's keep-alive agents, for an SDK that sends text (JSON) and reads whole answers,
 * as Notion's does. The global fetch builds web streams, clones the request and allocates enough per call
 * that its garbage alone grows the young generation by tens of MiB; node:http sends the same request for
 * about half the CPU. What this does not handle (a Request, a stream or form body, a redirect) goes to
 * `fallback`, the global fetch by default. Compressed answers are asked for and decoded, as fetch does.
 */
export function nodeHttpFetch(fallback?: typeof fetch): typeof fetch {
  // Looked up at each call: the global fetch may be replaced after this is made.
  const fallbackFetch: typeof fetch = (input, init) => (fallback ?? globalThis.fetch)(input, init);
  return async (input, init = {}) => {
    const body = init.body;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
    const plainBody = body === undefined || body === null || typeof body === 'string';
    const protocol = url?.slice(0, url.indexOf(':'));
    if (!url || !plainBody || (init.redirect ?? 'follow') !== 'follow' || (protocol !== 'http' && protocol !== 'https'))
      return fallbackFetch(input, init);
    const answer = await send(await loadNodeHttp(), url, protocol === 'https', init, body ?? undefined);
    // A redirect is rare enough to leave to fetch, which knows when to change the method and drop the body.
    return answer === 'redirect' ? fallbackFetch(input, init) : answer;
  };
}

function headersOf(init: RequestInit, body: string | undefined): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br' };
  for (const [name, value] of new Headers(init.headers)) headers[name] = value;
  if (body !== undefined) {
    headers['content-type'] ??= 'text/plain;charset=UTF-8';
    headers['content-length'] = Buffer.byteLength(body);
  }
  return headers;
}

function send(
  node: NodeHttp,
  url: string,
  secure: boolean,
  init: RequestInit,
  body: string | undefined,
): Promise<Response | 'redirect'> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<Response | 'redirect'>((resolve, reject) => {
    const request = (secure ? node.https : node.http)(url, {
      method: (init.method ?? 'GET').toUpperCase(),
      headers: headersOf(init, body),
    });
    const onAbort = () => {
      request.destroy();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle =
      <T>(outcome: (value: T) => void) =>
      (value: T) => {
        signal?.removeEventListener('abort', onAbort);
        outcome(value);
      };
    request.on('error', settle(reject));
    request.on('response', (answer) => {
      if (REDIRECTS.has(answer.statusCode ?? 0) && answer.headers.location) {
        answer.resume();
        settle(resolve)('redirect');
      } else readAnswer(node, answer).then(settle(resolve), settle(reject));
    });
    request.end(body);
  });
}

/** The whole answer as a Response (one that needs no web stream to be read), decoded when it came compressed. */
async function readAnswer(node: NodeHttp, answer: IncomingMessage): Promise<Response> {
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () => resolve(Buffer.concat(chunks)));
    answer.on('error', reject);
  });
  const status = answer.statusCode ?? 0;
  const encoding = answer.headers['content-encoding']?.trim().toLowerCase();
  const decode = encoding ? node.decoders[encoding] : undefined;
  const decoded = decode && raw.length > 0 ? await decode(raw) : raw;
  return wholeResponse(BODILESS.has(status) ? null : decoded, {
    status,
    statusText: answer.statusMessage ?? '',
    rawHeaders: answer.rawHeaders,
  });
}
