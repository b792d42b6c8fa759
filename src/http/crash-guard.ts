import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import { INTERNAL_MESSAGE } from '../toolkit/request-errors.js';
import { errorBody } from './errors.js';

interface InFlight {
  req: IncomingMessage;
  res: ServerResponse;
}

/** The request whose work is running: Node keeps it across every callback and promise that work starts. */
const inFlight = new AsyncLocalStorage<InFlight>();

/** Runs each request of a listener in its own scope, so an error nobody handled can still be answered. */
export function scopedPerRequest(listener: RequestListener): RequestListener {
  return (req, res) => inFlight.run({ req, res }, () => listener(req, res));
}

/** The body of the 500 in the form of the family the request went to. */
function internalErrorBody(path: string): unknown {
  if (path === '/mcp' || path.startsWith('/mcp?'))
    return { jsonrpc: '2.0', error: { code: -32603, message: INTERNAL_MESSAGE }, id: null };
  return errorBody(new AppError('INTERNAL_ERROR', INTERNAL_MESSAGE));
}

/** Answers the request an error escaped from with 500 (the connection closes), or cuts an answer already under way. */
function answerInternalError({ req, res }: InFlight): void {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify(internalErrorBody(req.url ?? ''));
  res.writeHead(500, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  res.end(body);
}

/**
 * The process-level guard: an error no code handled (an `error` event without a listener, a promise
 * nobody awaited) is logged and, when it came from a request's work, answered for that request with
 * 500, instead of stopping the process for every tenant. Every known source is handled where it
 * arises; this is the net under the ones still unknown. Returns the function that removes it.
 */
export function guardProcess(log: Logger, target: NodeJS.Process = process): () => void {
  const report = (kind: string) => (thrown: unknown) => {
    const scope = inFlight.getStore();
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    log.error(`${kind}: kept serving`, {
      error: error.message,
      stack: error.stack,
      ...(scope ? { method: scope.req.method, path: scope.req.url?.split('?')[0] } : {}),
    });
    if (scope) answerInternalError(scope);
  };
  const onException = report('unhandled error');
  const onRejection = report('unhandled promise rejection');
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
