import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { App } from '../../app.js';
import { apiKeyMatches } from '../../auth/api-key.js';
import type { Caller } from '../../toolkit/context.js';
import { unifySettingsOf } from '../../integrations/unify/settings.js';
import { AppError } from '../../toolkit/errors.js';
import type { JsonSchema } from '../../toolkit/registry.js';
import { sendError } from '../errors.js';
import type { RouteModule } from '../route-module.js';
import { addToolRoutes, type ToolRoute, type ToolRouteFamily } from '../tool-routes.js';
import { tenantEnvelope, tenantEnvelopeOf, tenantOf } from './vault-auth.js';

/**
 * The caller of a unified-API route: the API key (401 missing, 403 wrong) and the tenant `X-Tenant-Id`
 * names (400 missing, 404 unknown); 503 when the unified API is not configured, as `/auth`. It carries no
 * connections: the tools reach Apideck through the platform's application acting for the tenant's
 * `consumerId` (the `unify` credential source).
 */
export function tenantHeaderCaller(app: App, refuse: (res: Response, error: unknown) => void): RequestHandler {
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
export const unifiedFamily = (app: App, tag: string): ToolRouteFamily => ({
  tag,
  respond: (data, res) => void res.json(tenantEnvelope(app, (res.locals.caller as Caller).tenantId, data)),
  refuse: (app, res, error) => sendError(res, error, { log: app.log }),
  authenticate: tenantHeaderCaller,
  security: 'apiKey',
  headers: [{ name: 'X-Tenant-Id', required: true, schema: { type: 'string' }, description: 'The tenant (400 when missing, 404 when unknown)' }],
  errors: 'envelope',
});

const RESOURCES = [
  { plural: 'accounts', singular: 'account', Title: 'Account', note: 'Apideck companies' },
  { plural: 'contacts', singular: 'contact', Title: 'Contact', note: 'Apideck contacts' },
  { plural: 'leads', singular: 'lead', Title: 'Lead', note: 'Apideck leads' },
  { plural: 'opportunities', singular: 'opportunity', Title: 'Opportunity', note: 'Apideck opportunities' },
] as const;

function toolOf(app: App, qualified: string) {
  const [system, name] = qualified.split('.');
  const tool = app.registry.find(name, system);
  if (!tool) throw new Error(`Route to an unknown tool: ${qualified}`);
  return tool;
}

/** A tool's result as its output schema says (the one description of the records). */
export const resultSchema = (app: App, qualified: string): JsonSchema => app.registry.outputJsonSchema(toolOf(app, qualified)) ?? { type: 'object' };

/** Every argument of a list tool but the result projection (`fields`) is a query parameter: filters, `limit`, `offset`, `cursor`. */
export const queryOf = (app: App, qualified: string): string[] =>
  Object.keys((app.registry.inputJsonSchema(toolOf(app, qualified)).properties ?? {}) as Record<string, unknown>).filter((name) => name !== 'fields');

/**
 * `/crm/{accounts,contacts,leads,opportunities}` (Document 2, crm): list (GET), create (POST, 201),
 * get (GET /{id}) and update (PUT /{id}), each one call of the crm tool of the same name, for the tenant
 * `X-Tenant-Id` names. Lists page as list tools do: `limit`, `cursor` (the previous `pagination.next_cursor`).
 */
export const crmRoutes: RouteModule = (routes, app) => {
  const list: ToolRoute[] = RESOURCES.flatMap(({ plural, singular, Title, note }) => {
    const record = resultSchema(app, `crm.get_${singular}`);
    const page = resultSchema(app, `crm.list_${plural}`);
    const one = tenantEnvelopeOf(record);
    return [
      {
        method: 'get',
        path: `/crm/${plural}`,
        operationId: `listCrm${plural[0].toUpperCase()}${plural.slice(1)}`,
        summary: `List ${plural} (${note}), paged by cursor`,
        tool: `crm.list_${plural}`,
        query: queryOf(app, `crm.list_${plural}`),
        response: tenantEnvelopeOf(page),
      },
      {
        method: 'post',
        path: `/crm/${plural}`,
        operationId: `createCrm${Title}`,
        summary: `Create a ${singular}`,
        tool: `crm.create_${singular}`,
        body: true,
        status: 201,
        response: one,
      },
      { method: 'get', path: `/crm/${plural}/{id}`, operationId: `getCrm${Title}`, summary: `One ${singular}`, tool: `crm.get_${singular}`, response: one },
      {
        method: 'put',
        path: `/crm/${plural}/{id}`,
        operationId: `updateCrm${Title}`,
        summary: `Update a ${singular} (fields left out keep their values)`,
        tool: `crm.update_${singular}`,
        body: true,
        response: one,
      },
    ] satisfies ToolRoute[];
  });
  addToolRoutes(routes, app, unifiedFamily(app, 'crm'), list);
};
