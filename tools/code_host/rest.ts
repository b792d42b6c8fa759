import { requireCaller } from '../../src/http/auth.js';
import { ANY_OBJECT, envelopeOf, queryParamsOf } from '../../src/http/doc-schemas.js';
import type { CallerChecks, ToolAccess } from '../../src/http/route-context.js';
import type { RouteModule } from '../../src/http/route-module.js';
import { addToolCallRoute, envelopeForm, requestArguments } from '../../src/http/tool-call-route.js';
import { getDoraMetrics } from './analytics/dora.js';

/** The query parameters of `GET /analytics/dora`: get_dora_metrics arguments of the same names. */
const DORA_PARAMS = ['repo_ids', 'time_period_days', 'refresh'] as const;

/**
 * `GET /analytics/dora?repo_ids=a/b,c/d&time_period_days=30&refresh=true`: get_dora_metrics through
 * the executor, validated by the tool's own schema (the same limits as over MCP), with its activity
 * record and graph ingestion; served from the analytics cache unless refresh is set. Answers the
 * success envelope with the metrics and their `cache` block.
 */
export const doraRoute: RouteModule<ToolAccess & CallerChecks> = (routes, app) => {
  const tool = app.registry.find(getDoraMetrics.name, getDoraMetrics.system);
  if (!tool) throw new Error('GET /analytics/dora: the catalog has no code_host.get_dora_metrics');
  const input = app.registry.inputJsonSchema(tool);
  const path = '/analytics/dora';
  const args = requestArguments(input, path, { query: DORA_PARAMS });
  addToolCallRoute(routes, app.executor, {
    operations: [
      {
        method: 'get',
        path,
        operationId: 'getDoraMetrics',
        summary: 'DORA metrics of the tenant (cached)',
        description: tool.description,
        tag: 'analytics',
        security: 'jwt',
        query: queryParamsOf(input, DORA_PARAMS),
        response: envelopeOf(app.registry.outputJsonSchema(tool) ?? ANY_OBJECT),
      },
    ],
    before: [requireCaller(app)],
    call: (req) => ({ tool, args: args(req) }),
    form: envelopeForm(app.log),
  });
};
