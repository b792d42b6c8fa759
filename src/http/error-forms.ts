import type { ErrorRequestHandler, Request } from 'express';
import { sendJsonRpcRequestError } from '../mcp/json-rpc-errors.js';
import { sendDetailError } from './detail-errors.js';
import { sendGraphError } from './graph-errors.js';
import { sendError } from './errors.js';
import { operationLookup } from './operation-lookup.js';
import type { Logging } from './route-context.js';
import type { ErrorForm, Operation } from './route-module.js';

/**
 * Errors raised before a route's handler runs (a body or a path parameter that cannot be decoded)
 * answered in the error form of the operation the request was for, as its handler would have: the
 * documents and suite families' `{detail}`, the graph's, JSON-RPC for `/mcp`. A request that names no
 * declared operation goes on to the next error handler.
 */
export function familyErrorHandler(app: Logging, operations: readonly Operation[]): ErrorRequestHandler {
  const operationOf = operationLookup(operations);
  const formOf = (req: Request): ErrorForm | undefined => {
    const operation = operationOf(req);
    return operation && (operation.errors ?? 'envelope');
  };
  return (err, req, res, next) => {
    switch (formOf(req)) {
      case 'jsonrpc':
        return sendJsonRpcRequestError(res, err, app.log);
      case 'graph':
        return sendGraphError(app.log, res, err);
      case 'detail':
        return sendDetailError(app, res, err, { authorizationStatus: 401 });
      case 'envelope':
        return sendError(res, err, { log: app.log });
      default:
        next(err);
    }
  };
}
