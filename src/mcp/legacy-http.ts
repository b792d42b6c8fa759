import { hash } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import type { Request, Response } from 'express';
import type { Caller } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import type { ToolSelection } from '../toolkit/registry.js';
import type { CancelBus } from './cancel-bus.js';
import type { McpSurface } from './server.js';
import { logScopeOf } from './host-log.js';
import { isTaskMessage, type McpTasks, type TaskMessage } from './tasks.js';
import { sendWebResponse, webRequestOf } from './web-exchange.js';

interface LegacyMessage extends TaskMessage {
  params?: TaskMessage['params'] & { requestId?: unknown; _meta?: { progressToken?: unknown } };
}

/**
 * 2025-era requests over stateless HTTP: a protocol server per request, answering JSON, or an SSE
 * stream when the call asked for progress. A client cancels a call by posting
 * `notifications/cancelled` in a request of its own, which may reach another server instance or
 * another node: calls in flight are therefore kept by the client's token and request id, and a
 * cancellation from the same token, told to every node by the cancel bus, aborts the one it names on
 * the node running it. A client that goes away aborts its call too.
 */
export class LegacyHttpCalls {
  private readonly inFlight = new Map<string, AbortController>();

  constructor(
    private readonly surface: McpSurface,
    private readonly tasks: McpTasks,
    private readonly bus: CancelBus,
  ) {
    bus.subscribe((notice) => {
      if (notice.kind === 'call_cancelled') this.abortInFlight(notice.callKey);
    });
  }

  async serve(
    req: Request,
    res: Response,
    scope: { caller: Caller; narrowing: ToolSelection; token: string | undefined },
  ): Promise<void> {
    const message = (req.body ?? {}) as LegacyMessage;
    if (isTaskMessage(message)) return this.serveTask(message, res, scope);
    if (message.method === 'notifications/cancelled') await this.cancel(scope.token, message.params?.requestId);
    const controller = new AbortController();
    const key = message.method === 'tools/call' ? this.keyOf(scope.token, message.id) : undefined;
    if (key) this.inFlight.set(key, controller);
    const logScope = logScopeOf(scope.token);
    const server = this.surface.createServer(() => scope.caller, {
      narrowing: scope.narrowing,
      era: 'legacy',
      cancelled: controller.signal,
      offersTasks: true,
      logScope,
    });
    // Notifications (progress, log lines) need a stream; a call that hears none is answered as plain JSON.
    const wantsProgress = message.params?._meta?.progressToken !== undefined;
    const wantsLog = message.method === 'tools/call' && this.surface.logLevels.get(logScope) !== undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !wantsProgress && !wantsLog,
    });
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new AppError('CANCELLED', 'The client closed the connection'));
      if (key && this.inFlight.get(key) === controller) this.inFlight.delete(key);
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The transport reads the request's headers alone; the call is cancelled through `controller` above.
    await sendWebResponse(await transport.handleRequest(webRequestOf(req), { parsedBody: req.body }), res);
  }

  /** Task requests and task-augmented calls are answered by the task layer, as one JSON-RPC response. */
  private async serveTask(
    message: LegacyMessage,
    res: Response,
    scope: { caller: Caller; narrowing: ToolSelection; token: string | undefined },
  ): Promise<void> {
    const closed = new AbortController();
    res.on('close', () => closed.abort());
    try {
      res.json(await this.tasks.answer(message, scope.caller, scope.narrowing, scope.token, closed.signal));
    } catch (error) {
      if (!res.headersSent && !closed.signal.aborted)
        res
          .status(500)
          .json({ jsonrpc: '2.0', id: message.id ?? null, error: { code: -32603, message: (error as Error).message } });
    }
  }

  /** Aborts the call here, or tells the node running it. */
  private async cancel(token: string | undefined, requestId: unknown): Promise<void> {
    const key = this.keyOf(token, requestId);
    if (!key) return;
    if (this.abortInFlight(key)) return;
    await this.bus.publish({ kind: 'call_cancelled', callKey: key }).catch(() => undefined);
  }

  private abortInFlight(key: string): boolean {
    const call = this.inFlight.get(key);
    call?.abort(new AppError('CANCELLED', 'The client cancelled the call'));
    return call !== undefined;
  }

  /**
   * Request ids are the client's own: scoped by a digest of its token, never shared across callers. A
   * digest of both, so that the key is short enough to tell other nodes whatever id the client chose.
   */
  private keyOf(token: string | undefined, id: unknown): string | undefined {
    if (!token || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
    return hash('sha256', `${token}\0${JSON.stringify(id)}`, 'base64url');
  }
}
