import type { NextFunction, Request, Response, Router } from 'express';
import type { App } from '../../app.js';
import { AppError } from '../../toolkit/errors.js';
import { seedGraph } from '../seed.js';
import { extractorsOf } from '../../catalog/manifest.js';
import type { GraphService } from '../service/graph-service.js';
import { graphAuth, graphRoute, sendGraphError } from './respond.js';

/** `POST /graph/clear` and `POST /graph/seed`: development servers only, 404 everywhere else. */
export function mountDevRoutes(router: Router, app: App, graph: GraphService): void {
  const developmentOnly = (_req: Request, res: Response, next: NextFunction) => {
    if (app.config.environment === 'development') return next();
    sendGraphError(app, res, new AppError('NOT_FOUND', 'Not found: this route exists on development servers only'));
  };
  const auth = graphAuth(app);

  router.post('/clear', developmentOnly, auth, graphRoute(app, (_req, caller) => {
    const deleted = graph.clear(caller.tenantId);
    return { success: true, data: { message: `Graph of tenant ${caller.tenantId} cleared`, ...deleted } };
  }));

  router.post('/seed', developmentOnly, auth, graphRoute(app, (_req, caller) => {
    const summary = seedGraph(graph, extractorsOf(app.manifests), caller.tenantId);
    return { success: true, data: { message: `Sample graph loaded for tenant ${caller.tenantId}`, ...summary } };
  }));
}
