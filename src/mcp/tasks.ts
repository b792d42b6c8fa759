import { createHash } from 'node:crypto';
import { ProtocolError, type CallToolResult } from '@modelcontextprotocol/server';
import type { Caller } from '../toolkit/context.js';
import { AppError, toAppError } from '../toolkit/errors.js';
import type { ToolSelection } from '../toolkit/registry.js';
import type { CancelBus, CancelNotice } from './cancel-bus.js';
import { confirmationTokenOf } from './confirmation.js';
import type { McpContext } from './context.js';
import { JSON_RPC } from './json-rpc-errors.js';
import { errorResult, successResult } from './results.js';
import type { McpSurface } from './server.js';
import { POLL_INTERVAL_MS, TERMINAL, type TaskOwner, type TaskStore } from './task-store.js';

/** How long a finished task's result is kept when the client names no time to live, and at most. */
const DEFAULT_TTL_MS = 60 * 60 * 1000;
const MAX_TTL_MS = 24 * 60 * 60 * 1000;
const MIN_TTL_MS = 1000;
const LIST_PAGE = 50;
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

const TASK_METHODS = new Set(['tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel']);

export interface TaskMessage {
  id?: unknown;
  method?: string;
  params?: {
    name?: unknown;
    arguments?: unknown;
    task?: { ttl?: unknown };
    taskId?: unknown;
    cursor?: unknown;
    _meta?: Record<string, unknown>;
  };
}

type JsonRpcAnswer = { jsonrpc: '2.0'; id: unknown } & (
  { result: Record<string, unknown> } | { error: { code: number; message: string } }
);

/** Whether a 2025-era message is for the task layer: a task request, or a tool call asking to run as a task. */
export const isTaskMessage = (message: TaskMessage): boolean =>
  TASK_METHODS.has(message.method ?? '') ||
  (message.method === 'tools/call' && typeof message.params?.task === 'object' && message.params.task !== null);

/**
 * Tool calls as tasks, for 2025-11-25 clients (the 2026-07-28 revision has no tasks: long calls there
 * report progress and are cancelled by the client). A task-augmented `tools/call` answers at once with
 * the task; the call runs on, and `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel` follow
 * it. Tasks are kept in the store, scoped to the caller's tenant and user, so a stateless node
 * answers for tasks another node runs; the cancel bus tells the node running a task that it was
 * cancelled (its work stops), and every node that it finished (a waiting `tasks/result` answers at once).
 */
export class McpTasks {
  private readonly running = new Map<string, { owner: TaskOwner; controller: AbortController; done: Promise<void> }>();
  /** `tasks/result` requests waiting for tasks another node runs, by task id. */
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(
    private readonly app: Pick<McpContext, 'executor' | 'log' | 'governance'>,
    private readonly surface: McpSurface,
    private readonly store: TaskStore,
    private readonly bus: CancelBus,
  ) {
    bus.subscribe((notice) => this.heard(notice));
    bus.onResumed(() => void this.recheck());
  }

  async answer(
    message: TaskMessage,
    caller: Caller,
    narrowing: ToolSelection,
    token: string | undefined,
    closed: AbortSignal,
  ): Promise<JsonRpcAnswer> {
    const reply = (result: Record<string, unknown>): JsonRpcAnswer => ({ jsonrpc: '2.0', id: message.id, result });
    const refuse = (text: string): JsonRpcAnswer => ({
      jsonrpc: '2.0',
      id: message.id,
      error: { code: JSON_RPC.INVALID_PARAMS, message: text },
    });
    const owner = ownerOf(caller, token);
    const params = message.params ?? {};
    if (message.method === 'tools/call') return this.start(caller, owner, narrowing, params, reply, refuse);
    if (message.method === 'tasks/list')
      return reply(
        await this.store.list(owner, LIST_PAGE, typeof params.cursor === 'string' ? params.cursor : undefined),
      );
    const taskId = typeof params.taskId === 'string' ? params.taskId : '';
    const task = await this.store.get(owner, taskId);
    if (!task) return refuse(`Task not found: ${taskId}`);
    if (message.method === 'tasks/get') return reply({ ...task });
    if (message.method === 'tasks/cancel') {
      if (TERMINAL.has(task.status)) return refuse(`Task ${taskId} is already ${task.status}`);
      this.abortRunning(owner.tenantId, taskId);
      await this.store.finish(
        taskId,
        'cancelled',
        errorResult(new AppError('CANCELLED', 'The task was cancelled')),
        'Cancelled by the client',
      );
      await this.tell({ kind: 'task_cancelled', tenantId: owner.tenantId, taskId });
      return reply({ ...(await this.store.get(owner, taskId))! });
    }
    const result = await this.outcome(owner, taskId, closed);
    if (!result) return refuse(`Task not found: ${taskId}`);
    return reply({ ...result, _meta: { ...result._meta, [RELATED_TASK]: { taskId } } });
  }

