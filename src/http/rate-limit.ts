import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { App } from '../app.js';
import { AppError } from '../toolkit/errors.js';
import { resolveCaller } from './auth.js';
import { OAUTH_LOOKUP_PATHS } from './routes/oauth-lookup-limit.js';

/** Routes anyone may read without credentials; they are cheap and not rate limited. */
const PUBLIC = /^\/(health|metrics|integrations|openapi\.json|v1\/meta|demo|mcp\/(systems|domains|capabilities\/analytics|[a-z_]+\/(tools|capabilities))|graph\/visualizer)$/;

/**
 * Per-tenant request budget (CONSTELLATION_RATE_LIMIT requests a minute; 0 turns it off), counted in
 * this process. Callers without a valid token are counted by address. Over budget: 429 RATE_LIMITED
 * with Retry-After, in the error form of the route family.
 */
export function tenantRateLimit(app: App): RequestHandler | undefined {
  const perMinute = app.config.rateLimitPerMinute;
  if (perMinute <= 0) return undefined;
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // The unauthenticated authorization lookups have their own per-address budget at this rate.
    skip: (req: Request) => req.method === 'OPTIONS' || PUBLIC.test(req.path) || OAUTH_LOOKUP_PATHS.includes(req.path),
    keyGenerator: async (req: Request) => {
      try {
        return `tenant:${(await resolveCaller(app, req)).tenantId}`;
      } catch {
        return `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`;
      }
    },
    handler: (_req, res, next) => {
      const reset = (_req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfter = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : 60;
      next(new AppError('RATE_LIMITED', `Rate limit exceeded: ${perMinute} requests a minute per tenant`, { retryAfter }));
    },
  });
}
