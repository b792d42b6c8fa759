import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { apiKeyMatches } from '../../auth/api-key.js';
import type { Caller } from '../../toolkit/context.js';
import { unifySettingsOf } from './settings.js';
import { AppError } from '../../toolkit/errors.js';
import type { JsonSchema } from '../../toolkit/registry.js';
import { sendError } from '../../http/errors.js';
import { pathParams } from '../../http/tool-call-route.js';
import { toolOf, type ToolRoute, type ToolRouteContext, type ToolRouteFamily } from '../../http/tool-routes.js';
import { tenantEnvelope, tenantEnvelopeOf, tenantOf } from '../../http/routes/vault-auth.js';

/** What the unified families' routes (`/crm`, `/calendar`, ...) share: their caller, their envelope and their tools' schemas. */

/**
 * The caller of a unified-API route: the API key (401 missing, 403 wrong) and the tenant `X-Tenant-Id`
 * names (400 missing, 404 unknown); 503 when the unified API is not configured, as `/auth`. It carries no
 * connections: the tools reach Apideck through the platform's application acting for the tenant's
 * `consumerId` (the `unify` credential source).
 */
function tenantHeaderCaller(app: ToolRouteContext, refuse: (res: Response, error: unknown) => void): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    try {
      const offered = req.get('x-api-key');
      if (!offered) throw new AppError('UNAUTHORIZED', 'Missing X-API-KEY header');
      if (!apiKeyMatches(offered, app.config.apiKey)) throw new AppError('FORBIDDEN', 'Invalid API key');
      const tenant = tenantOf(app, req);
      unifySettingsOf(app);
      const caller: Caller = { tenantId: tenant.id, connections: {}, tenantEpoch: app.tenants.epochOf(tenant.id) };
      res.locals.caller = caller;
      next();
    } catch (error) {
      refuse(res, error);
    }
  };
}

/**
 * The unified families' success body: Document 1's envelope with this family's camelCase
 * `meta.tenantId` (as `/auth`); a list's data is the tool's page (`{<records>, count, truncated, pagination}`).
 */
export const unifiedFamily = (app: ToolRouteContext, tag: string): ToolRouteFamily => ({
  tag,
  respond: (data, res) => void res.json(tenantEnvelope(app, (res.locals.caller as Caller).tenantId, data)),
  refuse: (app, res, error) => sendError(res, error, { log: app.log }),
  authenticate: tenantHeaderCaller,
  security: 'apiKey',
  headers: [
    {
      name: 'X-Tenant-Id',
      required: true,
      schema: { type: 'string' },
      description: 'The tenant (400 when missing, 404 when unknown)',
    },
  ],
  errors: 'envelope',
});

/** A tool's result as its output schema says (the one description of the records). */
export const resultSchema = (app: ToolRouteContext, qualified: string): JsonSchema =>
  app.registry.outputJsonSchema(toolOf(app, qualified)) ?? { type: 'object' };

/** Every argument of a list tool but the result projection (`fields`) is a query parameter: filters, `limit`, `offset`, `cursor`. */
export const queryOf = (app: ToolRouteContext, qualified: string): string[] =>
  Object.keys(
    (app.registry.inputJsonSchema(toolOf(app, qualified)).properties ?? {}) as Record<string, unknown>,
  ).filter((name) => name !== 'fields');

/**
 * Routes of one unified system, each one call of its tool of the same job: path parameters are tool
 * arguments, a read takes the tool's other arguments as query parameters, a write takes them as its body
 * (a create answers 201). The response is the tool's result in the family's envelope.
 */
export function unifiedToolRoutes(app: ToolRouteContext, system: string) {
  const qualified = (tool: string): string => `${system}.${tool}`;
  const response = (tool: string): JsonSchema => tenantEnvelopeOf(resultSchema(app, qualified(tool)));
  return {
    read: (tool: string, path: string, operationId: string, summary: string): ToolRoute => ({
      method: 'get',
      path,
      operationId,
      summary,
      tool: qualified(tool),
      query: queryOf(app, qualified(tool)).filter((name) => !pathParams(path).includes(name)),
      response: response(tool),
    }),
    write: (
      method: 'post' | 'put' | 'delete',
      tool: string,
      path: string,
      operationId: string,
      summary: string,
    ): ToolRoute => ({
      method,
      path,
      operationId,
      summary,
      tool: qualified(tool),
      body: method !== 'delete',
      ...(method === 'post' ? { status: 201 } : {}),
      response: response(tool),
    }),
  };
}
