import type { Response } from 'express';
import { isUnreadableBody, requestError, shownError } from '../toolkit/request-errors.js';
import type { Logger } from '../toolkit/context.js';

/** JSON-RPC 2.0 error codes (specification section 5.1) the HTTP endpoint answers with. */
export const JSON_RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
} as const;

/** A JSON-RPC error answered before any message could be read, so with `id: null`. */
export function sendJsonRpcError(res: Response, status: number, code: number, message: string, data?: unknown): void {
  if (res.headersSent) return;
  res
    .status(status)
    .json({ jsonrpc: '2.0', id: null, error: { code, message, ...(data === undefined ? {} : { data }) } });
}

/**
 * A request to the MCP endpoint that failed before the protocol started (its body could not be read):
 * a body that is not JSON, or not in its Content-Encoding, is a parse error (-32700).
 */
export function sendJsonRpcRequestError(res: Response, thrown: unknown, log: Logger): void {
  const error = shownError(requestError(thrown), log);
  const code = isUnreadableBody(thrown)
    ? JSON_RPC.PARSE_ERROR
    : error.status >= 500
      ? JSON_RPC.INTERNAL_ERROR
      : JSON_RPC.INVALID_REQUEST;
  sendJsonRpcError(res, error.status, code, error.message);
}
