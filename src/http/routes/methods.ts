import type { Request, Response } from 'express';
import { toAppError } from '../../toolkit/errors.js';
import { callerOf, requireCaller } from '../auth.js';
import { envelope } from '../envelope.js';
import { sendError } from '../errors.js';
import { coerceQuery, methodTable } from '../method-table.js';
import type { Meta, MetaMethod } from '../../catalog/method-meta.js';
import type { RouteModule } from '../route-module.js';

/**
 * Method-generated routes: every tool as `/{service}/{method-name}` and `/v1/{service}/{method-name}`
 * (spec: method-generated routes), with `GET /v1/meta` describing them for the command-line client.
 * GET reads of upstream data go through the per-tenant, per-user response cache.
 */
export const methodRoutes: RouteModule = (router, app) => {
  const table = methodTable(app.registry);
  const cache = app.responseCache;
  const auth = requireCaller(app);

  router.get('/v1/meta', (_req, res) => {
    const services = new Map<string, MetaMethod[]>();
    for (const { tool: _tool, service, paths: _paths, ...method } of table) {
      if (!services.has(service)) services.set(service, []);
      services.get(service)?.push(method);
    }
    const meta: Meta = { services: [...services].map(([name, methods]) => ({ name, methods })) };
    res.json(meta);
  });

  for (const method of table) {
    const handler = async (req: Request, res: Response) => {
      try {
        const caller = callerOf(res);
        const args = method.http_method === 'GET' ? coerceQuery(method.params, req.query as Record<string, unknown>) : (req.body ?? {});
        const result = await app.executor.execute(caller, method.tool, args);
        res.json(envelope(result, caller, { tool: method.name }));
      } catch (error) {
        sendError(res, toAppError(error));
      }
    };
    const verb = method.http_method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    router[verb](method.paths, auth, cache.middleware(method.tool, app.manifests), handler);
  }
};
