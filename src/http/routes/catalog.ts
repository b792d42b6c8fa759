import { z } from 'zod';
import { CatalogSearch, hitView } from '../../mcp/catalog-search.js';
import { AppError } from '../../toolkit/errors.js';
import type { Request } from 'express';
import type { Registry } from '../../toolkit/registry.js';
import { callerOf, requireCaller } from '../auth.js';
import { ANY_OBJECT, envelopeOf } from '../doc-schemas.js';
import { envelope } from '../envelope.js';
import { route, sendError } from '../errors.js';
import type { CallerChecks, RouteContext, ToolAccess } from '../route-context.js';
import type { RouteModule } from '../route-module.js';
import { addToolCallRoute, type ToolCall } from '../tool-call-route.js';
import { resolveTool } from '../tool-resolver.js';
import { visibleTools } from '../visible-tools.js';

const SearchQuery = z.object({
  q: z.string().min(1).max(500),
  system: z.string().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(25).default(8),
});

const CapabilityType = z.enum(['action', 'analytical', 'read']);

const ExecuteBody = z.strictObject({
  tool: z.string().min(1).max(128),
  arguments: z.record(z.string(), z.unknown()).optional().default({}),
});

/** The tool an execute request names in its body, and its arguments. */
function executeCall(registry: Registry, system: string, req: Request): ToolCall {
  const body = ExecuteBody.safeParse(req.body ?? {});
  if (!body.success)
    throw new AppError(
      'VALIDATION_ERROR',
      `Body must be {tool: string, arguments?: object}: ${z.prettifyError(body.error).replace(/\n/g, '; ')}`,
    );
  return { tool: resolveTool(registry, system, body.data.tool), args: body.data.arguments };
}

/** `code_host` → `CodeHost`, for operation ids. */
const camel = (id: string): string => id.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());

