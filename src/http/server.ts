import express from 'express';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mcpHttpHandler } from '../mcp/http.js';
import type { McpSurface } from '../mcp/server.js';
import { AppError } from '../toolkit/errors.js';
import { scopedPerRequest } from './crash-guard.js';
import { errorHandler, JSON_BODY_LIMIT, sendError } from './errors.js';
import { familyErrorHandler } from './error-forms.js';
import { sendGraphError } from './graph-errors.js';
import { hostGuard, safeJsonBody, tlsGuard } from './guards.js';
import { metricsMiddleware } from './metrics.js';
import { tenantRateLimit } from './rate-limit.js';
import type { RouteContext } from './route-context.js';
import { Routes, type Operation } from './route-module.js';
import { ROUTE_MODULES } from './routes/index.js';

export { JSON_BODY_LIMIT };

/** The MCP endpoint, served before the REST body checks (the executor refuses bad tool arguments itself). */
const MCP_OPERATION: Operation = {
  method: 'post',
  path: '/mcp',
  operationId: 'mcpStreamableHttp',
  summary: 'MCP over streamable HTTP (stateless, JSON responses)',
  description: 'One JSON-RPC message per request (no batches); other methods answer 405.',
  tag: 'mcp',
  security: 'jwt',
  body: {
    type: 'object',
    properties: {
      jsonrpc: { const: '2.0' },
      method: { type: 'string' },
      params: { type: 'object' },
      id: { type: ['string', 'integer'] },
    },
    required: ['jsonrpc', 'method'],
  },
  response: {
    type: 'object',
    properties: { jsonrpc: { const: '2.0' }, result: { type: 'object' }, error: { type: 'object' }, id: {} },
  },
  errors: 'jsonrpc',
};
/** The Express app: guards, body parsing, metrics, every REST route group and the MCP endpoint. */
export function buildHttpApp(app: RouteContext, surface: McpSurface): express.Express {
  // Every route is declared before the middleware that reads the declarations (the limiter) is built.
  const routes = new Routes(express.Router(), {
    router: () => express.Router(),
    json: (limit) => express.json({ limit }),
  });
  routes.declare(MCP_OPERATION);
  for (const mount of ROUTE_MODULES) mount(routes, app);
  const http = express();
  http.disable('x-powered-by');
  http.set('query parser', 'extended');
  if (app.config.trustProxy)
    http.set(
      'trust proxy',
      /^\d+$/.test(app.config.trustProxy) ? Number(app.config.trustProxy) : app.config.trustProxy,
    );
  http.use(hostGuard(app.config));
  http.use(tlsGuard(app.config));
  http.use(metricsMiddleware(app.telemetry, app.log));
  const limiter = tenantRateLimit(app, routes.operations);
  if (limiter) http.use(limiter);
  http.use(express.json({ limit: JSON_BODY_LIMIT, type: ['application/json', 'application/*+json'] }));
  http.all('/mcp', mcpHttpHandler(app, surface));
  http.use(safeJsonBody);
  http.use(routes.router);
  http.use((req, res) => sendError(res, new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}`)));
  http.use(familyErrorHandler(app, routes.operations));
  // Errors raised before the graph router (a malformed JSON body) still answer in the graph's form.
  http.use('/graph', (err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
    sendGraphError(app.log, res, err),
  );
  http.use(errorHandler(app.log));
  return http;
}

interface Listening {
  server: Server;
  url: string;
  /** Stops listening; requests in flight get `graceMs` (0: none) before their connections are closed. */
  close(graceMs?: number): Promise<void>;
}

/**
 * An idle keep-alive connection stays open for the configured time (65 s by default, above the 60 s
 * idle timeout of common load balancers), so a client never reuses a socket the server is closing. The
 * headers timeout is a second longer, as Node advises, so a request that arrives just as the idle timer
 * fires is not cut off; the whole-request timeout is never shorter than it.
 */
function applyKeepAlive(server: Server, seconds: number): void {
  server.keepAliveTimeout = seconds * 1000;
  server.headersTimeout = server.keepAliveTimeout + 1000;
  if (server.requestTimeout > 0) server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);
}

/** Listens on the configured host and port, serving TLS itself when a certificate is configured. */
export async function listen(
  app: Pick<RouteContext, 'config'> & {
    /** Records where the server listens (the public address when none is configured). */
    listeningAt(url: string): void;
  },
  handler: express.Express,
  port = app.config.port,
  host = app.config.host,
): Promise<Listening> {
  const { tlsCertFile, tlsKeyFile } = app.config;
  const listener = scopedPerRequest(handler);
  const server =
    tlsCertFile && tlsKeyFile
      ? createHttpsServer({ cert: readFileSync(tlsCertFile), key: readFileSync(tlsKeyFile) }, listener)
      : createHttpServer(listener);
  applyKeepAlive(server, app.config.keepAliveTimeoutSeconds);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const scheme = tlsCertFile ? 'https' : 'http';
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `${scheme}://${shownHost}:${address.port}`;
  app.listeningAt(url);
  return {
    server,
    url,
    close: (graceMs = 0) =>
      new Promise((resolve) => {
        // Stop listening and drop idle keep-alive connections; requests in flight get graceMs to finish.
        // A connection whose request finishes later goes idle too: dropped on the next sweep rather than
        // held until its keep-alive timeout.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
        if (graceMs <= 0) server.closeAllConnections();
        else setTimeout(() => server.closeAllConnections(), graceMs).unref();
      }),
  };
}
