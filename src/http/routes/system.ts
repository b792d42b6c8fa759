import { VERSION } from '../../version.js';
import { methodTable } from '../method-table.js';
import type { CallerChecks, RouteContext } from '../route-context.js';
import { route } from '../errors.js';
import { visibleTools } from '../visible-tools.js';
import type { RouteModule } from '../route-module.js';
import { buildOpenApi } from '../openapi.js';
import { ANY_OBJECT, envelopeOf } from '../doc-schemas.js';

function integrations(app: Pick<RouteContext, 'registry' | 'manifests'>) {
  const table = methodTable(app.registry, app.manifests);
  return app.registry.systems.map((system) => ({
    id: system.id,
    name: system.name,
    description: system.description,
    endpoints: table
      .filter((m) => m.service === system.id)
      .map((m) => ({
        tool: m.tool,
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

const HEALTH = {
  type: 'object',
  properties: {
    status: { enum: ['healthy', 'unhealthy'] },
    timestamp: { type: 'string', format: 'date-time' },
    version: { type: 'string' },
    environment: { type: 'string' },
  },
  required: ['status', 'timestamp', 'version', 'environment'],
};

const READINESS = {
  type: 'object',
  properties: {
    status: { enum: ['ready', 'not_ready'] },
    node: { type: 'string' },
    reason: { enum: ['draining', 'store_unavailable'] },
  },
  required: ['status', 'node'],
};

/** Seconds a balancer is told to wait before asking a node that is not ready again. */
const NOT_READY_RETRY_SECONDS = 5;

/** Health, metrics, integration metadata and the OpenAPI document: public routes. */
export const systemRoutes: RouteModule<
  CallerChecks &
    Pick<RouteContext, 'config' | 'storeAnswers' | 'readiness' | 'telemetry' | 'registry' | 'manifests' | 'governance'>
> = (routes, app) => {
  const pub = { tag: 'system', security: 'none' } as const;

  routes.add(
    {
      ...pub,
      method: 'get',
      path: '/health',
      operationId: 'getHealth',
      summary: 'Health of the service and its store',
      response: HEALTH,
      alsoAnswers: { 503: 'Unhealthy: the store cannot be used' },
    },
    async (_req, res) => {
      const healthy = await app.storeAnswers();
      res.status(healthy ? 200 : 503).json({
        status: healthy ? 'healthy' : 'unhealthy',
        timestamp: new Date().toISOString(),
        version: VERSION,
        environment: app.config.environment,
      });
    },
  );

  routes.add(
    {
      ...pub,
      method: 'get',
      path: '/ready',
      operationId: 'getReadiness',
      summary: 'Whether a load balancer should send requests to this node (liveness is /health)',
      response: READINESS,
      alsoAnswers: { 503: 'Not ready: the store cannot be used, or the node is draining before it stops' },
    },
    async (_req, res) => {
      const readiness = await app.readiness();
      if (readiness.ready) return void res.json({ status: 'ready', node: app.config.nodeId });
      res
        .status(503)
        .setHeader('Retry-After', String(NOT_READY_RETRY_SECONDS))
        .json({ status: 'not_ready', node: app.config.nodeId, reason: readiness.reason });
    },
  );

  routes.add(
    {
      ...pub,
      method: 'get',
      path: '/metrics',
      operationId: 'getMetrics',
      summary: 'Prometheus metrics',
      response: { text: 'text/plain' },
    },
    async (_req, res) => {
      const { registry } = await app.telemetry.metrics();
      res.setHeader('Content-Type', registry.contentType);
      res.send(await registry.metrics());
    },
  );

  const integrationList = integrations(app);
  const filterOf = visibleTools(app);
  routes.add(
    {
      ...pub,
      method: 'get',
      path: '/integrations',
      operationId: 'listIntegrations',
      summary: 'Integrations, their endpoints and filterable fields',
      response: envelopeOf(),
    },
    route(async (req, res) => {
      const visible = await filterOf(req);
      const shown = integrationList.map(({ endpoints, ...system }) => ({
        ...system,
        endpoints: endpoints
          .filter((endpoint) => visible(endpoint.tool))
          .map(({ tool: _tool, ...endpoint }) => endpoint),
      }));
      res.json({
        success: true,
        data: { integrations: shown },
        meta: { timestamp: new Date().toISOString(), version: VERSION },
      });
    }),
  );

  let openapi: unknown;
  routes.add(
    {
      ...pub,
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApi',
      summary: 'This OpenAPI document',
      response: ANY_OBJECT,
    },
    (_req, res) => {
      openapi ??= buildOpenApi(app, routes.operations);
      res.json(openapi);
    },
  );
};
