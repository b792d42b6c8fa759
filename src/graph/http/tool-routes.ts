import { ANY_OBJECT, graphBodyOf, queryParamsOf, pickedSchema } from '../../http/doc-schemas.js';
import { sendGraphError } from '../../http/graph-errors.js';
import type { ToolAccess } from '../../http/route-context.js';
import type { Routes } from '../../http/route-module.js';
import { addToolCallRoute, requestArguments } from '../../http/tool-call-route.js';
import { resolveTool } from '../../http/tool-resolver.js';
import { AppError } from '../../toolkit/errors.js';
import type { JsonSchema } from '../../toolkit/registry.js';

type Result = Record<string, unknown>;

/** A spec route of the graph family answered by one graph tool through the executor. */
interface GraphToolRoute {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  summary: string;
  tool: string;
  /** The request fields the route takes: tool arguments of the same names (the spec's names agree with the tools'). */
  fields: readonly string[];
  /** The route's own defaults (spec, Document 3) where they differ from the tool's. */
  defaults?: Readonly<Record<string, unknown>>;
  /** Adjusts mapped arguments that need more than a rename (one entity type from a list). */
  adapt?: (args: Record<string, unknown>) => Record<string, unknown>;
  /** Request fields `adapt` reads that are no tool argument of the same name, for the OpenAPI document. */
  adaptedFields?: Readonly<Record<string, JsonSchema>>;
  respond(result: Result): { success: true; data: unknown; metadata?: Record<string, unknown> };
}

const count = (key: string) => (result: Result) => ({
  success: true as const,
  data: result[key],
  metadata: { count: result.count },
});

/**
 * The graph routes that have a tool (Document 3): the executor validates with the tool's schema, so
 * limits are the same over MCP, the method routes and these, and every call leaves its activity record.
 */
