import { graphBodyOf, jsonSchemaOf, queryParamsOf } from '../../http/doc-schemas.js';
import type { Logging } from '../../http/route-context.js';
import type { Routes } from '../../http/route-module.js';
import type { Caller } from '../../toolkit/context.js';
import type { GraphService } from '../service/graph-service.js';
import { callerEmail, graphRoute, parse } from './respond.js';
import * as S from './schemas.js';

/**
 * The graph query routes of Document 3 that no tool answers: entity, relationships, stats, me. The
 * others (traverse, search, paths, activity, context, semantic search, query) are in tool-routes.ts.
 */
export function mountQueryRoutes(routes: Routes, app: Logging, graph: GraphService): void {
  const viewOf = (caller: Caller) => graph.viewedBy(caller.userEmail);
  const doc = { tag: 'graph', security: 'jwt', errors: 'graph', response: graphBodyOf() } as const;

  routes.add(
    {
      ...doc,
      method: 'post',
      path: '/entity',
      operationId: 'graphEntity',
      summary: 'One entity by type and id',
      body: jsonSchemaOf(S.EntityRequest),
    },
    graphRoute(app, async (req, caller) => {
      const body = parse(S.EntityRequest, req.body);
      return { success: true, data: await viewOf(caller).entity(caller.tenantId, body.entity_type, body.entity_id) };
    }),
  );

  routes.add(
    {
      ...doc,
      method: 'post',
      path: '/relationships',
      operationId: 'graphRelationships',
      summary: 'Relationships of one entity',
      body: jsonSchemaOf(S.EntityRequest),
      query: queryParamsOf(jsonSchemaOf(S.RelationshipsOptions)),
    },
    graphRoute(app, async (req, caller) => {
      const body = parse(S.EntityRequest, req.body);
      const options = parse(S.RelationshipsOptions, {
        ...pick(req.body, ['edge_type', 'direction', 'limit']),
        ...req.query,
      });
      const edges = await viewOf(caller).relationships(caller.tenantId, body.entity_type, body.entity_id, {
        edgeType: options.edge_type,
        direction: options.direction,
        limit: options.limit,
      });
      return { success: true, data: edges, metadata: { count: edges.length } };
    }),
  );

  routes.add(
    {
      ...doc,
      method: 'get',
      path: '/stats',
      operationId: 'graphStats',
      summary: 'Node, edge and feed counts of the tenant',
    },
    graphRoute(app, async (_req, caller) => ({ success: true, data: await viewOf(caller).stats(caller.tenantId) })),
  );

  routes.add(
    {
      ...doc,
      method: 'get',
      path: '/me',
      operationId: 'graphMe',
      summary: "The caller's own neighbourhood",
      query: queryParamsOf(jsonSchemaOf(S.MeQuery)),
    },
    graphRoute(app, async (req, caller) => {
      const query = parse(S.MeQuery, req.query);
      const { truncated, ...data } = await viewOf(caller).me(
        caller.tenantId,
        callerEmail(caller),
        query.depth,
        query.max_nodes,
      );
      return {
        success: true,
        data,
        metadata: {
          found: data.user !== null,
          node_count: data.nodes.length,
          edge_count: data.edges.length,
          context_count: data.contexts.length,
          truncated,
        },
      };
    }),
  );
}

function pick(source: unknown, keys: string[]): Record<string, unknown> {
  const record = source && typeof source === 'object' ? (source as Record<string, unknown>) : {};
  return Object.fromEntries(keys.filter((k) => record[k] !== undefined).map((k) => [k, record[k]]));
}
