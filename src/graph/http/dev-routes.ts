import type { NextFunction, Request, Response } from 'express';
import { graphBodyOf } from '../../http/doc-schemas.js';
import type { CallerChecks, RouteContext } from '../../http/route-context.js';
import type { Routes } from '../../http/route-module.js';
import { AppError } from '../../toolkit/errors.js';
import { seedGraph } from '../seed.js';
import type { GraphService } from '../service/graph-service.js';
import { sendGraphError } from '../../http/graph-errors.js';
import { graphAuth, graphRoute } from './respond.js';

/** `POST /graph/clear` and `POST /graph/seed`: development servers only, 404 everywhere else. */
export function mountDevRoutes(
  routes: Routes,
  app: CallerChecks & Pick<RouteContext, 'log' | 'manifests'>,
  graph: GraphService,
): void {
  const developmentOnly = (_req: Request, res: Response, next: NextFunction) => {
    if (app.config.environment === 'development') return next();
    sendGraphError(app.log, res, new AppError('NOT_FOUND', 'Not found: this route exists on development servers only'));
  };
  const auth = graphAuth(app);
  const doc = { method: 'post', tag: 'graph', security: 'jwt', errors: 'graph', response: graphBodyOf() } as const;

  routes.add(
    {
      ...doc,
      path: '/clear',
      operationId: 'graphClear',
      summary: "Delete the tenant's graph (development servers only)",
    },
    developmentOnly,
    auth,
    graphRoute(app, async (_req, caller) => {
      const deleted = await graph.clear(caller.tenantId);
      return { success: true, data: { message: `Graph of tenant ${caller.tenantId} cleared`, ...deleted } };
    }),
  );

  routes.add(
    { ...doc, path: '/seed', operationId: 'graphSeed', summary: 'Load the sample graph (development servers only)' },
    developmentOnly,
    auth,
    graphRoute(app, async (_req, caller) => {
      // Demo tenants get their sandbox workspace's people and repositories, so the graph matches the tools.
      const summary = await seedGraph(graph, app.manifests, caller.tenantId, app.demo?.sampleTeam(caller.tenantId));
      return { success: true, data: { message: `Sample graph loaded for tenant ${caller.tenantId}`, ...summary } };
    }),
  );
}
