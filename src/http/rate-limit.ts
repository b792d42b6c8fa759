import type { Request, RequestHandler } from 'express';
import { tokenOf, verifiedCaller } from './auth.js';
import { operationLookup } from './operation-lookup.js';
import type { CallerChecks, RouteContext } from './route-context.js';
import type { Operation } from './route-module.js';
import { addressKey, windowLimit } from './window-limit.js';

/** Whether the general limiter counts an operation (see `Operation.rateLimit`). */
const counted = (operation: Operation): boolean =>
  (operation.rateLimit ?? (operation.security === 'none' ? 'none' : 'general')) === 'general';

/**
 * A request with a valid token is counted against the token's tenant; any other (no token, a token
 * that fails verification, a tokenless demo request acting as the demo user) against its address.
 */
async function budgetKeyOf(app: Pick<CallerChecks, 'tokens'>, req: Request): Promise<string> {
  const token = tokenOf(req);
  if (!token) return addressKey(req);
  try {
    return `tenant:${(await verifiedCaller(app, req, token)).tenantId}`;
  } catch {
    return addressKey(req);
  }
}

/**
 * Per-tenant request budget (CONSTELLATION_RATE_LIMIT requests a minute; 0 turns it off), counted in
 * the app's WindowCounter (by every node of a fleet together) on the app's clock. It counts the declared operations that take credentials (and those
 * that declare `rateLimit: 'general'`) and requests for no declared route; the operations with a budget
 * of their own count themselves. Over budget: 429 RATE_LIMITED with Retry-After, in the error form of
 * the route family. Build it once every route module is mounted.
 */
export function tenantRateLimit(
  app: Pick<RouteContext, 'config' | 'clock' | 'tokens' | 'windows'>,
  operations: readonly Operation[],
): RequestHandler | undefined {
  const perMinute = app.config.rateLimitPerMinute;
  if (perMinute <= 0) return undefined;
  const operationOf = operationLookup(operations);
  return windowLimit({
    name: 'tenant',
    limit: perMinute,
    windowMs: 60_000,
    clock: app.clock,
    windows: app.windows,
    skip: (req) => {
      if (req.method === 'OPTIONS') return true;
      const operation = operationOf(req);
      return operation !== undefined && !counted(operation);
    },
    keyOf: (req) => budgetKeyOf(app, req),
    message: `Rate limit exceeded: ${perMinute} requests a minute per tenant`,
  });
}
