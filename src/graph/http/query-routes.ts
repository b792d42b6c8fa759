import type { Router } from 'express';
import type { App } from '../../app.js';
import type { Caller } from '../../toolkit/context.js';
import { runQuery } from '../query/evaluate.js';
import type { GraphService } from '../service/graph-service.js';
import { callerEmail, graphRoute, parse } from './respond.js';
import * as S from './schemas.js';

/** The graph query routes of Document 3: entity, traverse, search, paths, relationships, activity, stats. */
export function mountQueryRoutes(router: Router, app: App, graph: GraphService): void {
  const viewOf = (caller: Caller) => graph.viewedBy(caller.userEmail);

  router.post('/entity', graphRoute(app, (req, caller) => {
    const body = parse(S.EntityRequest, req.body);
    return { success: true, data: viewOf(caller).entity(caller.tenantId, body.entity_type, body.entity_id) };
  }));

  router.post('/traverse', graphRoute(app, (req, caller) => {
    const body = parse(S.TraverseRequest, req.body);
    const { nodes, edges } = viewOf(caller).traverse(caller.tenantId, body.entity_type, body.entity_id, {
      depth: body.depth,
      direction: body.direction,
      edgeTypes: body.edge_types,
      maxNodes: body.max_nodes,
    });
    return { success: true, data: { nodes, edges }, metadata: { node_count: nodes.length, edge_count: edges.length } };
  }));

  router.post('/search', graphRoute(app, (req, caller) => {
    const body = parse(S.SearchRequest, req.body);
    const nodes = viewOf(caller).search(caller.tenantId, body.entity_type, body.filters, body.limit);
    return { success: true, data: nodes, metadata: { count: nodes.length } };
  }));

  router.post('/find-path', graphRoute(app, (req, caller) => {
    const body = parse(S.FindPathRequest, req.body);
    const { path_found, ...data } = viewOf(caller).findPath(caller.tenantId, { type: body.from_type, id: body.from_id }, { type: body.to_type, id: body.to_id }, body.max_depth, body.edge_types);
    return { success: true, data, metadata: { path_found } };
  }));

  router.post('/relationships', graphRoute(app, (req, caller) => {
    const body = parse(S.EntityRequest, req.body);
    const options = parse(S.RelationshipsOptions, { ...pick(req.body, ['edge_type', 'direction', 'limit']), ...req.query });
    const edges = viewOf(caller).relationships(caller.tenantId, body.entity_type, body.entity_id, { edgeType: options.edge_type, direction: options.direction, limit: options.limit });
    return { success: true, data: edges, metadata: { count: edges.length } };
  }));

  router.get('/feed', graphRoute(app, (req, caller) => {
    const { limit } = parse(S.FeedQuery, req.query);
    const records = graph.feed(caller.tenantId, limit);
    return { success: true, data: records, metadata: { count: records.length } };
  }));

  router.post('/activity', graphRoute(app, (req, caller) => {
    const body = parse(S.ActivityRequest, req.body);
    const records = graph.activityOf(caller.tenantId, body.entity_type, body.entity_id, body.limit);
    return { success: true, data: records, metadata: { count: records.length, entity: `${body.entity_type}:${body.entity_id}` } };
  }));

  router.post('/context', graphRoute(app, (req, caller) => {
    const body = parse(S.EntityRequest, req.body);
    const data = viewOf(caller).entityContext(caller.tenantId, body.entity_type, body.entity_id);
    return {
      success: true,
      data,
      metadata: {
        outgoing_count: data.outgoing_relationships.length,
        incoming_count: data.incoming_relationships.length,
        connected_count: data.connected_entities.length,
        activity_count: data.recent_activity.length,
      },
    };
  }));

  router.get('/stats', graphRoute(app, (_req, caller) => ({ success: true, data: graph.stats(caller.tenantId) })));

  router.get('/me', graphRoute(app, (req, caller) => {
    const query = parse(S.MeQuery, req.query);
    const { truncated, ...data } = viewOf(caller).me(caller.tenantId, callerEmail(caller), query.depth, query.max_nodes);
    return {
      success: true,
      data,
      metadata: { found: data.user !== null, node_count: data.nodes.length, edge_count: data.edges.length, context_count: data.contexts.length, truncated },
    };
  }));

  router.post('/semantic-search', graphRoute(app, async (req, caller) => {
    const body = parse(S.SemanticSearchRequest, req.body);
    const results = await viewOf(caller).semanticSearch(caller.tenantId, body.query, { types: body.entity_types, limit: body.limit });
    return { success: true, data: results, metadata: { count: results.length, query: body.query, mode: graph.semantic.mode } };
  }));

  router.post('/query', graphRoute(app, (req, caller) => {
    const body = parse(S.QueryRequest, req.body);
    const { kind, nodes, edges, path_found } = runQuery(viewOf(caller), caller.tenantId, body.query);
    return {
      success: true,
      data: { nodes, edges },
      metadata: { kind, node_count: nodes.length, edge_count: edges.length, ...(path_found === undefined ? {} : { path_found }) },
    };
  }));
}

function pick(source: unknown, keys: string[]): Record<string, unknown> {
  const record = source && typeof source === 'object' ? (source as Record<string, unknown>) : {};
  return Object.fromEntries(keys.filter((k) => record[k] !== undefined).map((k) => [k, record[k]]));
}
