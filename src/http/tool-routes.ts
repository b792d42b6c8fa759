import type { RequestHandler, Response } from 'express';
import { isListTool, type ToolDefinition } from '../toolkit/define-tool.js';
import { paginationShape } from '../toolkit/pagination.js';
import type { JsonSchema } from '../toolkit/registry.js';
import { requireCaller } from './auth.js';
import type { CallerChecks, RouteContext, ToolAccess } from './route-context.js';
import type { ErrorForm, Operation, QueryParam, Routes, Security } from './route-module.js';
import { addToolCallRoute, pathParams, requestArguments } from './tool-call-route.js';

const PAGE_ARGUMENTS = Object.keys(paginationShape);

/** A spec family's route declared as data: one tool call, mapping the request to arguments and the result to a body. */
export interface ToolRoute {
  method: Operation['method'];
  /** OpenAPI form: `{calendar_id}` for a path parameter; path parameters become tool arguments of the same name. */
  path: string;
  operationId: string;
  summary: string;
  /** The tool's qualified name, e.g. `suite.list_events`. */
  tool: string;
  /** Query parameters taken (GET and DELETE); each becomes the tool argument of the same name. */
  query?: readonly string[];
  /** Whether the JSON body is the tool's arguments (besides path parameters). */
  body?: boolean;
  /** The route's own defaults (a default the route has and the tool has not). */
  defaults?: Readonly<Record<string, unknown>>;
  /** The part of the tool's result the body carries as `data` (the whole result when absent). */
  data?: (result: Record<string, unknown>) => unknown;
  /** Success status when it is not 200 (201 for a create). */
  status?: number;
  /** Schema of the success body, for `/openapi.json`. */
  response?: JsonSchema;
}

/**
 * What a tool-backed family's routes use: the tools, the caller checks, and the tenants and clock of
 * the families that name their tenant by header.
 */
export type ToolRouteContext = ToolAccess & CallerChecks & Pick<RouteContext, 'tenants' | 'clock'>;

/** How a tool-backed family spells success and failure. */
export interface ToolRouteFamily {
  tag: string;
  /**
   * The body of a success: e.g. the suite's `{success, data, count}`; `result` is the tool's whole result
   * (a list tool's `pagination` among it).
   */
  respond(data: unknown, res: Response, result: Record<string, unknown>): void;
  /**
   * The family's list routes also take the page arguments every list tool has (`limit`, `offset`,
   * `cursor`) besides the names their route declares, and answer the page's `pagination`.
   */
  pages?: boolean;
  refuse(app: ToolRouteContext, res: Response, error: unknown): void;
  /**
   * Puts the caller in `res.locals.caller` (see `callerOf`), or refuses. Default: a JWT (or the demo
   * user); the unified families authenticate by API key and `X-Tenant-Id` instead.
   */
  authenticate?: (app: ToolRouteContext, refuse: (res: Response, error: unknown) => void) => RequestHandler;
  /** How the family is authenticated, in `/openapi.json` (default `jwt`), with any header it reads besides. */
  security?: Security;
  headers?: QueryParam[];
  /** The family's error body (default `detail`). */
  errors?: ErrorForm;
}

/** The body a route takes: the tool's input without the arguments its path gives. */
function bodySchema(input: JsonSchema, params: readonly string[]): JsonSchema {
  if (params.length === 0) return input;
  const properties = Object.fromEntries(
    Object.entries((input.properties ?? {}) as Record<string, JsonSchema>).filter(([name]) => !params.includes(name)),
  );
  const required = Array.isArray(input.required)
    ? (input.required as string[]).filter((name) => !params.includes(name))
    : undefined;
  return { ...input, properties, ...(required ? { required } : {}) };
}

/** The tool a route declaration names by its qualified name (`suite.list_events`); a wrong name is a programming error. */
/**
 * These routes answer in the spec's own resource forms, which have no place for the provenance block the
 * executor adds to results carrying what people wrote: the tool routes and MCP carry it, these leave it out
 * (the flagged values are remembered all the same, so an action carrying one still needs a confirmation).
 */
function withoutProvenance(result: Record<string, unknown>): Record<string, unknown> {
  if (!('untrusted_content' in result)) return result;
  const { untrusted_content: _provenance, ...rest } = result;
  return rest;
}

export function toolOf(app: Pick<RouteContext, 'registry'>, qualified: string): ToolDefinition {
  const [system, name] = qualified.split('.');
  const tool = app.registry.find(name, system);
  if (!tool) throw new Error(`Route to an unknown tool: ${qualified}`);
  return tool;
}

/**
 * Adds REST routes that call tools (spec families with their own paths, such as `/suite/...`): the
 * tool's input schema documents and converts the query parameters, its validation answers bad input,
 * and the family decides the body. One implementation serves MCP and REST.
 */
export function addToolRoutes(
  routes: Routes,
  app: ToolRouteContext,
  family: ToolRouteFamily,
  list: readonly ToolRoute[],
): void {
  const refuse = (res: Response, error: unknown) => family.refuse(app, res, error);
  const auth = family.authenticate ? family.authenticate(app, refuse) : requireCaller(app, refuse);
  for (const route of list) {
    const tool = toolOf(app, route.tool);
    const input = app.registry.inputJsonSchema(tool);
    const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
    const params = pathParams(route.path);
    const declared = route.query ?? [];
    const paging = family.pages && isListTool(tool) ? PAGE_ARGUMENTS.filter((name) => !declared.includes(name)) : [];
    const queryNames = [...declared, ...paging];
    const query: QueryParam[] = queryNames.map((name) => ({
      name,
      schema: properties[name] ?? { type: 'string' },
      ...(typeof properties[name]?.description === 'string' ? { description: properties[name].description } : {}),
    }));
    const argsOf = requestArguments(input, route.path, {
      ...(queryNames.length ? { query: queryNames } : {}),
      ...(route.body ? { body: 'fields' as const } : {}),
      ...(route.defaults ? { defaults: route.defaults } : {}),
    });
    const operation: Operation = {
      method: route.method,
      path: route.path,
      operationId: route.operationId,
      summary: route.summary,
      description: tool.description,
      tag: family.tag,
      security: family.security ?? 'jwt',
      ...(family.headers ? { headers: family.headers } : {}),
      ...(query.length ? { query } : {}),
      ...(route.body ? { body: bodySchema(input, params) } : {}),
      ...(route.status ? { status: route.status } : {}),
      ...(route.response ? { response: route.response } : {}),
      errors: family.errors ?? 'detail',
    };
    addToolCallRoute(routes, app.executor, {
      operations: [operation],
      before: [auth],
      call: (req) => ({ tool, args: argsOf(req) }),
      form: {
        succeed: (res, result) => {
          if (route.status) res.status(route.status);
          const specResult = withoutProvenance(result);
          family.respond(route.data ? route.data(specResult) : specResult, res, specResult);
        },
        fail: refuse,
      },
    });
  }
}
