import { createServer, request, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  /** Origin of the proxy, e.g. `http://127.0.0.1:53211`. */
  url: string;
  /** How many answers each node gave so far, by origin. */
  served: ReadonlyMap<string, number>;
  /** Resolves when a client goes away before the answer to a request whose path contains `path` ended. */
  clientLeft(path: string): Promise<void>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/** One client request: its body as read so far (kept, so that a refused node's share can be replayed). */
class Exchange {
  private readonly chunks: Buffer[] = [];
  private ended = false;
  private upstream: ClientRequest | undefined;

  constructor(readonly req: IncomingMessage) {
    req.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.upstream?.write(chunk);
    });
    req.on('end', () => {
      this.ended = true;
      this.upstream?.end();
    });
  }

  /** Sends what was read so far to `upstream`, and the rest as it arrives. */
  sendTo(upstream: ClientRequest): void {
    this.upstream = upstream;
    for (const chunk of this.chunks) upstream.write(chunk);
    if (this.ended) upstream.end();
  }
}

/**
 * A load balancer as small as a test can hold: each request goes to the next node in turn, bodies stream
 * both ways (server-sent events included), the Host header passes unchanged (the nodes check it),
 * `X-Forwarded-For` names the client, and a node that refuses the connection is skipped for the next
 * one (so a killed node leaves the others answering). A request
 * whose node fails after taking it is answered 502, as a balancer does: it cannot know what was done.
 * A client that goes away closes the node's request too, so the node sees the cancellation.
 */
export async function startRoundRobinProxy(nodes: readonly string[]): Promise<RoundRobinProxy> {
  if (nodes.length === 0) throw new Error('a proxy needs at least one node');
  let turn = 0;
  const served = new Map(nodes.map((node) => [node, 0]));
  const leaveWatchers: Array<{ path: string; left: () => void }> = [];

  const forward = (exchange: Exchange, res: ServerResponse, tried: number): void => {
    const { req } = exchange;
    const node = nodes[turn++ % nodes.length];
    const { hostname, port } = new URL(node);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    // The path goes byte for byte (a URL would resolve `%2e%2e`, which the nodes must see and refuse).
    const upstream = request({
      hostname,
      port,
      path: req.url,
      method: req.method,
      headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
    });
    const leave = () => res.writableFinished || upstream.destroy();
    res.on('close', leave);
    upstream.on('response', (answer) => {
      served.set(node, (served.get(node) ?? 0) + 1);
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
      res.writeHead(answer.statusCode ?? 502, headers);
      res.flushHeaders();
      answer.pipe(res);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.destroyed) return;
      // A node that refused the connection took nothing: the next one may have the request.
      if (error.code === 'ECONNREFUSED' && tried + 1 < nodes.length) {
        res.off('close', leave);
        return forward(exchange, res, tried + 1);
      }
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${error.code ?? error.message}`);
    });
    exchange.sendTo(upstream);
  };

  const server = createServer((req, res) => {
    res.on('close', () => {
      if (res.writableFinished) return;
      for (const watcher of leaveWatchers.filter((w) => (req.url ?? '').includes(w.path))) watcher.left();
    });
    forward(new Exchange(req), res, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    clientLeft: (path) => new Promise((left) => leaveWatchers.push({ path, left })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