const TOOL_ROUTES: GraphToolRoute[] = [
  {
    method: 'post',
    path: '/traverse',
    operationId: 'graphTraverse',
    summary: 'Entities within 1-5 hops of one entity',
    tool: 'traverse',
    fields: ['entity_type', 'entity_id', 'depth', 'direction', 'edge_types', 'max_nodes'],
    defaults: { max_nodes: 1000 },
    respond: ({ nodes, edges, node_count, edge_count, truncated }) => {
      // The route answers whole neighbourhoods only (spec: "Traversal limit exceeded"); the tool may cut one.
      if (truncated) throw new AppError('VALIDATION_ERROR', 'Traversal limit exceeded');
      return { success: true, data: { nodes, edges }, metadata: { node_count, edge_count } };
    },
  },
  {
    method: 'post',
    path: '/search',
    operationId: 'graphSearch',
    summary: 'Entities of one type by exact property values',
    tool: 'search',
    fields: ['entity_type', 'filters', 'limit'],
    defaults: { limit: 50 },
    respond: count('results'),
  },
  {
    method: 'post',
    path: '/find-path',
    operationId: 'graphFindPath',
    summary: 'Shortest path between two entities',
    tool: 'find_path',
    fields: ['from_type', 'from_id', 'to_type', 'to_id', 'max_depth'],
    respond: ({ path_found, ...data }) => ({ success: true, data, metadata: { path_found } }),
  },
  {
    method: 'get',
    path: '/feed',
    operationId: 'graphFeed',
    summary: "The tenant's recent activity, newest first",
    tool: 'get_feed',
    fields: ['limit'],
    defaults: { limit: 50 },
    respond: count('activity'),
  },
  {
    method: 'post',
    path: '/activity',
    operationId: 'graphActivity',
    summary: 'The activity timeline of one entity',
    tool: 'get_feed',
    fields: ['entity_type', 'entity_id', 'limit'],
    defaults: { limit: 50 },
    respond: count('activity'),
  },
  {
    method: 'post',
    path: '/context/inject',
    operationId: 'graphInjectContext',
    summary: 'Attach context to the calling user',
    tool: 'inject_context',
    fields: ['context_type', 'value', 'key', 'metadata', 'ttl_seconds', 'references'],
    respond: (data) => ({ success: true, data }),
  },
  {
    method: 'post',
    path: '/context',
    operationId: 'graphEntityContext',
    summary: 'One entity with its relationships, connected entities and activity',
    tool: 'get_entity_context',
    fields: ['entity_type', 'entity_id'],
    respond: (data) => ({
      success: true,
      data,
      metadata: {
        outgoing_count: (data.outgoing_relationships as unknown[]).length,
        incoming_count: (data.incoming_relationships as unknown[]).length,
        connected_count: (data.connected_entities as unknown[]).length,
        activity_count: (data.recent_activity as unknown[]).length,
      },
    }),
  },
  {
    method: 'post',
    path: '/semantic-search',
    operationId: 'graphSemanticSearch',
    summary: 'Entities ranked by text relevance',
    tool: 'search',
    fields: ['query', 'entity_types', 'limit'],
    adaptedFields: {
      entity_types: {
        type: 'array',
        items: { type: 'string' },
        maxItems: 1,
        description: 'Only this entity type (one at most)',
      },
    },
    defaults: { limit: 10 },
    adapt: ({ entity_types, query, ...args }) => {
      if (Array.isArray(entity_types) && entity_types.length > 1)
        throw new AppError('VALIDATION_ERROR', 'entity_types: give at most one entity type');
      const entityType: unknown = Array.isArray(entity_types) ? entity_types[0] : entity_types;
      return {
        ...args,
        query: typeof query === 'string' ? query.trim() : query,
        ...(entityType === undefined ? {} : { entity_type: entityType }),
      };
    },
    respond: ({ results, count: n, mode }) => ({ success: true, data: results, metadata: { count: n, mode } }),
  },
  {
    method: 'post',
    path: '/query',
    operationId: 'graphQuery',
    summary: 'Run a query in the graph query language',
    tool: 'query',
    fields: ['query'],
    respond: ({ kind, nodes, edges, path_found, node_count, edge_count }) => ({
      success: true,
      data: { nodes, edges },
      metadata: { kind, node_count, edge_count, ...(path_found === undefined ? {} : { path_found }) },
    }),
  },
];

/**
 * Mounts the tool-backed graph routes; each declares its body (or query) from the tool's schema. The
 * graph router authenticates every request before these, and they answer in the graph's forms.
 */
export function mountToolRoutes(routes: Routes, app: ToolAccess): void {
  for (const spec of TOOL_ROUTES) {
    const tool = resolveTool(app.registry, 'graph', spec.tool);
    const picked = pickedSchema(app.registry.inputJsonSchema(tool), spec.fields);
    const request = { ...picked, properties: { ...(picked.properties as JsonSchema), ...spec.adaptedFields } };
    const args = requestArguments(request, spec.path, {
      ...(spec.method === 'get' ? { query: spec.fields } : { body: spec.fields }),
      ...(spec.defaults ? { defaults: spec.defaults } : {}),
      ...(spec.adapt ? { adapt: spec.adapt } : {}),
    });
    addToolCallRoute(routes, app.executor, {
      operations: [
        {
          method: spec.method,
          path: spec.path,
          operationId: spec.operationId,
          summary: spec.summary,
          description: `Runs graph.${tool.name}: ${tool.description}`,
          tag: 'graph',
          security: 'jwt',
          errors: 'graph',
          ...(spec.method === 'get' ? { query: queryParamsOf(request) } : { body: request }),
          response: graphBodyOf(ANY_OBJECT),
        },
      ],
      before: [],
      call: (req) => ({ tool, args: args(req) }),
      form: {
        succeed: (res, result) => void res.json(spec.respond(result)),
        fail: (res, error) => sendGraphError(app.log, res, error),
      },
    });
  }
}