  private async start(
    caller: Caller,
    owner: TaskOwner,
    narrowing: ToolSelection,
    params: NonNullable<TaskMessage['params']>,
    reply: (result: Record<string, unknown>) => JsonRpcAnswer,
    refuse: (text: string) => JsonRpcAnswer,
  ): Promise<JsonRpcAnswer> {
    const name = typeof params.name === 'string' ? params.name : '';
    const args =
      params.arguments && typeof params.arguments === 'object' ? (params.arguments as Record<string, unknown>) : {};
    let target: Awaited<ReturnType<McpSurface['resolveCall']>>;
    try {
      target = await this.surface.resolveCall(caller, narrowing, name, args);
    } catch (error) {
      if (error instanceof ProtocolError) return refuse(error.message);
      return reply({ ...errorResult(error, this.app.log) });
    }
    // A task has no way to ask the user: what needs (or may need) a confirmation runs only as a plain call.
    if (
      'tool' in target &&
      (target.tool.capability.destructive || (await this.app.governance.confirmations.needs(caller, target.tool)))
    )
      return refuse(`${name} needs a person's confirmation and runs only as a plain call, after confirmation`);
    const ttl = Math.min(
      MAX_TTL_MS,
      Math.max(MIN_TTL_MS, typeof params.task?.ttl === 'number' ? params.task.ttl : DEFAULT_TTL_MS),
    );
    let task: Awaited<ReturnType<TaskStore['create']>>;
    try {
      task = await this.store.create(owner, name, ttl);
    } catch (error) {
      // The tenant was deleted (or re-created) since the caller was authorised: answered like a failed call.
      if (error instanceof AppError) return reply({ ...errorResult(error, this.app.log) });
      throw error;
    }
    const controller = new AbortController();
    const run = async (): Promise<CallToolResult> =>
      'answer' in target
        ? successResult(target.answer)
        : successResult(
            await this.app.executor.execute(caller, target.tool, target.args, {
              signal: controller.signal,
              confirmation: { token: confirmationTokenOf(params._meta) },
            }),
            target.tool.system,
          );
    const done = run()
      .then(
        async (result) => void (await this.store.finish(task.taskId, 'completed', result)),
        async (error: unknown) => {
          const failure = toAppError(error);
          await this.store.finish(
            task.taskId,
            failure.code === 'CANCELLED' ? 'cancelled' : 'failed',
            errorResult(error, this.app.log),
            failure.status < 500 ? failure.message : undefined,
          );
        },
      )
      .then(() => this.tell({ kind: 'task_finished', tenantId: owner.tenantId, taskId: task.taskId }))
      .catch((error: unknown) =>
        this.app.log.warn('task outcome not stored', { error: error instanceof Error ? error.message : String(error) }),
      );
    this.running.set(task.taskId, {
      owner,
      controller,
      done: done.finally(() => this.running.delete(task.taskId)),
    });
    return reply({ task: { ...task } });
  }

  /**
   * A task's result once it is final: waited for here when this node runs it, else read again when the
   * bus says it finished (or at the poll interval, should a notice be missed).
   */
  private async outcome(owner: TaskOwner, taskId: string, closed: AbortSignal): Promise<CallToolResult | undefined> {
    // One listener for the whole wait: a listener added per poll would pile up on a long task.
    const gone = new Promise<void>((resolve) => closed.addEventListener('abort', () => resolve(), { once: true }));
    for (;;) {
      const task = await this.store.get(owner, taskId);
      if (!task) return undefined;
      if (TERMINAL.has(task.status)) return this.store.result(owner, taskId);
      if (closed.aborted) throw new AppError('CANCELLED', 'The client closed the connection');
      const local = this.running.get(taskId);
      await Promise.race([local ? local.done : this.finishedElsewhere(taskId), gone]);
    }
  }

  /** Resolves when the bus says the task finished, or after the poll interval. */
  private finishedElsewhere(taskId: string): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.waiting.get(taskId) ?? new Set();
      this.waiting.set(taskId, waiters);
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0 && this.waiting.get(taskId) === waiters) this.waiting.delete(taskId);
        resolve();
      };
      const timer = setTimeout(wake, POLL_INTERVAL_MS);
      waiters.add(wake);
    });
  }

  private heard(notice: CancelNotice): void {
    if (notice.kind === 'call_cancelled') return;
    if (notice.kind === 'task_cancelled') this.abortRunning(notice.tenantId, notice.taskId);
    for (const wake of [...(this.waiting.get(notice.taskId) ?? [])]) wake();
  }

  private abortRunning(tenantId: string, taskId: string): void {
    const running = this.running.get(taskId);
    if (running?.owner.tenantId === tenantId)
      running.controller.abort(new AppError('CANCELLED', 'The task was cancelled'));
  }

  /**
   * After notices may have been missed: the tasks this node runs that were cancelled meanwhile stop, and
   * whoever waits for a task another node ran reads it again.
   */
  private async recheck(): Promise<void> {
    for (const wakers of [...this.waiting.values()]) for (const wake of [...wakers]) wake();
    for (const [taskId, { owner }] of [...this.running]) {
      const task = await this.store.get(owner, taskId).catch((error: unknown) => {
        this.app.log.warn('task not checked after missed notices', {
          error: error instanceof Error ? error.message : String(error),
        });
        return undefined;
      });
      if (task?.status === 'cancelled') this.abortRunning(owner.tenantId, taskId);
    }
  }

  /** Tells every node; a failure is logged (the store already holds the outcome). */
  private async tell(notice: CancelNotice): Promise<void> {
    await this.bus
      .publish(notice)
      .catch((error: unknown) =>
        this.app.log.warn('task notice not sent', { error: error instanceof Error ? error.message : String(error) }),
      );
  }
}

/** A task belongs to its tenant and user; a token without a user owns its own tasks. */
function ownerOf(caller: Caller, token: string | undefined): TaskOwner {
  const who =
    caller.userEmail?.toLowerCase() ??
    `token:${createHash('sha256')
      .update(token ?? '')
      .digest('base64url')
      .slice(0, 22)}`;
  return { tenantId: caller.tenantId, owner: who, tenantEpoch: caller.tenantEpoch };
}
