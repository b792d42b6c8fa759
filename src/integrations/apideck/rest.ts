import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { apiKeyMatches } from '../../auth/api-key.js';
import type { Caller } from '../../toolkit/context.js';
import { unifySettingsOf } from './settings.js';
import { AppError } from '../../toolkit/errors.js';
import type { JsonSchema } from '../../toolkit/registry.js';
import { sendError } from '../../http/errors.js';
import { pathParams } from '../../http/tool-call-route.js';
import { toolOf, type ToolRoute, type ToolRouteContext, type ToolRouteFamily } from '../../http/tool-routes.js';
import type { RouteContext } from '../../http/route-context.js';

/** What the unified families' routes (`/crm`, `/calendar`, ...) and Apideck's Vault routes share: their caller, their envelope and their tools' schemas. */

/** This family's success body: `meta` spells the tenant `tenantId` (Document 1: "some endpoints give meta.tenantId"). */
export const tenantEnvelopeOf = (data: JsonSchema, meta: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties: {
    success: { const: true },
    data,
    meta: {
      type: 'object',
      properties: { tenantId: { type: 'string' }, ...meta, timestamp: { type: 'string', format: 'date-time' } },
      required: ['tenantId', 'timestamp', ...Object.keys(meta)],
    },
  },
  required: ['success', 'data', 'meta'],
});

/** The tenant named by `X-Tenant-Id` (behind the API key): 400 without the header, 404 when there is no such tenant. */
export function tenantOf(app: Pick<RouteContext, 'tenants'>, req: Request) {
  const id = req.get('x-tenant-id')?.trim();
  if (!id)
    throw new AppError('VALIDATION_ERROR', 'Missing X-Tenant-Id header', {
      details: [{ field: 'X-Tenant-Id', message: 'required' }],
    });
  return app.tenants.get(id);
}

/** `{success, data, meta: {tenantId, timestamp, ...}}`: this family's meta spells the tenant camelCase (Document 1). */
export const tenantEnvelope = (
  app: Pick<RouteContext, 'clock'>,
  tenantId: string,
  data: unknown,
  meta: Record<string, unknown> = {},
) => ({
  success: true as const,
  data,
  meta: { tenantId, ...meta, timestamp: new Date(app.clock.now()).toISOString() },
});

/**
 * The caller of a unified-API route: the API key (401 missing, 403 wrong) and the tenant `X-Tenant-Id`
 * names (400 missing, 404 unknown); 503 when the unified API is not configured, as `/auth`. It carries no
 * connections: the tools reach Apideck through the platform's application acting for the tenant's
 * `consumerId` (the `unify` credential source).
 */
function tenantHeaderCaller(app: ToolRouteContext, refuse: (res: Response, error: unknown) => void): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const callerOf = async (): Promise<Caller> => {
      const offered = req.get('x-api-key');
      if (!offered) throw new AppError('UNAUTHORIZED', 'Missing X-API-KEY header');
      if (!apiKeyMatches(offered, app.config.apiKey)) throw new AppError('FORBIDDEN', 'Invalid API key');
      const tenant = await tenantOf(app, req);
      unifySettingsOf(app);
      return { tenantId: tenant.id, connections: {}, tenantEpoch: await app.tenants.epochOf(tenant.id) };
    };
    callerOf().then(
      (caller) => {
        res.locals.caller = caller;
        next();
      },
      (error: unknown) => refuse(res, error),
    );
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
