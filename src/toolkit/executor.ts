import { z } from 'zod';
import type { Caller, ClientProvider, Clock, Logger } from './context.js';
import {
  isListTool,
  type CallControl,
  type ListOptions,
  type ListPage,
  type PresentedConfirmation,
  type ServiceMap,
  type ToolDefinition,
  type ToolTarget,
} from './define-tool.js';
import { closestName } from './closest-name.js';
import { AppError, toAppError } from './errors.js';
import { paginate, resolvePage, type PageRequest } from './pagination.js';
import { itemFields, project } from './projection.js';
import type { Registry } from './registry.js';
import { runToolOnce, type ToolCallDeps } from './tool-call.js';
import { assertSafeJson } from './safe-json.js';
import { assertPathSafeIds } from './path-ids.js';
import { boundItems, DEFAULT_RESULT_BUDGET_CHARS } from './result-budget.js';

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
  /** Throws (an AppError) when the caller may not call the tool at all; runs before its arguments are read. */
  admit?(caller: Caller, tool: ToolDefinition): Promise<void>;
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

/** Where analytical results are kept between calls (the analytics cache implements it). */
interface ResultCache {
  getOrCompute<T extends Record<string, unknown>>(
    tenantId: string,
    key: { tool: string; args: Record<string, unknown> },
    compute: () => Promise<T>,
    options: { refresh?: boolean; shouldStore?: (value: T) => boolean },
  ): Promise<{ value: T; cache: { status: string; computed_at: string } }>;
}

const IDENTIFIER_ARGS: Array<[string, string]> = [
  ['repo_id', 'repository'],
  ['issue_key', 'issue'],
  ['project_key', 'project'],
  ['page_id', 'page'],
  ['space_key', 'space'],
  ['username', 'user'],
  ['email', 'user'],
];

function defaultTarget(tool: ToolDefinition, args: Record<string, unknown>): ToolTarget {
  for (const [arg, type] of IDENTIFIER_ARGS) {
    const value = args[arg];
    if (typeof value === 'string' && value) return { type, id: value };
  }
  return { type: 'system', id: tool.system };
}

/**
 * Arguments that never change an analytical result: how to project or refresh it. A `limit` of an
 * analytical tool does change it (top N people), so it stays in the key; list tools are never cached.
 */
const NOT_PART_OF_RESULT = new Set(['fields', 'refresh']);

