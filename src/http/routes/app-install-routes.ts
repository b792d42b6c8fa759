import type { Request } from 'express';
import type { VaultOwner } from '../../auth/vault/index.js';
import type { Caller } from '../../toolkit/context.js';
import { AppError } from '../../toolkit/errors.js';
import { verifiedCaller } from '../auth.js';
import { redirectTarget } from '../redirect-target.js';
import type { CallerChecks, RouteContext } from '../route-context.js';
import {
  familyOperation,
  familyTitle,
  flowOf,
  OWNER_QUERY,
  queriedOwner,
  queryText,
  REVOKE_RESPONSE,
  revokeAnswer,
  type AuthorizationRouteForm,
} from './authorization-routes.js';
import { oauthLookupLimit } from './oauth-lookup-limit.js';

/** The caller of an install route: the JWT in the `Access-Token` header, or `bearer_token` in the query. */
async function installingCaller(
  app: Pick<CallerChecks, 'tokens'>,
  req: Request,
): Promise<Caller & { userEmail: string }> {
  const token = sentToken(req);
  if (!token)
    throw new AppError(
      'UNAUTHORIZED',
      'Send your token as the Access-Token header or the bearer_token query parameter',
    );
  const caller = await verifiedCaller(app, req, token);
  if (!caller.userEmail) throw new AppError('VALIDATION_ERROR', 'The token names no user_email');
  return { ...caller, userEmail: caller.userEmail };
}

/** The sender of a token, when the request carries one (header or query). */
const sentToken = (req: Request): string | undefined =>
  req.get('access-token')?.trim() || queryText(req.query.bearer_token);

/**
 * The user an authorize request starts consent for: the signed consent link's (opened in a browser,
 * no token), or the token's.
 */
async function authorizingOwner(
  context: Parameters<AuthorizationRouteForm['authorize']>[1],
  req: Request,
): Promise<VaultOwner> {
  const signature = queryText(req.query.signature);
  if (signature && !sentToken(req)) {
    const links = flowOf(context).consentLinks;
    if (!links) throw new AppError('VALIDATION_ERROR', 'This server gives no signed consent links');
    return links.redeem({
      tenantId: queryText(req.query.tenant_id),
      userEmail: queryText(req.query.user_email),
      signature,
    });
  }
  const caller = await installingCaller(context.app, req);
  const asked = queryText(req.query.user_email);
  if (asked && asked.toLowerCase() !== caller.userEmail.toLowerCase())
    throw new AppError('VALIDATION_ERROR', 'user_email does not match the token');
  return { tenantId: caller.tenantId, userEmail: caller.userEmail, tenantEpoch: caller.tenantEpoch };
}

/** Where to send the user after consent: only back to this server's own pages (never an open redirect). */
function returnUrlOf(app: Pick<RouteContext, 'config' | 'publicUrl'>, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = redirectTarget(app.config, 'return_url', value, app.publicUrl());
  const allowed = [new URL(app.publicUrl()).origin, ...app.config.allowedOrigins];
  if (!allowed.includes(url.origin))
    throw new AppError('VALIDATION_ERROR', `return_url must be on ${allowed.join(' or ')}`);
  return url.toString();
}

/**
 * The `app-install` form of a family's authorization (Document 2, chat authorization): the user's JWT
 * (as `Access-Token` or `bearer_token`) installs the app and revokes it (POST); the status of a named
 * tenant and user is read without credentials. The link given to a person who must consent is signed
 * instead (ConsentLinks), so it opens in a browser without a token.
 */
export const appInstallRoutes: AuthorizationRouteForm = {
  authorize(routes, context) {
    const { app, refuse } = context;
    const { upstream } = context.authorization;
    routes.add(
      {
        ...familyOperation(context, 'authorize'),
        method: 'get',
        security: 'none',
        query: [
          {
            name: 'bearer_token',
            schema: { type: 'string' },
            description: 'The JWT, unless sent as the Access-Token header',
          },
          {
            name: 'user_email',
            schema: { type: 'string', format: 'email' },
            description: 'Taken from the token; when given it must match. A signed consent link names it.',
          },
          {
            name: 'tenant_id',
            schema: { type: 'string' },
            description: 'A signed consent link names it (without a token)',
          },
          {
            name: 'signature',
            schema: { type: 'string' },
            description:
              'The signature of a consent link given in an AUTHORIZATION_REQUIRED answer: opens consent once, without a token',
          },
          {
            name: 'return_url',
            schema: { type: 'string' },
            description: 'A page of this server to return to after consent',
          },
        ],
        redirect: upstream.routes.consentPage,
        // Its token rides in the query; the consent it starts calls the provider.
        rateLimit: 'general',
      },
      (req, res) => {
        authorizingOwner(context, req)
          .then((owner) => flowOf(context).begin(owner, returnUrlOf(app, queryText(req.query.return_url))))
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
        security: 'none',
        query: OWNER_QUERY,
        response: {
          type: 'object',
          properties: {
            success: { const: true },
            status: { enum: ['authorized', 'needs_oauth', 'no_access'] },
            message: { type: 'string' },
            has_tokens: { type: 'boolean' },
          },
          required: ['success', 'status', 'message', 'has_tokens'],
        },
        rateLimit: 'own',
      },
      oauthLookupLimit(app, refuse),
      (req, res) => {
        let owner: { tenantId: string; userEmail: string };
        try {
          owner = queriedOwner(req);
        } catch (error) {
          return refuse(res, error);
        }
        const flow = app.authorizations.get(family);
        if (!flow)
          return void res.json({
            success: true,
            status: 'no_access',
            message: `No ${family} integration is configured on this server`,
            has_tokens: false,
          });
        // Asked without credentials: an unknown tenant answers as a user who has not authorized, so the route lists no tenants.
        const statusOf = async () =>
          (await app.tenants.exists(owner.tenantId)) ? flow.status(owner) : flow.notAuthorized(owner);
        statusOf().then(
          (status) => {
            const message = status.message ?? `${familyTitle(context)} is connected`;
            res.json({ success: true, status: status.status, message, has_tokens: status.status === 'authorized' });
          },
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
        method: 'post',
        security: 'jwt',
        response: REVOKE_RESPONSE,
      },
      (req, res) => {
        installingCaller(app, req)
          .then(async (caller) => {
            const revoked = await flowOf(context).revoke({ tenantId: caller.tenantId, userEmail: caller.userEmail });
            app.connections.clear(caller.tenantId);
            res.json(revokeAnswer(context, revoked));
          })
          .catch((error: unknown) => refuse(res, error));
      },
    );
  },
};
