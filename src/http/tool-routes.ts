import type { Request, Response } from 'express';
import type { App } from '../app.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { JsonSchema } from '../toolkit/registry.js';
import { callerOf, requireCaller } from './auth.js';
import { queryArgs } from './query-args.js';
import type { Operation, QueryParam, Routes } from './route-module.js';

/** One REST route whose work is one tool call: the route only maps the request to arguments and the result to a body. */
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
  /** Fixed arguments (e.g. a default the route has and the tool has not). */
  fixed?: Record<string, unknown>;
  /** The part of the tool's result the body carries as `data` (the whole result when absent). */
  data?: (result: Record<string, unknown>) => unknown;
}

/** How a tool-backed family spells success and failure. */
export interface ToolRouteFamily {
  tag: string;
  /** The body of a success: e.g. the suite's `{success, data, count}`. */
  respond(data: unknown, res: Response): void;
  refuse(app: App, res: Response, error: unknown): void;
}

const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

function toolOf(app: App, name: string): ToolDefinition {
  const [system, tool] = name.split('.');
  const found = app.registry.find(tool, system);
  if (!found) throw new Error(`Route to an unknown tool: ${name}`);
  return found;
}

/**
 * Adds REST routes that call tools (spec families with their own paths, such as `/suite/...`): the
 * tool's input schema documents and converts the query parameters, its validation answers bad input,
 * and the family decides the body. One implementation serves MCP and REST.
 */
export function addToolRoutes(routes: Routes, app: App, family: ToolRouteFamily, list: readonly ToolRoute[]): void {
  const auth = requireCaller(app, (res, error) => family.refuse(app, res, error));
  for (const route of list) {
    const tool = toolOf(app, route.tool);
    const input = app.registry.inputJsonSchema(tool);
    const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
    const params = pathParams(route.path);
    const query: QueryParam[] = (route.query ?? []).map((name) => ({
      name,
      schema: properties[name] ?? { type: 'string' },
      ...(typeof properties[name]?.description === 'string' ? { description: properties[name].description } : {}),
    }));
    const handler = async (req: Request, res: Response) => {
      try {
        const fromPath = Object.fromEntries(params.map((name) => [name, req.params[name]]));
        const fromQuery = route.query ? queryArgs(input, req.query, route.query) : {};
        const fromBody = route.body ? ((req.body as Record<string, unknown> | undefined) ?? {}) : {};
        const args = { ...route.fixed, ...fromQuery, ...fromBody, ...fromPath };
        const result = await app.executor.execute(callerOf(res), tool, args);
        family.respond(route.data ? route.data(result) : result, res);
      } catch (error) {
        family.refuse(app, res, error);
      }
    };
    routes.add(
      {
        method: route.method,
        path: route.path,
        operationId: route.operationId,
        summary: route.summary,
        description: tool.description,
        tag: family.tag,
        security: 'jwt',
        ...(query.length ? { query } : {}),
        ...(route.body ? { body: input } : {}),
        errors: 'detail',
      },
      auth,
      handler,
    );
  }
}
