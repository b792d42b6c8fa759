import type { Caller, ClientProvider, Clock, Logger } from './context.js';
import {
  isListTool,
  type CallControl,
  type ListPage,
  type PresentedConfirmation,
  type ServiceMap,
  type ToolDefinition,
  type ToolTarget,
} from './define-tool.js';
import { cachedAnalyticalResult, type ResultCache } from './analytical-cache.js';
import { parseToolArgs } from './argument-parsing.js';
import { callTarget } from './call-target.js';
import { AppError, toAppError } from './errors.js';
import { pageOf, shapeList } from './list-shaping.js';
import { resolvePage, type PageRequest } from './pagination.js';
import { project } from './projection.js';
import type { Registry } from './registry.js';
import { runToolOnce, type ToolCallDeps } from './tool-call.js';
import { DEFAULT_RESULT_BUDGET_CHARS } from './result-budget.js';

/** One finished execution, handed to every observer (activity feed, graph ingestion, metrics). */
export interface ExecutionEvent {
  caller: Caller;
  tool: ToolDefinition;
  args: Record<string, unknown>;
  target: ToolTarget;
  success: boolean;
  /** The whole result, before the caller's `fields` projection (what the graph ingests). */
  result?: Record<string, unknown>;
  error?: AppError;
  startedAt: number;
  durationMs: number;
}

export type ExecutionObserver = (event: ExecutionEvent) => void;

/** What every call passes through besides validation: a check of its arguments, a filter of its result. */
export interface CallGuard {
  /**
   * Throws (an AppError), or returns a promise that rejects with one, when the caller may not call the tool
   * at all; runs before its arguments are read. Nothing to wait for (the usual case) returns nothing.
   */
  admit?(caller: Caller, tool: ToolDefinition): Promise<void> | void;
  /** Throws (an AppError) when the call must not run; runs before anything is sent upstream. */
  checkArguments(caller: Caller, tool: ToolDefinition, args: Record<string, unknown>): void;
  /** The handler's result as the caller, the caches and the observers may see it. */
  maskResult<T>(caller: Caller, tool: ToolDefinition, result: T): T;
  /** The result as its caller sees it (paged and projected), with what the guard adds (its provenance). */
  markResult?(caller: Caller, tool: ToolDefinition, result: Record<string, unknown>): Record<string, unknown>;
}

/** The check that a call a person must confirm was confirmed (throws CONFIRMATION_REQUIRED when not). */
export interface ConfirmationCheck {
  check(
    caller: Caller,
    tool: ToolDefinition,
    args: Record<string, unknown>,
    presented: PresentedConfirmation,
  ): Promise<void>;
}

interface ExecutorOptions {
  registry: Registry;
  clients: ClientProvider;
  services: ServiceMap;
  clock: Clock;
  log: Logger;
  observers?: ExecutionObserver[];
  guard?: CallGuard;
  /** Asked, after the guard, about every call an outside surface makes (see `CallControl.confirmation`). */
  confirmations?: ConfirmationCheck;
  /** Analytical results go through this cache (keyed by tool, normalised arguments and credentials). */
  resultCache?: ResultCache;
  /** Maps an SDK's own error to an AppError (every integration's mapper). */
  mapUpstreamError?: (error: unknown) => AppError | undefined;
  /** Longest a single tool call may run (ms), upstream requests included. */
  timeoutMs?: number;
  /** Size budget of a list result, in JSON characters. */
  resultBudgetChars?: number;
  /**
   * Awaited after a successful action, before its caller hears the answer (the observers have run): what
   * the change must have made visible by then (other nodes' caches learning of it).
   */
  settleChange?: (caller: Caller) => Promise<void>;
}

