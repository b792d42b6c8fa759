import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { App } from '../app.js';
import { apiKeyMatches } from '../auth/api-key.js';
import type { Caller } from '../toolkit/context.js';
import { unifySettingsOf } from '../integrations/unify/settings.js';
import { AppError } from '../toolkit/errors.js';
import type { JsonSchema } from '../toolkit/registry.js';
import { sendError } from './errors.js';
import type { ToolRouteFamily } from './tool-routes.js';
import { tenantEnvelope, tenantOf } from './routes/vault-auth.js';

/** What the unified families' routes (`/crm`, `/calendar`, ...) share: their caller, their envelope and their tools' schemas. */

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

export function toolOf(app: App, qualified: string) {
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