/** The page a list call asks for, reading a spec's own names for the page size (`max_results`) and number (`page`). */
function pageOf(list: ListOptions, args: Record<string, unknown>): PageRequest {
  const alias = list.limitAlias;
  const sized = alias && args.limit === undefined && args[alias] !== undefined ? { ...args, limit: args[alias] } : args;
  const page = resolvePage(sized, list.defaultLimit);
  const pageNumber = list.pageNumberAlias ? args[list.pageNumberAlias] : undefined;
  const positioned = args.offset !== undefined || args.cursor !== undefined;
  return typeof pageNumber === 'number' && pageNumber > 1 && !positioned
    ? { ...page, offset: (pageNumber - 1) * page.limit }
    : page;
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
    assertSafeJson(raw, 'arguments');
    const schema = this.registry.inputSchema(tool);
    const parsed = schema.safeParse(raw ?? {});
    if (parsed.success) {
      assertPathSafeIds(parsed.data, tool.name);
      return parsed.data;
    }
    const accepted = Object.keys(schema.shape);
    const unknown = parsed.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys' && issue.path.length === 0 ? issue.keys : [],
    );
    if (unknown.length > 0) {
      const problems = unknown.map((key) => {
        const closest = closestName(key, accepted);
        return {
          path: key,
          message: `Unknown argument "${key}" for ${tool.name}${closest ? `; did you mean "${closest}"?` : ''}`,
        };
      });
      throw new AppError('VALIDATION_ERROR', problems.map((p) => p.message).join(' '), { details: problems });
    }
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new AppError(
      'VALIDATION_ERROR',
      `Invalid arguments for ${tool.name}: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}`,
      {
        details: issues,
      },
    );
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
    try {
      return await this.executeCounted(caller, tool, rawArgs, control);
    } finally {
      if (--this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private async executeCounted(
    caller: Caller,
    tool: ToolDefinition,
    rawArgs: unknown,
    control: CallControl,
  ): Promise<Record<string, unknown>> {
    const startedAt = this.options.clock.now();
    const t0 = performance.now();
    let args: Record<string, unknown> | undefined;
    try {
      await this.registry.loaded(tool);
      await this.options.guard?.admit?.(caller, tool);
      args = this.parseArgs(tool, rawArgs);
      this.options.guard?.checkArguments(caller, tool, args);
      if (control.confirmation && this.options.confirmations)
        await this.options.confirmations.check(caller, tool, args, control.confirmation);
      const { visible, full } = await this.run(caller, tool, args, control);
      this.report({
        caller,
        tool,
        args,
        target: this.target(tool, args),
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
        target: this.target(tool, args),
        success: false,
        error,
        startedAt,
        durationMs: performance.now() - t0,
      });
      throw error;
    }
  }

  /** The activity target: from validated arguments only; refused arguments fall back to the system. */
  private target(tool: ToolDefinition, args: Record<string, unknown> | undefined): ToolTarget {
    if (!args) return { type: 'system', id: tool.system };
    const own = tool.target?.(args);
    if (own && typeof own.type === 'string' && own.type && typeof own.id === 'string' && own.id) return own;
    return defaultTarget(tool, args);
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
    const once = async () => {
      const { raw: handed, failures } = await runToolOnce(this.callDeps, caller, tool, args, page, control);
      // Checked before masking: an action the policy lets carry a credential stores it, and its echo is masked.
      if (tool.capability.type === 'action' && tool.verify) {
        const problem = tool.verify(handed as Record<string, unknown>, args);
        if (problem) throw new AppError('VERIFICATION_FAILED', `${tool.name} did not take effect: ${problem}`);
      }
      const raw = this.options.guard ? this.options.guard.maskResult(caller, tool, handed) : handed;
      return { raw, partial: failures.length > 0 ? { partial: true, failed_sources: failures } : {} };
    };
    const fields = args.fields as string[] | undefined;
    if (isListTool(tool)) {
      const { raw, partial } = await once();
      const { visible, full } = this.shapeList(tool.list, raw as ListPage<unknown>, page, fields);
      return { visible: { ...visible, ...partial }, full: { ...full, ...partial } };
    }
    const plain =
      tool.capability.type === 'analytical' && this.resultCache
        ? await this.cached(this.resultCache, caller, tool, args, once)
        : await this.plain(once);
    return { visible: project(plain, fields), full: plain };
  }

  private async plain(
    once: () => Promise<{ raw: unknown; partial: Record<string, unknown> }>,
  ): Promise<Record<string, unknown>> {
    const { raw, partial } = await once();
    return { ...(raw as Record<string, unknown>), ...partial };
  }

  /**
   * The analytical path: results are cached per tenant by qualified tool name, arguments that change
   * the result (canonical JSON) and a digest of the caller's access through the tool's integrations
   * (callers who see different data never share a result; a per-user grant's generation is part of it). Partial results are returned but never stored. `refresh: true` skips
   * the cache. Every result says `cache: {status, computed_at}`.
   */
  private async cached(
    cache: ResultCache,
    caller: Caller,
    tool: ToolDefinition,
    args: Record<string, unknown>,
    once: () => Promise<{ raw: unknown; partial: Record<string, unknown> }>,
  ): Promise<Record<string, unknown>> {
    const keyArgs = Object.fromEntries(Object.entries(args).filter(([name]) => !NOT_PART_OF_RESULT.has(name)));
    const { value, cache: info } = await cache.getOrCompute(
      caller.tenantId,
      {
        tool: tool.qualifiedName,
        args: {
          ...keyArgs,
          _access: await this.options.clients.accessDigest(caller, this.options.registry.integrationsOf(tool)),
        },
      },
      () => this.plain(once),
      { refresh: args.refresh === true, shouldStore: (result) => result.partial !== true },
    );
    return { ...value, cache: info };
  }

  private shapeList(
    { key, topLevelPaging }: { key: string; topLevelPaging?: boolean },
    listPage: ListPage<unknown>,
    page: { limit: number; offset: number },
    fields?: string[],
  ): { visible: Record<string, unknown>; full: Record<string, unknown> } {
    const fromOffset = (listPage.offsetApplied ? listPage.items : listPage.items.slice(page.offset)).slice(
      0,
      page.limit + 1,
    );
    const projected = project(fromOffset, itemFields(fields, key));
    const shown = boundItems(projected, page.limit, this.options.resultBudgetChars ?? DEFAULT_RESULT_BUDGET_CHARS);
    const extent = {
      total: listPage.total,
      seen: (listPage.offsetApplied ? page.offset : 0) + listPage.items.length,
      more: listPage.more,
    };
    const { items, pagination } = paginate(projected, page, extent, shown, listPage.resumePoints);
    const envelope = {
      count: items.length,
      // Only the size budget truncates: a page that ends at its limit is whole, has_more says more follow.
      truncated: items.length < Math.min(page.limit, fromOffset.length),
      pagination,
      ...(topLevelPaging ? { has_more: pagination.has_more, next_cursor: pagination.next_cursor } : {}),
      ...(listPage.extra ?? {}),
    };
    return { visible: { [key]: items, ...envelope }, full: { [key]: fromOffset.slice(0, items.length), ...envelope } };
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
