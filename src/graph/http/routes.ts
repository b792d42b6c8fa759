import type { NextFunction, Request, Response } from 'express';
import { JSON_BODY_LIMIT } from '../../http/errors.js';
import { sendGraphError } from '../../http/graph-errors.js';
import type { CallerChecks, RouteContext, ToolAccess } from '../../http/route-context.js';
import type { RouteModule } from '../../http/route-module.js';
import { AppError } from '../../toolkit/errors.js';
import { mountContextRoutes } from './context-routes.js';
import { mountDevRoutes } from './dev-routes.js';
import { mountIdentityRoutes } from './identity-routes.js';
import { mountQueryRoutes } from './query-routes.js';
import { graphAuth } from './respond.js';
import { mountSyncStatusRoute } from './sync-status-route.js';
import { mountToolRoutes } from './tool-routes.js';
import { mountVisualizerRoute } from './visualizer-route.js';

/**
 * The knowledge-graph routes (`/graph/...`, spec Document 3). Every error, including authentication
 * and malformed JSON, is answered here in the graph form `{success: false, error, metadata: null}`.
 * The graph system's manifest (`tools/graph`) brings them to the route index.
 */
export const graphRoutes: RouteModule<
  ToolAccess & CallerChecks & Pick<RouteContext, 'services' | 'manifests' | 'governance' | 'sync'>
> = (routes, app) => {
  const graph = app.services.graph;
  const family = routes.family('/graph');
  const { router } = family;
  router.use(routes.jsonBody(JSON_BODY_LIMIT));
  mountVisualizerRoute(family, graph.nodeTypes);
  mountDevRoutes(family, app, graph);
  mountIdentityRoutes(family, app, graph);
  router.use(graphAuth(app));
  mountContextRoutes(family, app, graph);
  mountQueryRoutes(family, app, graph);
  mountSyncStatusRoute(family, app);
  mountToolRoutes(family, app);
  router.use((req: Request, res: Response) =>
    sendGraphError(app.log, res, new AppError('NOT_FOUND', `No route ${req.method} /graph${req.path}`)),
  );
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) =>
    sendGraphError(app.log, res, error),
  );
  routes.router.use('/graph', router);
};
