import type { RequestHandler, Response } from 'express';
import type { RouteContext } from '../route-context.js';
import { windowLimit } from '../window-limit.js';

// Keyed by the server's context: every route of one server shares the budget.
const limits = new WeakMap<object, RequestHandler>();

/**
 * One budget for every unauthenticated authorization lookup of an address, at the general per-address
 * rate (CONSTELLATION_RATE_LIMIT a minute) on the app's clock: counted by address even when a token is
 * sent, and shared by the routes, so together they can probe tenants and users no faster than that.
 * The per-user authorization routes the spec leaves without credentials, each taking a tenant and a
 * user from the query (`GET /oauth/chat/status`, `GET /oauth/suite/authorize`), use it and declare
 * `rateLimit: 'own'`, so the general limiter leaves them to it. Off when the general limit is off.
 */
export function oauthLookupLimit(
  app: Pick<RouteContext, 'config' | 'clock' | 'windows'>,
  refuse: (res: Response, error: unknown) => void,
): RequestHandler {
  const perMinute = app.config.rateLimitPerMinute;
  let limit = limits.get(app);
  if (!limit) {
    limit =
      perMinute > 0
        ? windowLimit({
            name: 'oauth-lookup',
            limit: perMinute,
            windowMs: 60_000,
            clock: app.clock,
            windows: app.windows,
            message: `Too many authorization lookups: ${perMinute} a minute per address`,
          })
        : (_req, _res, next) => next();
    limits.set(app, limit);
  }
  const counted = limit;
  // Refusals in the route family's own error form.
  return (req, res, next) =>
    counted(req, res, (error?: unknown) => (error === undefined ? next() : refuse(res, error)));
}
