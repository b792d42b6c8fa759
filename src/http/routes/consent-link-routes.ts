import { AppError } from '../../toolkit/errors.js';
import { callerOf, requireCaller } from '../auth.js';
import {
  familyOperation,
  flowOf,
  OWNER_QUERY,
  queriedOwner,
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
    const { upstream } = context.authorization;
    routes.add(
      {
        ...familyOperation(context, 'authorize'),
        method: 'get',
        security: 'none',
        query: OWNER_QUERY,
        redirect: upstream.routes.consentPage,
        rateLimit: 'own',
      },
      oauthLookupLimit(app, refuse),
      (req, res) => {
        Promise.resolve()
          .then(async () => {
            const owner = queriedOwner(req);
            const flow = flowOf(context);
            // Asked without credentials: an unknown tenant is sent to consent like any other (its callback is
            // refused as expired), so the route lists no tenants.
            return (await app.tenants.exists(owner.tenantId)) ? flow.begin(owner) : flow.unusableConsentUrl(owner);
          })
          .then((url) => res.redirect(302, url))
          .catch((error: unknown) => refuse(res, error));
      },
    );
  },
  status(routes, context) {
    const { app, refuse } = context;
    const { family } = context.authorization;
    routes.add(
      {
        ...familyOperation(context, 'status'),
        method: 'get',
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
        flow.status({ tenantId: caller.tenantId, userEmail: caller.userEmail, tenantEpoch: caller.tenantEpoch }).then(
          (status) => res.json(status),
          (error: unknown) => refuse(res, error),
        );
      },
    );
  },
  revoke(routes, context) {
    const { app, refuse } = context;
    routes.add(
      {
        ...familyOperation(context, 'revoke'),
        method: 'delete',
        security: 'jwt',
        response: REVOKE_RESPONSE,
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
