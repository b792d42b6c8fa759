import type { Request, RequestHandler, Response } from 'express';
import { CONFIRMATION_HEADER } from '../governance/confirmations/gate.js';
import type { Caller, Logger } from '../toolkit/context.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { Executor } from '../toolkit/executor.js';
import type { JsonSchema } from '../toolkit/registry.js';
import { callerOf } from './auth.js';
import { envelope } from './envelope.js';
import { sendError } from './errors.js';
import { queryArgs } from './query-args.js';
import type { Operation, Routes } from './route-module.js';

/** One call a request asks for: the tool and its arguments, as the request gave them (the executor validates). */
export interface ToolCall {
  tool: ToolDefinition;
  args: unknown;
}

/** How a route spells the outcome of its call: the success body (and its status), and a failure. */
export interface ResponseForm {
  succeed(res: Response, result: Record<string, unknown>, tool: ToolDefinition, caller: Caller): void;
  fail(res: Response, error: unknown): void;
}

/**
 * The platform's envelope: `{success: true, data: <result>, meta: {tenant_id, timestamp, ...meta}}`,
 * failures in the envelope family's form. `meta` adds to the success's `meta` (the method's name).
 */
export const envelopeForm = (log: Logger, meta: (tool: ToolDefinition) => Record<string, unknown> = () => ({})) =>
  ({
    succeed: (res, result, tool, caller) => void res.json(envelope(result, caller, meta(tool))),
    fail: (res, error) => sendError(res, error, { log }),
  }) satisfies ResponseForm;

/**
 * One REST route whose work is one tool call: every REST path into the executor is one of these (the
 * catalog's execute route, the method routes, the spec families' routes, the graph's and analytics').
 */
interface ToolCallRoute {
  /** What is declared in `/openapi.json`, one operation per path the call is served at. */
  operations: readonly Operation[];
  /** Runs before the call: authentication (which puts the caller in `res.locals`), the response cache. */
  before: readonly RequestHandler[];
  /** The tool a request calls and its arguments (may throw: a tool the request names that does not exist). */
  call(req: Request): ToolCall;
  form: ResponseForm;
}

/** Declares and serves a route that runs one tool call through the executor. */
export function addToolCallRoute(routes: Routes, executor: Executor, route: ToolCallRoute): void {
  const handler = async (req: Request, res: Response) => {
    try {
      const caller = callerOf(res);
      const { tool, args } = route.call(req);
      const token = req.get(CONFIRMATION_HEADER)?.trim();
      const result = await executor.execute(caller, tool, args, { confirmation: { token: token || undefined } });
      route.form.succeed(res, result, tool, caller);
    } catch (error) {
      route.form.fail(res, error);
    }
  };
  for (const operation of route.operations) routes.add(operation, ...route.before, handler);
}

/** Where a route's tool arguments come from; path parameters are always arguments of the same names. */
interface ArgumentSources {
  /** Query parameters, typed by the schema: every one given (`all`), or only these names. */
  query?: 'all' | readonly string[];
  /**
   * The JSON body: `arguments` is the arguments as it came; `fields`, its fields join the path's and
   * the query's; a list, only those of its fields. A body that is no object is passed on as it came
   * (the tool's schema refuses it), except for `fields`, which spreads whatever it is.
   */
  body?: 'arguments' | 'fields' | readonly string[];
  /** The route's own defaults, for arguments the request leaves out. */
  defaults?: Readonly<Record<string, unknown>>;
  /** Adjusts arguments that need more than a rename (one entity type from a list). */
  adapt?: (args: Record<string, unknown>) => Record<string, unknown>;
}

export const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const picked = (source: Record<string, unknown>, names: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(names.filter((name) => source[name] !== undefined).map((name) => [name, source[name]]));

/**
 * The arguments of a request to `path`, read as `sources` say, typed by `schema` where the query string
 * carries them. Nothing is validated here: the tool's own schema answers bad input.
 */
export function requestArguments(
  schema: JsonSchema,
  path: string,
  sources: ArgumentSources,
): (req: Request) => unknown {
  const params = pathParams(path);
  const { query, body, defaults, adapt } = sources;
  return (req) => {
    const raw: unknown = req.body;
    if (body === 'arguments') return raw ?? {};
    if (Array.isArray(body) && !isRecord(raw)) return raw;
    const fromQuery = query === 'all' ? queryArgs(schema, req.query) : query ? queryArgs(schema, req.query, query) : {};
    const fields = (raw ?? {}) as Record<string, unknown>;
    const fromBody = body === 'fields' ? { ...fields } : body ? picked(fields, body) : {};
    const args: Record<string, unknown> = { ...fromQuery, ...fromBody };
    for (const name of params) args[name] = req.params[name];
    for (const [name, value] of Object.entries(defaults ?? {})) if (args[name] === undefined) args[name] = value;
    return adapt ? adapt(args) : args;
  };
}
