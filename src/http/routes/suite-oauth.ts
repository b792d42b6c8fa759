import type { Response } from 'express';
import type { App } from '../../app.js';
import { AppError } from '../../toolkit/errors.js';
import { requireCaller, callerOf } from '../auth.js';
import { sendDetailError } from '../detail-errors.js';
import type { RouteModule } from '../route-module.js';
import type { ToolRouteFamily } from '../tool-routes.js';
import { addCallbackRoute, flowOf, queryText } from './authorization-routes.js';
import { oauthLookupLimit } from './oauth-lookup-limit.js';

const FAMILY = 'suite';
const TAG = 'suite authorization';

/** The suite's error form (Document 2, Errors): 401 `oauth_required` when the user must authorize, `{detail: <string>}` otherwise. */
export const sendSuiteError = (app: App, res: Response, thrown: unknown): void =>
  sendDetailError(app, res, thrown, { authorizationStatus: 401 });

const CONFIGURE = 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET';

/** `/oauth/suite/*` (Document 2, suite authorization): one user's consent to act in their Google account. */
export const suiteOAuthRoutes: RouteModule = (routes, app) => {
  const refuse = (res: Response, error: unknown) => sendSuiteError(app, res, error);

  routes.add(
    {
      method: 'get',
      path: '/oauth/suite/authorize',
      operationId: 'authorizeSuite',
      summary: 'Start a user’s suite authorization: redirects to the provider’s consent page',
      tag: TAG,
      security: 'none',
      query: [
        { name: 'tenant_id', schema: { type: 'string' }, required: true },
        { name: 'user_email', schema: { type: 'string', format: 'email' }, required: true },
      ],
      redirect: 'The provider’s consent page',
      errors: 'detail',
      rateLimit: 'own',
    },
    oauthLookupLimit(app, refuse),
    (req, res) => {
      const tenantId = queryText(req.query.tenant_id);
      const userEmail = queryText(req.query.user_email);
      if (!tenantId || !userEmail)
        return refuse(res, new AppError('VALIDATION_ERROR', 'tenant_id and user_email are required query parameters'));
      Promise.resolve()
        .then(() => {
          const flow = flowOf(app, FAMILY, CONFIGURE);
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

  addCallbackRoute(routes, app, {
    family: FAMILY,
    configure: CONFIGURE,
    operationId: 'completeSuiteAuthorization',
    summary: 'The provider’s redirect back: checks the state and the account, stores the tokens, shows a success page',
    tag: TAG,
    provider: 'Google',
    refuse,
  });

  routes.add(
    {
      method: 'get',
      path: '/oauth/suite/status',
      operationId: 'getSuiteAuthorizationStatus',
      summary:
        'Whether the calling user has authorized the suite: authorized, needs_oauth (with auth_url) or no_access',
      tag: TAG,
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
      const flow = app.authorizations.get(FAMILY);
      if (!flow)
        return void res.json({
          status: 'no_access',
          user_email: caller.userEmail,
          scopes: [],
          expires_at: null,
          message: 'No suite integration is configured on this server',
        });
      res.json(
        flow.status({ tenantId: caller.tenantId, userEmail: caller.userEmail, tenantEpoch: caller.tenantEpoch }),
      );
    },
  );

  routes.add(
    {
      method: 'delete',
      path: '/oauth/suite/revoke',
      operationId: 'revokeSuiteAuthorization',
      summary: 'Revoke the calling user’s suite authorization at the provider and delete the stored tokens',
      tag: TAG,
      security: 'jwt',
      response: {
        type: 'object',
        properties: { success: { const: true }, revoked: { type: 'boolean' }, message: { type: 'string' } },
        required: ['success', 'revoked'],
      },
      errors: 'detail',
    },
    requireCaller(app, refuse),
    (_req, res) => {
      const caller = callerOf(res);
      const userEmail = caller.userEmail;
      if (!userEmail) return refuse(res, new AppError('VALIDATION_ERROR', 'The token names no user_email'));
      Promise.resolve()
        .then(() => flowOf(app, FAMILY, CONFIGURE).revoke({ tenantId: caller.tenantId, userEmail }))
        .then((revoked) =>
          res.json({
            success: true,
            revoked,
            message: revoked
              ? 'Suite authorization revoked and tokens deleted'
              : 'There was no suite authorization to revoke',
          }),
        )
        .catch((error: unknown) => refuse(res, error));
    },
  );
};

/**
 * The suite's REST family (Document 2, suite calendar, mail and chat): `{success, data, count}` for
 * lists, `{success, data}` for one record, failures in the `{detail}` form.
 */
export const suiteFamily: ToolRouteFamily = {
  tag: 'suite',
  respond: (data, res) =>
    void res.json(Array.isArray(data) ? { success: true, data, count: data.length } : { success: true, data }),
  refuse: sendSuiteError,
};
