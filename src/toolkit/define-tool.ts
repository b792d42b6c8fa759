import { z } from 'zod';
import type { CallLog } from './call-log.js';
import type { Caller, ClientMap, Clock, IntegrationId, Logger } from './context.js';
import type { FanOutOptions, FanOutResult } from './fan-out.js';
import type { PageRequest, ResumePoint } from './pagination.js';
import type { ProgressUpdate } from './progress.js';
import type { AnalyticsCache } from '../analytics/cache.js';
import type { DocumentService } from '../documents/service.js';
import type { GraphService } from '../graph/service/graph-service.js';

export type { ProgressUpdate } from './progress.js';

export type CapabilityType = 'action' | 'analytical' | 'read';

export interface CapabilitySpec {
  type: CapabilityType;
  /** Dotted capability name, e.g. `code_host.analytics.dora_metrics`. */
  name: string;
  /** Systems the tool needs; defaults to its own system. */
  requires?: string[];
  /**
   * True when any one of the required systems is enough: the tool answers with what it could reach and
   * names the systems it could not (a caller's work across every system they use).
   */
  requiresAny?: boolean;
  /**
   * Systems whose clients the tool reads when the caller has them connected; it is listed and runs
   * without them and names what it could not read (a graph tool adding a person's live open work).
   */
  readsIfConnected?: string[];
  /** What an analytical capability produces (metric names). */
  outputs?: string[];
  /** Action tools: true when sending the same call twice leaves the same state (update, label, merge). */
  idempotent?: boolean;
  /** Action tools: true when the call deletes or overwrites data. */
  destructive?: boolean;
}

interface ToolExample {
  query: string;
  tool: string;
  params: Record<string, unknown>;
}

export interface LlmHints {
  aliases: string[];
  when_to_use: string;
  not_for: string;
  examples: ToolExample[];
}

/**
 * The services the application builds once (src/app.ts) and hands to tools. Named here as types only:
 * the toolkit runs tools over them without depending on the features that implement them.
 */
export interface ServiceMap {
  graph: GraphService;
  documents: DocumentService;
  /** The stale-while-revalidate cache of analytical results (the executor's result cache). */
  analytics: AnalyticsCache;
}

export interface ToolRunContext<A> {
  args: A;
  caller: Caller;
  /** The integration's SDK client for this caller, built lazily and cached per tenant. */
  client: <K extends IntegrationId>(integration: K) => ClientMap[K];
  /** Resolved page window of a list tool (from limit, offset or cursor). */
  page: PageRequest;
  /** Runs `fn` over every resource with bounded concurrency; failures are collected, not thrown. */
  fanOut: <R, T>(
    resources: readonly R[],
    fn: (resource: R) => Promise<T>,
    options?: FanOutOptions<R>,
  ) => Promise<FanOutResult<R, T>>;
  /**
   * Analytical tools: runs named sources in parallel. A failed source leaves its key undefined and is
   * reported by the executor as a partial result; when every source fails the call fails, unless the
   * sources are only `alongside` what the tool answers from elsewhere (then it answers, partial).
   */
  gather: <S extends Record<string, () => Promise<unknown>>>(
    sources: S,
    options?: { alongside?: boolean },
  ) => Promise<{ [K in keyof S]?: Awaited<ReturnType<S[K]>> }>;
  services: ServiceMap;
  clock: Clock;
  /** Aborts at the call's deadline or when the caller cancels it. */
  signal: AbortSignal;
  log: Logger;
  /** Reports how far a long call has come (fan-outs report on their own); a no-op when nobody listens. */
  progress: (update: ProgressUpdate) => void;
}

/** What the surface that started a call hears of it and can do to it. */
export interface CallControl {
  /** Aborts the call: the caller cancelled it or went away. */
  signal?: AbortSignal;
  onProgress?: (update: ProgressUpdate) => void;
  /** Hears what the call does that its caller may want to know while waiting (retries, for one). */
  log?: CallLog;
  /**
   * What the caller's surface brings towards a confirmation. Every outside surface passes it (even empty):
   * a call with it needs a person's confirmation where the policy says so. Calls the server makes itself
   * (resources, completions) pass none.
   */
  confirmation?: PresentedConfirmation;
}

/** A confirmation a call carries: a token repeated from a refusal, or a yes the client's own form asked for. */
export interface PresentedConfirmation {
  token?: string;
  confirmedInClient?: boolean;
}

/** What a list tool's handler returns: items from the page's offset on (at least `limit + 1` when more exist). */
export interface ListPage<T> {
  items: T[];
  /** The exact number of items in the whole list, when the upstream says it. */
  total?: number;
  /** True when the upstream says more items follow those returned (a next cursor) without a total. */
  more?: boolean;
  /** True when `items` already starts at `page.offset` (the handler paged upstream itself). */
  offsetApplied?: boolean;
  /** Upstream cursors the handler saw, for the next page's cursor to resume from (see `ResumePoint`). */
  resumePoints?: readonly ResumePoint[];
  /** Extra top-level fields of the result (e.g. `repositories_covered`). */
  extra?: Record<string, unknown>;
}

export interface ToolTarget {
  type: string;
  id: string;
}

type InputShape = z.ZodObject<z.ZodRawShape>;

