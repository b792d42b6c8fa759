import type { Request, RequestHandler, Response } from 'express';
import type { Caller } from '../toolkit/context.js';
import type { RouteContext } from './route-context.js';

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The tenant an admin request acts on: the path's, the body's (a tenant created, a token issued), or the token's. */
function tenantOf(req: Request, res: Response): string | undefined {
  const body = (req.body ?? {}) as Record<string, unknown>;
  return (
    stringOf(req.params.id) ??
    stringOf(body.id) ??
    stringOf(body.tenant_id) ??
    stringOf(req.query.tenant_id) ??
    (res.locals.caller as Caller | undefined)?.tenantId
  );
}

/**
 * Records an admin request in the audit log of the tenant it acts on, once it is answered (its outcome is
 * the error code it was answered with, or `ok`). A request naming no tenant (the tenant list) has no
 * chain to go in; one that deleted its tenant went with the tenant's records.
 */
export function auditAdmin(app: Pick<RouteContext, 'governance'>, operationId: string): RequestHandler {
  return (req, res, next) => {
    res.on('finish', () => {
      const tenantId = tenantOf(req, res);
      if (!tenantId) return;
      const caller = res.locals.caller as Caller | undefined;
      app.governance.recordAct({
        tenantId,
        kind: 'admin',
        action: operationId,
        user: caller?.userEmail ?? 'api-key',
        client: req.get('user-agent')?.slice(0, 200),
        outcome: res.statusCode < 400 ? 'ok' : String(res.locals.errorCode ?? res.statusCode),
      });
    });
    next();
  };
}
