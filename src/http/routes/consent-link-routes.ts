import { AppError } from '../../toolkit/errors.js';
import { callerOf, requireCaller } from '../auth.js';
import {
  flowOf,
  queryText,
  REVOKE_RESPONSE,
  revokeAnswer,
  type AuthorizationRouteForm,
} from './authorization-routes.js';
import { oauthLookupLimit } from './oauth-lookup-limit.js';

/**
 * The `consent-link` form of a family's authorization (Document 2, suite authorization): a link that
 * names the tenant and the user starts consent without credentials; the user's JWT reads the status and
 * revokes (DELETE).
 */
export const consentLinkRoutes: AuthorizationRouteForm = {
  authorize(routes, context) {
    const { app, refuse } = context;
    const { family, upstream } = context.authorization;
    routes.add(
      {
        method: 'get',
        path: `/oauth/${family}/authorize`,
        operationId: context.operationId('authorize'),
        summary: upstream.routes.summaries.authorize,
        tag: context.tag,
        security: 'none',
        query: [
          { name: 'tenant_id', schema: { type: 'string' }, required: true },
          { name: 'user_email', schema: { type: 'string', format: 'email' }, required: true },
        ],
        redirect: upstream.routes.consentPage,
        errors: 'detail',
        rateLimit: 'own',
      },
      oauthLookupLimit(app, refuse),
      (req, res) => {
        const tenantId = queryText(req.query.tenant_id);
        const userEmail = queryText(req.query.user_email);
        if (!tenantId || !userEmail)
          return refuse(
            res,
            new AppError('VALIDATION_ERROR', 'tenant_id and user_email are required query parameters'),
          );
        Promise.resolve()
          .then(() => {
            const flow = flowOf(context);
            // Asked without credentials: an unknown tenant is sent to consent like any other (its callback is
            // refused as expired), so the route lists no tenants.
            return app.tenants.exists(tenantId)
              ? flow.begin({ tenantId, userEmail })
              : flow.unusableConsentUrl({ tenantId, userEmail });
          })
          .then((url) => res.redirect(302, url))
          .catch((error: unknown) => refuse(res, error));
      },
    );
  },
  status(routes, context) {
    const { app, refuse } = context;
    const { family, upstream } = context.authorization;
    routes.add(
      {
        method: 'get',
        path: `/oauth/${family}/status`,
        operationId: context.operationId('get', 'AuthorizationStatus'),
        summary: upstream.routes.summaries.status,
        tag: context.tag,
        security: 'jwt',
        response: {
          type: 'object',
          properties: {
            status: { enum: ['authorized', 'needs_oauth', 'no_access'] },
            user_email: { type: 'string' },
            scopes: { type: 'array', items: { type: 'string' } },
            expires_at: { type: ['string', 'null'] },
            message: { type: 'string' },
            auth_url: { type: 'string' },
          },
          required: ['status', 'user_email', 'scopes', 'expires_at'],
        },
        errors: 'detail',
      },
      requireCaller(app, refuse),
      (_req, res) => {
        const caller = callerOf(res);
        if (!caller.userEmail) return refuse(res, new AppError('VALIDATION_ERROR', 'The token names no user_email'));
        const flow = app.authorizations.get(family);
        if (!flow)
          return void res.json({
            status: 'no_access',
            user_email: caller.userEmail,
            scopes: [],
            expires_at: null,
            message: `No ${family} integration is configured on this server`,
          });
        res.json(
          flow.status({ tenantId: caller.tenantId, userEmail: caller.userEmail, tenantEpoch: caller.tenantEpoch }),
        );
      },
    );
  },
  revoke(routes, context) {
    const { app, refuse } = context;
    const { family, upstream } = context.authorization;
    routes.add(
      {
        method: 'delete',
        path: `/oauth/${family}/revoke`,
        operationId: context.operationId('revoke', 'Authorization'),
        summary: upstream.routes.summaries.revoke,
        tag: context.tag,
        security: 'jwt',
        response: REVOKE_RESPONSE,
        errors: 'detail',
      },
      requireCaller(app, refuse),
      (_req, res) => {
        const caller = callerOf(res);
        const userEmail = caller.userEmail;
        if (!userEmail) return refuse(res, new AppError('VALIDATION_ERROR', 'The token names no user_email'));
        Promise.resolve()
          .then(() => flowOf(context).revoke({ tenantId: caller.tenantId, userEmail }))
          .then((revoked) => res.json(revokeAnswer(context, revoked)))
          .catch((error: unknown) => refuse(res, error));
      },
    );
  },
};