/** Tool discovery and execution of the spec's MCP endpoints (`/mcp/...`). */
export const catalogRoutes: RouteModule<ToolAccess & CallerChecks & Pick<RouteContext, 'governance'>> = (
  routes,
  app,
) => {
  const { registry } = app;
  // Listings show what the server exposes and, to a request with a token, what its policy lets it call.
  const filterOf = visibleTools(app);
  const pub = { tag: 'catalog', security: 'none', response: ANY_OBJECT } as const;

  routes.add(
    { ...pub, method: 'get', path: '/mcp/systems', operationId: 'listSystems', summary: 'Systems of the tool catalog' },
    route(async (req, res) => {
      const visible = await filterOf(req);
      const systems = registry.systems.filter((s) => registry.toolsOf(s.id).some(visible)).map((s) => s.id);
      res.json({ systems, count: systems.length });
    }),
  );

  routes.add(
    {
      ...pub,
      method: 'get',
      path: '/mcp/domains',
      operationId: 'listDomains',
      summary: 'Domain records of every system',
    },
    route(async (req, res) => {
      const visible = await filterOf(req);
      res.json({
        domains: registry.systems.flatMap((s) => {
          const count = registry.toolsOf(s.id).filter(visible).length;
          return count === 0
            ? []
            : [
                {
                  name: s.id,
                  description: s.description,
                  keywords: s.keywords,
                  when_to_use: s.when_to_use,
                  tool_count: count,
                },
              ];
        }),
      });
    }),
  );

  routes.add(
    {
      ...pub,
      method: 'get',
      path: '/mcp/capabilities/analytics',
      operationId: 'listAnalyticalCapabilities',
      summary: 'Analytical capabilities of every system',
    },
    route(async (req, res) => {
      const visible = await filterOf(req);
      const systems: Record<string, Array<{ name: string; tool: string; requires: string[]; outputs: string[] }>> = {};
      let total = 0;
      for (const tool of registry.tools) {
        if (tool.capability.type !== 'analytical' || !visible(tool)) continue;
        const record = registry.capability(tool);
        (systems[tool.system] ??= []).push({
          name: record.name,
          tool: record.tool,
          requires: record.requires,
          outputs: record.outputs ?? [],
        });
        total++;
      }
      res.json({
        type: 'analytical',
        description: 'Read-only aggregations and engineering metrics computed from several sources in parallel.',
        systems,
        total_count: total,
      });
    }),
  );

  // The catalog search of discovery mode, over every tool, for a person or a client without MCP.
  let search: CatalogSearch | undefined;
  routes.add(
    {
      ...pub,
      method: 'get',
      path: '/mcp/search',
      operationId: 'searchTools',
      summary: 'Tools for a task in plain words, best first, each with the evidence that ranked it',
      query: [
        { name: 'q', required: true, schema: { type: 'string' } },
        { name: 'system', schema: { type: 'string' } },
        { name: 'limit', schema: { type: 'integer', minimum: 1, maximum: 25 } },
      ],
    },
    route(async (req, res) => {
      const parsed = SearchQuery.safeParse(req.query);
      if (!parsed.success)
        throw new AppError(
          'VALIDATION_ERROR',
          `q (1-500 characters) is required, limit is 1-25: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}`,
        );
      const visible = await filterOf(req);
      search ??= new CatalogSearch(registry, registry.tools);
      const hits = search.search(parsed.data.q, {
        system: parsed.data.system,
        limit: parsed.data.limit,
        include: visible,
      });
      res.json({ query: parsed.data.q, tools: hits.map(hitView), count: hits.length });
    }),
  );

  // One set of routes per system, so each one's tools are named in its own operations.
  for (const system of registry.systems) {
    const tools = registry.toolsOf(system.id);
    const id = camel(system.id);
    routes.add(
      {
        ...pub,
        method: 'get',
        path: `/mcp/${system.id}/capabilities`,
        operationId: `list${id}Capabilities`,
        summary: `Capability records of ${system.id}`,
        query: [{ name: 'capability_type', schema: { enum: CapabilityType.options } }],
      },
      route(async (req, res) => {
        const filter = req.query.capability_type;
        let type: z.infer<typeof CapabilityType> | undefined;
        if (filter !== undefined) {
          const parsed = CapabilityType.safeParse(filter);
          if (!parsed.success)
            throw new AppError('VALIDATION_ERROR', 'capability_type must be action, analytical or read');
          type = parsed.data;
        }
        const visible = await filterOf(req);
        const capabilities = tools
          .filter((t) => (!type || t.capability.type === type) && visible(t))
          .map((t) => registry.capability(t));
        res.json({ system: system.id, capabilities, count: capabilities.length });
      }),
    );

    routes.add(
      {
        ...pub,
        method: 'get',
        path: `/mcp/${system.id}/tools`,
        operationId: `list${id}Tools`,
        summary: `Tool descriptors of ${system.id}`,
      },
      route(async (req, res) => {
        const visible = await filterOf(req);
        res.json({ tools: tools.filter(visible).map((t) => registry.descriptor(t)) });
      }),
    );

    // Failing executions answer `{success: false, error: {code, message, details?, retry_after?}, meta}`
    // with the status of the error code (400 bad arguments, 404 unknown tool, 429, 502 upstream...).
    addToolCallRoute(routes, app.executor, {
      operations: [
        {
          method: 'post',
          path: `/mcp/${system.id}/execute`,
          operationId: `execute${id}Tool`,
          summary: `Execute a ${system.id} tool by name`,
          tag: system.id,
          security: 'jwt',
          body: {
            type: 'object',
            properties: { tool: { enum: tools.map((t) => t.name) }, arguments: ANY_OBJECT },
            required: ['tool'],
          },
          response: envelopeOf({ type: 'object', properties: { _capability: ANY_OBJECT } }),
        },
      ],
      before: [requireCaller(app)],
      call: (req) => executeCall(registry, system.id, req),
      form: {
        succeed: (res, result, tool, caller) =>
          void res.json(
            envelope({ ...result, _capability: { name: tool.capability.name, type: tool.capability.type } }, caller, {
              tool: tool.name,
            }),
          ),
        fail: (res, error) =>
          sendError(res, error, {
            log: app.log,
            extra: { meta: { tenant_id: callerOf(res).tenantId, timestamp: new Date().toISOString() } },
          }),
      },
    });
  }
};
