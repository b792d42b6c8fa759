import express, { type NextFunction, type Request, type Response } from 'express';
import { mountContextRoutes } from '../../graph/http/context-routes.js';
import { mountDevRoutes } from '../../graph/http/dev-routes.js';
import { mountQueryRoutes } from '../../graph/http/query-routes.js';
import { graphAuth, sendGraphError } from '../../graph/http/respond.js';
import { mountVisualizerRoute } from '../../graph/http/visualizer-route.js';
import { AppError } from '../../toolkit/errors.js';
import type { RouteModule } from '../route-module.js';

/**
 * The knowledge-graph routes (`/graph/...`, spec Document 3). Every error, including authentication
 * and malformed JSON, is answered here in the graph form `{success: false, error, metadata: null}`.
 */
export const graphRoutes: RouteModule = (router, app) => {
  const graph = app.services.graph;
  const routes = express.Router();
  routes.use(express.json({ limit: '1mb' }));
  mountVisualizerRoute(routes);
  mountDevRoutes(routes, app, graph);
  routes.use(graphAuth(app));
  mountContextRoutes(routes, app, graph);
  mountQueryRoutes(routes, app, graph);
  routes.use((req: Request, res: Response) => sendGraphError(app, res, new AppError('NOT_FOUND', `No route ${req.method} /graph${req.path}`)));
  routes.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => sendGraphError(app, res, error));
  router.use('/graph', routes);
};
