import express, { type NextFunction, type Request, type Response } from 'express';
import { mountContextRoutes } from '../../graph/http/context-routes.js';
import { mountDevRoutes } from '../../graph/http/dev-routes.js';
import { mountQueryRoutes } from '../../graph/http/query-routes.js';
import { graphAuth, sendGraphError } from '../../graph/http/respond.js';
import { mountToolRoutes } from '../../graph/http/tool-routes.js';
import { mountVisualizerRoute } from '../../graph/http/visualizer-route.js';
import { AppError } from '../../toolkit/errors.js';
import { JSON_BODY_LIMIT } from '../errors.js';
import type { RouteModule } from '../route-module.js';

/**
 * The knowledge-graph routes (`/graph/...`, spec Document 3). Every error, including authentication
 * and malformed JSON, is answered here in the graph form `{success: false, error, metadata: null}`.
 */
export const graphRoutes: RouteModule = (routes, app) => {
  const graph = app.services.graph;
  const router = express.Router();
  const family = routes.under('/graph', router);
  router.use(express.json({ limit: JSON_BODY_LIMIT }));
  mountVisualizerRoute(family, graph.nodeTypes);
  mountDevRoutes(family, app, graph);
  router.use(graphAuth(app));
  mountContextRoutes(family, app, graph);
  mountQueryRoutes(family, app, graph);
  mountToolRoutes(family, app);
  router.use((req: Request, res: Response) =>
    sendGraphError(app, res, new AppError('NOT_FOUND', `No route ${req.method} /graph${req.path}`)),
  );
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => sendGraphError(app, res, error));
  routes.router.use('/graph', router);
};
