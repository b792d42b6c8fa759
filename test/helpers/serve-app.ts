import express, { type RequestHandler } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedApp {
  /** Origin, e.g. `http://127.0.0.1:53211`. */
  url: string;
  close(): Promise<void>;
}

/** Serves a handler (an express app or router) on a random loopback port, over real HTTP. */
export async function serveApp(handler: RequestHandler, mountAt = '/'): Promise<ServedApp> {
  const app = express();
  app.use(mountAt, handler);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
