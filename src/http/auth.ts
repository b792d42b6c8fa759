import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { apiKeyMatches } from '../auth/api-key.js';
import { withCurrentTenantState } from '../auth/current-caller.js';
import type { Caller } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import type { CallerChecks } from './route-context.js';

/** The bearer JWT of a request: `X-JWT-Token`, or `Authorization: Bearer`, or `Access-Token`. */
export function tokenOf(req: Request): string | undefined {
  const header = req.get('x-jwt-token');
  if (header) return header.trim();
  const authorization = req.get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim();
  return req.get('access-token')?.trim() || undefined;
}

/**
 * Each request's credentials as resolved, by the token sent (`''` for none): the rate limiter, the
 * route, the MCP endpoint and the upload slots all ask, and the token is verified once.
 */
const resolved = new WeakMap<Request, Map<string, Promise<Caller>>>();

function once(req: Request, token: string, resolve: () => Promise<Caller>): Promise<Caller> {
  let byToken = resolved.get(req);
  if (!byToken) resolved.set(req, (byToken = new Map<string, Promise<Caller>>()));
  let caller = byToken.get(token);
  if (!caller) byToken.set(token, (caller = resolve()));
  return caller;
}

/**
 * The caller a token of this request stands for, verified at most once per request. Also checks that
 * the token's tenant still exists in the generation it was issued for.
 */
export function verifiedCaller(app: Pick<CallerChecks, 'tokens'>, req: Request, token: string): Promise<Caller> {
  return once(req, token, () => app.tokens.verify(token));
}

/** The longest client name kept (a User-Agent can be long; the audit record needs only who it was). */
const CLIENT_MAX = 200;

/** The caller with the program it acts through, as the request names it (its User-Agent). */
function withUserAgent(caller: Caller, req: Request): Caller {
  const agent = req.get('user-agent')?.trim();
  return agent ? { ...caller, client: agent.slice(0, CLIENT_MAX) } : caller;
}

/** Resolves the caller of a request; in demo mode a request without a token acts as the demo user. */
export async function resolveCaller(app: CallerChecks, req: Request): Promise<Caller> {
  const token = tokenOf(req);
  if (token) return withUserAgent(await verifiedCaller(app, req, token), req);
  const caller = await once(req, '', async () => {
    if (app.config.demo && app.demo) return withCurrentTenantState(app.tenants, app.demo.defaultCaller());
    throw new AppError('UNAUTHORIZED', 'Missing credentials: send a JWT in X-JWT-Token or Authorization: Bearer');
  });
  return withUserAgent(caller, req);
}

/**
 * Requires a JWT (or the demo user) and puts the caller in `res.locals.caller`. A refusal goes to
 * `refuse` when given (a family that answers in its own error form), else to the error handler.
 */
export function requireCaller(app: CallerChecks, refuse?: (res: Response, error: unknown) => void): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    resolveCaller(app, req).then(
      (caller) => {
        res.locals.caller = caller;
        next();
      },
      (error: unknown) => (refuse ? refuse(res, error) : next(error)),
    );
  };
}

export function callerOf(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  if (!caller) throw new AppError('INTERNAL_ERROR', 'Route used without requireCaller');
  return caller;
}

/** Requires the internal API key: 401 when missing, 403 when wrong (spec: Errors). */
export function requireApiKey(app: CallerChecks): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const offered = req.get('x-api-key');
    if (!offered) return next(new AppError('UNAUTHORIZED', 'Missing X-API-KEY header'));
    if (!apiKeyMatches(offered, app.config.apiKey)) return next(new AppError('FORBIDDEN', 'Invalid API key'));
    next();
  };
}
