import type { Router } from 'express';
import type { App } from '../../app.js';
import type { GraphService } from '../service/graph-service.js';
import { entityNotFound } from '../service/errors.js';
import { callerEmail, graphRoute, parse } from './respond.js';
import { ContextQueryRequest, InjectRequest } from './schemas.js';

/** Context injection (Document 3): inject, query, list per user, delete; each user's own contexts only. */
export function mountContextRoutes(router: Router, app: App, graph: GraphService): void {
  router.post('/context/inject', graphRoute(app, (req, caller) => {
    const body = parse(InjectRequest, req.body);
    const data = graph.contexts.inject(caller.tenantId, { email: callerEmail(caller), name: caller.userDisplayName }, body, caller.tenantEpoch);
    return { success: true, data };
  }));

  router.post('/context/query', graphRoute(app, (req, caller) => {
    const body = parse(ContextQueryRequest, req.body);
    const contexts = graph.contexts.queryOwn(caller.tenantId, callerEmail(caller), body.user_id, body.context_type);
    return { success: true, data: contexts, metadata: { count: contexts.length } };
  }));

  router.get('/context/user/:user_id', graphRoute(app, (req, caller) => {
    const { context_type } = parse(ContextQueryRequest.pick({ context_type: true }), req.query);
    const contexts = graph.contexts.queryOwn(caller.tenantId, callerEmail(caller), String(req.params.user_id), context_type);
    return { success: true, data: contexts, metadata: { count: contexts.length } };
  }));

  router.delete('/context/:context_id', graphRoute(app, (req, caller) => {
    const contextId = String(req.params.context_id);
    graph.contexts.purge(caller.tenantId);
    if (!graph.contexts.remove(caller.tenantId, contextId, callerEmail(caller))) throw entityNotFound('context', contextId);
    return { success: true, data: { message: `Context ${contextId} deleted` } };
  }));
}