/** Validates arguments, runs a tool down its capability path, bounds the result and reports it. */
export class Executor {
  private readonly observers: ExecutionObserver[];
  /** What every run of a handler is given, resolved once rather than per call. */
  private readonly callDeps: ToolCallDeps;
  private readonly resultCache: ResultCache | undefined;
  private accepting = true;
  private running = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: ExecutorOptions) {
    this.observers = [...(options.observers ?? [])];
    this.callDeps = {
      clients: options.clients,
      integrationsOf: (tool) => options.registry.integrationsOf(tool),
      services: options.services,
      clock: options.clock,
      log: options.log,
      mapUpstreamError: options.mapUpstreamError ?? (() => undefined),
      timeoutMs: options.timeoutMs ?? 120_000,
    };
    this.resultCache = options.resultCache;
  }

  get registry(): Registry {
    return this.options.registry;
  }

  addObserver(observer: ExecutionObserver): void {
    this.observers.push(observer);
  }

  /**
   * Parses raw arguments with the tool's strict schema; a bad input is a VALIDATION_ERROR naming each problem,
   * an unknown argument with the accepted one nearest in spelling.
   */
  parseArgs(tool: ToolDefinition, raw: unknown): Record<string, unknown> {
    return parseToolArgs(tool, this.registry.inputSchema(tool), raw);
  }

  /** Refuses new calls from now on (shutdown); calls already running go on. */
  stopAccepting(): void {
    this.accepting = false;
  }

  /** Resolves once no call is running. */
  idle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  get runningCalls(): number {
    return this.running;
  }

  /** Runs a tool for a caller; `control` lets the surface cancel it and hear its progress. */
  async execute(
    caller: Caller,
    tool: ToolDefinition,
    rawArgs: unknown,
    control: CallControl = {},
  ): Promise<Record<string, unknown>> {
    if (!this.accepting)
      throw new AppError(
        'UNAVAILABLE',
        'The server is shutting down: send the call again to another instance or in a moment',
      );
    this.running++;
    const startedAt = this.options.clock.now();
    const t0 = performance.now();
    let args: Record<string, unknown> | undefined;
    try {
      // Awaited only when there is something to wait for: each await is a turn of every call.
      if (!this.registry.isLoaded(tool)) await this.registry.loaded(tool);
      const admitted = this.options.guard?.admit?.(caller, tool);
      if (admitted) await admitted;
      args = this.parseArgs(tool, rawArgs);
      this.options.guard?.checkArguments(caller, tool, args);
      if (control.confirmation && this.options.confirmations)
        await this.options.confirmations.check(caller, tool, args, control.confirmation);
      const { visible, full } = await this.run(caller, tool, args, control);
      this.report({
        caller,
        tool,
        args,
        target: callTarget(tool, args),
        success: true,
        result: full,
        startedAt,
        durationMs: performance.now() - t0,
      });
      if (tool.capability.type === 'action') await this.options.settleChange?.(caller);
      return this.options.guard?.markResult?.(caller, tool, visible) ?? visible;
    } catch (thrown) {
      const error = toAppError(thrown, this.options.mapUpstreamError);
      if (error.code === 'INTERNAL_ERROR')
        this.options.log.error('tool failed', { tool: tool.qualifiedName, error: error.message });
      this.report({
        caller,
        tool,
        args: args ?? {},
        target: callTarget(tool, args),
        success: false,
        error,
        startedAt,
        durationMs: performance.now() - t0,
      });
      throw error;
    } finally {
      if (--this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  /** Runs the handler (through the result cache when analytical); returns what the caller sees and the whole result. */
  private async run(
    caller: Caller,
    tool: ToolDefinition,
    args: Record<string, unknown>,
    control: CallControl,
  ): Promise<{ visible: Record<string, unknown>; full: Record<string, unknown> }> {
    // The page window belongs to list tools; a plain tool's own `cursor` (an upstream's, such as Slack's) is its own to read.
    const page = isListTool(tool) ? pageOf(tool.list, args) : resolvePage({});
    const fields = args.fields as string[] | undefined;
    if (isListTool(tool)) {
      const { raw, partial } = await this.once(caller, tool, args, page, control);
      const budget = this.options.resultBudgetChars ?? DEFAULT_RESULT_BUDGET_CHARS;
      const { visible, full } = shapeList(tool.list, raw as ListPage<unknown>, page, budget, fields);
      return { visible: { ...visible, ...partial }, full: { ...full, ...partial } };
    }
    const plain =
      tool.capability.type === 'analytical' && this.resultCache
        ? await cachedAnalyticalResult(
            this.resultCache,
            caller,
            tool.qualifiedName,
            args,
            () => this.options.clients.accessDigest(caller, this.options.registry.integrationsOf(tool)),
            () => this.plain(caller, tool, args, page, control),
          )
        : await this.plain(caller, tool, args, page, control);
    return { visible: project(plain, fields), full: plain };
  }

  /** One run of the handler, checked and masked, with what failed of it. */
  private async once(
    caller: Caller,
    tool: ToolDefinition,
    args: Record<string, unknown>,
    page: PageRequest,
    control: CallControl,
  ): Promise<{ raw: unknown; partial: Record<string, unknown> }> {
    const { raw: handed, failures } = await runToolOnce(this.callDeps, caller, tool, args, page, control);
    // Checked before masking: an action the policy lets carry a credential stores it, and its echo is masked.
    if (tool.capability.type === 'action' && tool.verify) {
      const problem = tool.verify(handed as Record<string, unknown>, args);
      if (problem) throw new AppError('VERIFICATION_FAILED', `${tool.name} did not take effect: ${problem}`);
    }
    const raw = this.options.guard ? this.options.guard.maskResult(caller, tool, handed) : handed;
    return { raw, partial: failures.length > 0 ? { partial: true, failed_sources: failures } : {} };
  }

  private async plain(
    caller: Caller,
    tool: ToolDefinition,
    args: Record<string, unknown>,
    page: PageRequest,
    control: CallControl,
  ): Promise<Record<string, unknown>> {
    const { raw, partial } = await this.once(caller, tool, args, page, control);
    return { ...(raw as Record<string, unknown>), ...partial };
  }

  private report(event: ExecutionEvent): void {
    for (const observer of this.observers) {
      try {
        observer(event);
      } catch (error) {
        this.options.log.warn('execution observer failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
}
