import {
  classifyInboundRequest,
  createMcpHandler,
  PROTOCOL_VERSION_META_KEY,
  type AuthInfo,
} from '@modelcontextprotocol/server';
import type { Request, Response } from 'express';
import { resolveCaller, tokenOf } from '../http/auth.js';
import type { CallerChecks, RouteContext } from '../http/route-context.js';
import { toAppError } from '../toolkit/errors.js';
import { assertJsonDepth } from '../toolkit/safe-json.js';
import type { Caller } from '../toolkit/context.js';
import type { ToolSelection } from '../toolkit/registry.js';
import { selectionFromHeaders } from './exposure.js';
import { JSON_RPC, sendJsonRpcError } from './json-rpc-errors.js';
import { LegacyHttpCalls } from './legacy-http.js';
import { McpTasks } from './tasks.js';
import { onEarlyClose, sendWebResponse, webRequestOf } from './web-exchange.js';
import type { McpSurface } from './server.js';

/** What the HTTP layer settled before the protocol starts, handed to the per-request server factory. */
interface RequestScope {
  caller: Caller;
  narrowing: ToolSelection;
  /** The request's response: when the client goes away before it is written, the protocol server closes. */
  response: Response;
}

/** The SDK carries `authInfo` from the request to the factory untouched; ours rides in its `extra`. */
const authInfoOf = (scope: RequestScope): AuthInfo => ({
  token: 'jwt',
  clientId: scope.caller.tenantId,
  scopes: [],
  extra: { scope },
});
const scopeOf = (authInfo: AuthInfo | undefined): RequestScope => {
  const scope = authInfo?.extra?.scope as RequestScope | undefined;
  if (!scope) throw new Error('MCP request without its resolved caller');
  return scope;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Whether a message claims a protocol revision in its `_meta` envelope, which `isLegacyRequest` answers
 * false for whatever else the message holds (the modern handler answers it, or refuses it), without the
 * predicate's parse of the whole message against every JSON-RPC shape, which the modern handler repeats.
 * An `initialize` may still be legacy with such a claim: the predicate decides it.
 */
function claimsModernRevision(body: unknown): boolean {
  if (!isPlainObject(body) || typeof body.method !== 'string' || body.method === 'initialize') return false;
  const meta = isPlainObject(body.params) ? body.params._meta : undefined;
  return isPlainObject(meta) && PROTOCOL_VERSION_META_KEY in meta;
}

/**
 * Whether the SDK's entry would serve the request as 2025-era traffic: `isLegacyRequest`'s own verdict,
 * from the classification it runs (`classifyInboundRequest`) on the body Express parsed and the standard
 * headers, without building the web request the predicate reads them from (a modern request is served
 * from its own, built after the check). No parsed body is legacy to the predicate too.
 */
function isLegacy(req: Request): boolean {
  if (req.body === undefined) return true;
  const outcome = classifyInboundRequest({
    httpMethod: req.method,
    protocolVersionHeader: req.get('mcp-protocol-version'),
    mcpMethodHeader: req.get('mcp-method'),
    mcpNameHeader: req.get('mcp-name'),
    body: req.body,
  });
  return outcome.kind === 'legacy';
}

/**
 * Streamable HTTP at `/mcp`, stateless in both protocol eras: one protocol server per request, acting
 * as the caller of the request's JWT (X-JWT-Token or Authorization: Bearer), so any number of nodes
 * can serve behind a load balancer. 2026-07-28 requests (the per-request `_meta` envelope) go to the
 * SDK's modern handler, which streams progress as SSE when a call reports any; 2025-era requests to
 * LegacyHttpCalls. An invalid token is refused with 401 before the
 * protocol starts. JSON-RPC batches are refused (protocol 2025-06-18 dropped them): one message per
 * request keeps every tool call counted by the per-tenant rate limit. X-MCP-Toolsets, X-MCP-Tools and
 * X-MCP-Readonly narrow what the request sees (400 when they name what this server does not expose).
 */
/** What MCP over HTTP uses of the server: the caller checks, the task store's database and clock, the executor. */
export type McpHttpContext = CallerChecks &
  Pick<RouteContext, 'log' | 'mcpTasks' | 'cancelBus' | 'clock' | 'executor' | 'governance'>;

export function mcpHttpHandler(app: McpHttpContext, surface: McpSurface) {
  const onerror = (error: Error) => app.log.warn('mcp: request failed', { error: error.message });
  const modern = createMcpHandler(
    (ctx) => {
      const { caller, narrowing, response } = scopeOf(ctx.authInfo);
      const server = surface.createServer(() => caller, { narrowing, era: ctx.era });
      // Closing the server closes its exchange's transport, which aborts the call in flight: what the
      // web request's signal would do, without the signal's cost on every request.
      onEarlyClose(response, () => void server.close());
      return server;
    },
    { legacy: 'reject', onerror },
  );
  const legacy = new LegacyHttpCalls(surface, new McpTasks(app, surface, app.mcpTasks, app.cancelBus), app.cancelBus);
  return async (req: Request, res: Response): Promise<void> => {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendJsonRpcError(
        res,
        405,
        -32000,
        'Method not allowed: this server is stateless, send JSON-RPC with POST',
      );
    }
    if (Array.isArray(req.body)) {
      return sendJsonRpcError(
        res,
        400,
        JSON_RPC.INVALID_REQUEST,
        'JSON-RPC batches are not supported: send one message per request',
      );
    }
    let narrowing;
    try {
      // Prototype keys in tool arguments are refused by the executor, as an error result like any bad argument.
      assertJsonDepth(req.body, 'body');
      narrowing = surface.narrow(selectionFromHeaders(req.headers));
    } catch (error) {
      return sendJsonRpcError(res, 400, JSON_RPC.INVALID_REQUEST, toAppError(error).message);
    }
    let caller;
    try {
      caller = await resolveCaller(app, req);
    } catch (error) {
      const appError = toAppError(error);
      res.setHeader('WWW-Authenticate', 'Bearer');
      return sendJsonRpcError(res, appError.status, -32001, appError.message, { code: appError.code });
    }
    try {
      if (claimsModernRevision(req.body) || !isLegacy(req)) {
        // The modern handler takes a web request; the body, already parsed, rides beside it. Not the SDK's
        // toNodeHandler: it serialises the parsed body again into its request and answers JSON chunked, without a length.
        const authInfo = authInfoOf({ caller, narrowing, response: res });
        return await sendWebResponse(await modern.fetch(webRequestOf(req), { authInfo, parsedBody: req.body }), res);
      }
      await legacy.serve(req, res, { caller, narrowing, token: tokenOf(req) });
    } catch (error) {
      app.log.error('mcp request failed', { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) sendJsonRpcError(res, 500, JSON_RPC.INTERNAL_ERROR, 'Internal error');
    }
  };
}