interface ToolSpecBase<S extends InputShape> {
  system: string;
  name: string;
  title?: string;
  description: string;
  capability: CapabilitySpec;
  input: S;
  hints: LlmHints;
  /**
   * Other names callers may call the tool by (a spec's `chatmessage:list`, a concept name such as
   * `ChatMessage.search`), matched case-insensitively wherever a tool is named; MCP hosts still see the
   * qualified name.
   */
  aliases?: string[];
  /**
   * Names the specification gives the tool where they are too long for hosts (see
   * MAX_QUALIFIED_NAME_LENGTH): still answered wherever a tool is named (`<system>_<spec name>` over MCP,
   * the spec name on the REST routes and the `call` client, its method route), never listed.
   */
  specNames?: string[];
  /** The entity the call acts on, for the activity record; defaults to the first identifier argument. */
  target?: (args: z.infer<S>) => ToolTarget | undefined;
}

// The result types are inferred from the schemas alone (NoInfer on the handler), so a handler that
// can return something the schema does not allow (a null where it says number) fails to compile.
interface PlainToolSpec<S extends InputShape, O extends Record<string, unknown>> extends ToolSpecBase<S> {
  output?: z.ZodType<O>;
  /** Action tools: checks the upstream really did what was asked; returns a problem or undefined. */
  verify?: (result: NoInfer<O>, args: z.infer<S>) => string | undefined;
  run(ctx: ToolRunContext<z.infer<S>>): Promise<NoInfer<O>>;
}

/**
 * How a list tool pages: the collection's key, the page size when none is given, and the argument a
 * specification names the page size by (e.g. `max_results`), accepted in place of `limit` with its own bounds.
 */
export interface ListOptions<K extends string = string> {
  key: K;
  defaultLimit?: number;
  limitAlias?: string;
  /**
   * The argument a specification names a 1-based page number by (Slack search's `page`): page n starts
   * at offset (n - 1) × limit when neither offset nor cursor is given.
   */
  pageNumberAlias?: string;
  /** The spec's page also carries `has_more` and `next_cursor` beside the collection (Slack's form). */
  topLevelPaging?: boolean;
}

interface ListToolSpec<S extends InputShape, T, K extends string = string> extends ToolSpecBase<S> {
  list: ListOptions<K>;
  item?: z.ZodType<T>;
  /** Top-level fields a list result carries besides the collection (coverage of a fan-out...). */
  extra?: z.ZodObject<z.ZodRawShape>;
  run(ctx: ToolRunContext<z.infer<S>>): Promise<ListPage<NoInfer<T>>>;
}

type ToolSpec<S extends InputShape = InputShape> = PlainToolSpec<S, Record<string, unknown>> | ListToolSpec<S, unknown>;

/** A tool as the registry holds it: the spec with erased generics. */
export interface ToolDefinition {
  system: string;
  name: string;
  /** `<system>_<name>`: the name on every MCP surface. */
  qualifiedName: string;
  title?: string;
  description: string;
  capability: CapabilitySpec;
  input: InputShape;
  output?: z.ZodType;
  item?: z.ZodType;
  extra?: z.ZodObject<z.ZodRawShape>;
  list?: ListOptions;
  hints: LlmHints;
  aliases?: string[];
  specNames?: string[];
  target?: (args: Record<string, unknown>) => ToolTarget | undefined;
  verify?: (result: Record<string, unknown>, args: Record<string, unknown>) => string | undefined;
  run(ctx: ToolRunContext<Record<string, unknown>>): Promise<Record<string, unknown> | ListPage<unknown>>;
}

/**
 * A defined tool with its argument and result types kept (as a type only, never a value), so code
 * that reads its results (graph extractors) is checked against its schemas. The result of a list tool
 * is the collection under its key.
 */
export interface TypedTool<A, R> extends ToolDefinition {
  readonly types?: { args: A; result: R };
}

export type ArgsOf<T> = T extends { types?: { args: infer A } } ? A : never;
export type ResultOf<T> = T extends { types?: { result: infer R } } ? R : never;

const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

/**
 * Hosts cap a tool's name at 64 characters after prefixing it with the server's name (Claude Code's
 * `mcp__<server>__`): 20 characters are left for that prefix.
 */
const HOST_PREFIX_ALLOWANCE = 20;
const MAX_QUALIFIED_NAME_LENGTH = 64 - HOST_PREFIX_ALLOWANCE;

/** Checks and types one tool definition. It does not decide how the tool is exposed: the registry does. */
export function defineTool<S extends InputShape, T, K extends string>(
  spec: ListToolSpec<S, T, K>,
): TypedTool<z.infer<S>, { [P in K]: T[] }>;
export function defineTool<S extends InputShape, O extends Record<string, unknown>>(
  spec: PlainToolSpec<S, O>,
): TypedTool<z.infer<S>, O>;
export function defineTool(spec: ToolSpec): ToolDefinition {
  if (!NAME_PATTERN.test(spec.system)) throw new Error(`Invalid system id "${spec.system}"`);
  for (const name of [spec.name, ...(spec.specNames ?? [])])
    if (!NAME_PATTERN.test(name)) throw new Error(`Invalid tool name "${name}"`);
  const qualifiedName = `${spec.system}_${spec.name}`;
  if (qualifiedName.length > MAX_QUALIFIED_NAME_LENGTH) {
    throw new Error(
      `Tool name "${qualifiedName}" is longer than ${MAX_QUALIFIED_NAME_LENGTH} characters (hosts prefix it with up to ${HOST_PREFIX_ALLOWANCE})`,
    );
  }
  if (spec.capability.type !== 'action' && (spec.capability.idempotent === false || spec.capability.destructive)) {
    throw new Error(`${qualifiedName}: only action tools can be non-idempotent or destructive`);
  }
  return { ...(spec as unknown as ToolDefinition), qualifiedName };
}

export const isListTool = (tool: ToolDefinition): tool is ToolDefinition & { list: { key: string } } =>
  tool.list !== undefined;
