import { graphBodyOf, jsonSchemaOf, queryParamsOf } from '../../http/doc-schemas.js';
import type { Logging } from '../../http/route-context.js';
import type { Routes } from '../../http/route-module.js';
import type { GraphService } from '../service/graph-service.js';
import { entityNotFound } from '../service/errors.js';
import { callerEmail, graphRoute, parse } from './respond.js';
import { ContextQueryRequest } from './schemas.js';

/** Contexts (Document 3): query, list per user, delete; each user's own only (injection goes through its tool). */
export function mountContextRoutes(routes: Routes, app: Logging, graph: GraphService): void {
  const doc = { tag: 'graph', security: 'jwt', errors: 'graph', response: graphBodyOf() } as const;

  routes.add(
    {
      ...doc,
      method: 'post',
      path: '/context/query',
      operationId: 'graphQueryContexts',
      summary: "The caller's live contexts",
      body: jsonSchemaOf(ContextQueryRequest),
    },
    graphRoute(app, async (req, caller) => {
      const body = parse(ContextQueryRequest, req.body);
      const contexts = await graph.contexts.queryOwn(
        caller.tenantId,
        callerEmail(caller),
        body.user_id,
        body.context_type,
      );
      return { success: true, data: contexts, metadata: { count: contexts.length } };
    }),
  );

  const byType = ContextQueryRequest.pick({ context_type: true });
  routes.add(
    {
      ...doc,
      method: 'get',
      path: '/context/user/{user_id}',
      operationId: 'graphUserContexts',
      summary: "One user's live contexts (the caller's own)",
      query: queryParamsOf(jsonSchemaOf(byType)),
    },
    graphRoute(app, async (req, caller) => {
      const { context_type } = parse(byType, req.query);
      const contexts = await graph.contexts.queryOwn(
        caller.tenantId,
        callerEmail(caller),
        String(req.params.user_id),
        context_type,
      );
      return { success: true, data: contexts, metadata: { count: contexts.length } };
    }),
  );

  routes.add(
    {
      ...doc,
      method: 'delete',
      path: '/context/{context_id}',
      operationId: 'graphDeleteContext',
      summary: "Delete one of the caller's contexts",
    },
    graphRoute(app, async (req, caller) => {
      const contextId = String(req.params.context_id);
      await graph.contexts.purge(caller.tenantId);
      if (!(await graph.contexts.remove(caller.tenantId, contextId, callerEmail(caller))))
        throw entityNotFound('context', contextId);
      return { success: true, data: { message: `Context ${contextId} deleted` } };
    }),
  );
}
