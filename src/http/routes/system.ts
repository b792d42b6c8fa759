import type { App } from '../../app.js';
import { probeDatabase } from '../../store/db.js';
import { VERSION } from '../../version.js';
import { methodTable } from '../method-table.js';
import type { RouteModule } from '../route-module.js';
import { buildOpenApi } from '../openapi.js';
import { demoRoute } from './demo.js';

function integrations(app: App) {
  const table = methodTable(app.registry);
  return app.registry.systems.map((system) => ({
    id: system.id,
    name: system.name,
    description: system.description,
    endpoints: table
      .filter((m) => m.service === system.id)
      .map((m) => ({
        path: m.path,
        method: m.http_method,
        description: m.description,
        filterable_fields: m.params.map((p) => ({
          name: p.name,
          type: p.type,
          required: p.required,
          description: p.description ?? '',
          example: exampleOf(m.tool.hints.examples, p.name),
          ...(p.default !== null ? { default: p.default } : {}),
          ...(p.enum ? { enum: p.enum.map(String) } : {}),
        })),
        query_parameters: m.http_method === 'GET' ? m.params.map((p) => p.name) : [],
      })),
  }));
}

function exampleOf(examples: Array<{ params: Record<string, unknown> }>, name: string): unknown {
  return examples.find((e) => name in e.params)?.params[name] ?? null;
}

/** Health, metrics, integration metadata and the OpenAPI document: public routes. */
export const systemRoutes: RouteModule = (router, app) => {
  router.get('/health', (_req, res) => {
    const healthy = probeDatabase(app.db);
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'healthy' : 'unhealthy', timestamp: new Date().toISOString(), version: VERSION, environment: app.config.environment });
  });

  router.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', app.telemetry.registry.contentType);
    res.send(await app.telemetry.registry.metrics());
  });

  const integrationList = integrations(app);
  router.get('/integrations', (_req, res) => {
    res.json({ success: true, data: { integrations: integrationList }, meta: { timestamp: new Date().toISOString(), version: VERSION } });
  });

  let openapi: unknown;
  router.get('/openapi.json', (_req, res) => {
    openapi ??= buildOpenApi(app);
    res.json(openapi);
  });

  demoRoute(router, app);
};
