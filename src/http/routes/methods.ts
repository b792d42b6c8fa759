import { requireCaller } from '../auth.js';
import { ANY_OBJECT, envelopeOf, queryParamsOf } from '../doc-schemas.js';
import { sendDetailError } from '../detail-errors.js';
import type { Meta, MetaMethod } from '../../catalog/method-meta.js';
import { route } from '../errors.js';
import { methodTable } from '../method-table.js';
import { visibleTools } from '../visible-tools.js';
import type { CallerChecks, RouteContext, ToolAccess } from '../route-context.js';
import type { RouteModule } from '../route-module.js';
import { addToolCallRoute, envelopeForm, requestArguments, type ResponseForm } from '../tool-call-route.js';

const operationIdOf = (path: string): string => path.slice(1).replace(/[/-]/g, '_');

/**
 * Method-generated routes: every tool as `/{service}/{method-name}` and `/v1/{service}/{method-name}`
 * (spec: method-generated routes), with `GET /v1/meta` describing them for the command-line client.
 * GET reads of upstream data go through the per-tenant, per-user response cache.
 */
export const methodRoutes: RouteModule<
  ToolAccess & CallerChecks & Pick<RouteContext, 'manifests' | 'responseCache' | 'governance'>
> = (routes, app) => {
  const table = methodTable(app.registry, app.manifests);
  const filterOf = visibleTools(app);
  const cache = app.responseCache;
  const auth = requireCaller(app);

  routes.add(
    {
      method: 'get',
      path: '/v1/meta',
      operationId: 'getMethodMeta',
      summary: 'Method-generated routes, for the command-line client',
      tag: 'meta',
      security: 'none',
      response: ANY_OBJECT,
    },
    route(async (req, res) => {
      const visible = await filterOf(req);
      const services = new Map<string, MetaMethod[]>();
      for (const { tool, service, paths: _paths, aliasPaths: _aliasPaths, ...method } of table) {
        if (!visible(tool)) continue;
        if (!services.has(service)) services.set(service, []);
        services.get(service)?.push(method);
      }
      const meta: Meta = { services: [...services].map(([name, methods]) => ({ name, methods })) };
      res.json(meta);
    }),
  );

  for (const method of table) {
    const input = app.registry.inputJsonSchema(method.tool);
    const isGet = method.http_method === 'GET';
    const errorForm = app.manifests.find((m) => m.system.id === method.service)?.restErrors;
    const envelopeOfMethod = envelopeForm(app.log, () => ({ tool: method.name }));
    const form: ResponseForm = errorForm
      ? { ...envelopeOfMethod, fail: (res, error) => sendDetailError(app, res, error, errorForm) }
      : envelopeOfMethod;
    // Method routes have no path parameters: every path of a method reads its arguments alike.
    const args = requestArguments(input, '', isGet ? { query: 'all' } : { body: 'arguments' });
    const paths = [...method.paths, ...(method.aliasPaths ?? [])];
    addToolCallRoute(routes, app.executor, {
      operations: paths.map((path) => ({
        method: method.http_method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete',
        path,
        operationId: operationIdOf(path),
        summary: method.tool.title ?? method.name,
        description: method.description,
        tag: method.service,
        security: 'jwt',
        ...(isGet ? { query: queryParamsOf(input) } : { body: input }),
        response: envelopeOf(app.registry.outputJsonSchema(method.tool) ?? ANY_OBJECT),
      })),
      before: [auth, cache.middleware(method.tool, app.manifests)],
      call: (req) => ({ tool: method.tool, args: args(req) }),
      form,
    });
  }
};
