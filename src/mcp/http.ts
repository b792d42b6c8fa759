import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import type { App } from '../app.js';
import { resolveCaller } from '../http/auth.js';
import { toAppError } from '../toolkit/errors.js';
import { assertJsonDepth } from '../toolkit/safe-json.js';
import { selectionFromHeaders } from './exposure.js';
import type { McpSurface } from './server.js';

function jsonRpcError(res: Response, status: number, code: number, message: string, data?: unknown): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message, ...(data === undefined ? {} : { data }) }, id: null });
}

/**
 * Streamable HTTP at `/mcp`, stateless: one protocol server and transport per request, acting as the
 * caller of the request's JWT (X-JWT-Token or Authorization: Bearer). An invalid token is refused
 * with 401 before the protocol starts. JSON-RPC batches are refused (protocol 2025-06-18 dropped
 * them): one message per request keeps every tool call counted by the per-tenant rate limit.
 * X-MCP-Toolsets, X-MCP-Tools and X-MCP-Readonly narrow what the request sees (400 when they name
 * what this server does not expose).
 */
export function mcpHttpHandler(app: App, surface: McpSurface) {
  return async (req: Request, res: Response): Promise<void> => {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return jsonRpcError(res, 405, -32000, 'Method not allowed: this server is stateless, send JSON-RPC with POST');
    }
    if (Array.isArray(req.body)) {
      return jsonRpcError(res, 400, -32600, 'JSON-RPC batches are not supported: send one message per request');
    }
    let narrowing;
    try {
      // Prototype keys in tool arguments are refused by the executor, as an error result like any bad argument.
      assertJsonDepth(req.body, 'body');
      narrowing = surface.narrow(selectionFromHeaders(req.headers));
    } catch (error) {
      return jsonRpcError(res, 400, -32600, toAppError(error).message);
    }
    let caller;
    try {
      caller = await resolveCaller(app, req);
    } catch (error) {
      const appError = toAppError(error);
      res.setHeader('WWW-Authenticate', 'Bearer');
      return jsonRpcError(res, appError.status, -32001, appError.message, { code: appError.code });
    }
    const server = surface.createServer(() => caller, narrowing);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      app.log.error('mcp request failed', { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) jsonRpcError(res, 500, -32603, 'Internal error');
    }
  };
}
