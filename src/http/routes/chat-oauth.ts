import type { Request, Response } from 'express';
import type { App } from '../../app.js';
import type { Caller } from '../../toolkit/context.js';
import { AppError } from '../../toolkit/errors.js';
import { verifiedCaller } from '../auth.js';
import { sendDetailError } from '../detail-errors.js';
import { redirectTarget } from '../redirect-target.js';
import type { RouteModule } from '../route-module.js';
import { addCallbackRoute, flowOf, queryText } from './authorization-routes.js';
import { oauthLookupLimit } from './oauth-lookup-limit.js';

const FAMILY = 'chat';
const TAG = 'chat authorization';

/** Chat's error form: 407 when the user must authorize, named failures (`email_mismatch`) as objects. */
export const sendChatError = (app: App, res: Response, thrown: unknown): void =>
  sendDetailError(app, res, thrown, { authorizationStatus: 407, system: 'chat' });

const CONFIGURE = 'SLACK_CLIENT_ID and SLACK_CLIENT_SECRET';

/** The caller of a chat request: the JWT in the `Access-Token` header, or `bearer_token` in the query. */
async function chatCaller(app: App, req: Request): Promise<Caller & { userEmail: string }> {
  const token = req.get('access-token')?.trim() || queryText(req.query.bearer_token);
  if (!token)
    throw new AppError(
      'UNAUTHORIZED',
      'Send your token as the Access-Token header or the bearer_token query parameter',
    );
  const caller = await verifiedCaller(app, req, token);
  if (!caller.userEmail) throw new AppError('VALIDATION_ERROR', 'The token names no user_email');
  return { ...caller, userEmail: caller.userEmail };
}

/** Where to send the user after consent: only back to this server's own pages (never an open redirect). */
function returnUrlOf(app: App, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = redirectTarget(app.config, 'return_url', value, app.publicUrl());
  const allowed = [new URL(app.publicUrl()).origin, ...app.config.allowedOrigins];
  if (!allowed.includes(url.origin))
    throw new AppError('VALIDATION_ERROR', `return_url must be on ${allowed.join(' or ')}`);
  return url.toString();
}

/** `/oauth/chat/*` (Document 2, chat authorization): one user's installation of the chat app. */
export const chatOAuthRoutes: RouteModule = (routes, app) => {
  const refuse = (res: Response, error: unknown) => sendChatError(app, res, error);

  routes.add(
    {
      method: 'get',
      path: '/oauth/chat/authorize',
      operationId: 'authorizeChat',
      summary: 'Start a user’s chat authorization: redirects to the workspace’s install page (bot and user scopes)',
      tag: TAG,
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
          description: 'Taken from the token; when given it must match',
        },
        {
          name: 'return_url',
          schema: { type: 'string' },
          description: 'A page of this server to return to after consent',
        },
      ],
      redirect: 'The chat workspace’s install page',
      errors: 'detail',
      // Its token rides in the query; the consent it starts calls the provider.
      rateLimit: 'general',
    },
    (req, res) => {
      chatCaller(app, req)
        .then((caller) => {
          const asked = queryText(req.query.user_email);
          if (asked && asked.toLowerCase() !== caller.userEmail.toLowerCase())
            throw new AppError('VALIDATION_ERROR', 'user_email does not match the token');
          return flowOf(app, FAMILY, CONFIGURE).begin(
            { tenantId: caller.tenantId, userEmail: caller.userEmail, tenantEpoch: caller.tenantEpoch },
            returnUrlOf(app, queryText(req.query.return_url)),
          );
        })
        .then((url) => res.redirect(302, url))
        .catch((error: unknown) => refuse(res, error));
    },
  );

  addCallbackRoute(routes, app, {
    family: FAMILY,
    configure: CONFIGURE,
    operationId: 'completeChatAuthorization',
    summary:
      'The workspace’s redirect back: exchanges the code, checks the account’s email, stores the bot and user tokens',
    tag: TAG,
    provider: 'Slack',
    refuse,
  });

  routes.add(
    {
      method: 'get',
      path: '/oauth/chat/status',
      operationId: 'getChatAuthorizationStatus',
      summary: 'Whether a user has authorized the chat workspace: authorized, needs_oauth or no_access',
      tag: TAG,
      security: 'none',
      query: [
        { name: 'tenant_id', schema: { type: 'string' }, required: true },
        { name: 'user_email', schema: { type: 'string', format: 'email' }, required: true },
      ],
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
      errors: 'detail',
      rateLimit: 'own',
    },
    oauthLookupLimit(app, refuse),
    (req, res) => {
      const tenantId = queryText(req.query.tenant_id);
      const userEmail = queryText(req.query.user_email);
      if (!tenantId || !userEmail)
        return refuse(res, new AppError('VALIDATION_ERROR', 'tenant_id and user_email are required query parameters'));
      const flow = app.authorizations.get(FAMILY);
      if (!flow)
        return void res.json({
          success: true,
          status: 'no_access',
          message: 'No chat integration is configured on this server',
          has_tokens: false,
        });
      // Asked without credentials: an unknown tenant answers as a user who has not authorized, so the route lists no tenants.
      const owner = { tenantId, userEmail };
      const status = app.tenants.exists(tenantId) ? flow.status(owner) : flow.notAuthorized(owner);
      const message = status.message ?? 'Chat is connected';
      res.json({ success: true, status: status.status, message, has_tokens: status.status === 'authorized' });
    },
  );

  routes.add(
    {
      method: 'post',
      path: '/oauth/chat/revoke',
      operationId: 'revokeChatAuthorization',
      summary:
        'Revoke the bot and user tokens at the workspace, clear cached connections and delete the stored credentials',
      tag: TAG,
      security: 'jwt',
      response: {
        type: 'object',
        properties: { success: { const: true }, revoked: { type: 'boolean' }, message: { type: 'string' } },
        required: ['success', 'revoked'],
      },
      errors: 'detail',
    },
    (req, res) => {
      chatCaller(app, req)
        .then(async (caller) => {
          const revoked = await flowOf(app, FAMILY, CONFIGURE).revoke({
            tenantId: caller.tenantId,
            userEmail: caller.userEmail,
          });
          app.connections.clear(caller.tenantId);
          res.json({
            success: true,
            revoked,
            message: revoked
              ? 'Chat authorization revoked and credentials deleted'
              : 'There was no chat authorization to revoke',
          });
        })
        .catch((error: unknown) => refuse(res, error));
    },
  );
};
