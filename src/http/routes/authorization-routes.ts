import type { Request, Response } from 'express';
import type { OAuthFlow } from '../../auth/oauth/flow.js';
import type { AuthorizationFamily } from '../../auth/oauth/upstream.js';
import { AppError } from '../../toolkit/errors.js';
import { escapeHtml } from '../../toolkit/html.js';
import { sendDetailError } from '../detail-errors.js';
import type { CallerChecks, RouteContext } from '../route-context.js';
import type { Operation, QueryParam, Routes } from '../route-module.js';

/** The page a user lands on after consenting: which account is now connected, and that the tab can close. */
const successPage = (email: string, provider: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${provider} connected</title></head>
<body><h1>${provider} is connected</h1><p>Constellation can now act for <strong>${escapeHtml(email)}</strong>. You can close this window and return to your assistant.</p></body></html>`;

/** A non-empty string query parameter, trimmed. */
export const queryText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** What the authorization routes use of the server: the caller checks, the tenants and the flows. */
export type AuthorizationRouteDeps = CallerChecks &
  Pick<RouteContext, 'log' | 'clock' | 'windows' | 'tenants' | 'connections' | 'authorizations' | 'publicUrl'>;

/** What every route of one family's authorization shares: its names and its error form. */
interface FamilyRouteContext {
  app: AuthorizationRouteDeps;
  authorization: AuthorizationFamily;
  /** The family in operationIds: `Suite` in `getSuiteAuthorizationStatus`. */
  name: string;
  /** Answers a failure in the family's error form. */
  refuse: (res: Response, error: unknown) => void;
}

const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

export function familyRouteContext(
  app: AuthorizationRouteDeps,
  authorization: AuthorizationFamily,
): FamilyRouteContext {
  const name = authorization.family.split('_').map(capitalized).join('');
  const form = authorization.upstream.routes.errors;
  return {
    app,
    authorization,
    name,
    refuse: (res, error) => sendDetailError(app, res, error, form),
  };
}

type FamilyOperation = 'authorize' | 'callback' | 'status' | 'revoke';

/** How each operation's id is spelled around the family's name. */
const OPERATION_IDS: Record<FamilyOperation, readonly [string, string]> = {
  authorize: ['authorize', ''],
  callback: ['complete', 'Authorization'],
  status: ['get', 'AuthorizationStatus'],
  revoke: ['revoke', 'Authorization'],
};

/** What every form declares alike of an operation: `/oauth/<family>/<operation>`, its id, summary and tag. */
export function familyOperation(context: FamilyRouteContext, operation: FamilyOperation) {
  const [verb, noun] = OPERATION_IDS[operation];
  const { family, upstream } = context.authorization;
  return {
    path: `/oauth/${family}/${operation}`,
    operationId: `${verb}${context.name}${noun}`,
    summary: upstream.routes.summaries[operation],
    tag: `${family} authorization`,
    errors: 'detail',
  } satisfies Partial<Operation>;
}

/** The tenant and user a route without credentials is asked about. */
export const OWNER_QUERY: QueryParam[] = [
  { name: 'tenant_id', schema: { type: 'string' }, required: true },
  { name: 'user_email', schema: { type: 'string', format: 'email' }, required: true },
];

/** The tenant and user of OWNER_QUERY, or a VALIDATION_ERROR naming them. */
export function queriedOwner(req: Request): { tenantId: string; userEmail: string } {
  const tenantId = queryText(req.query.tenant_id);
  const userEmail = queryText(req.query.user_email);
  if (!tenantId || !userEmail)
    throw new AppError('VALIDATION_ERROR', 'tenant_id and user_email are required query parameters');
  return { tenantId, userEmail };
}

/** The family's name as a sentence starts with it (`Chat is connected`). */
export const familyTitle = (context: FamilyRouteContext): string => capitalized(context.authorization.family);

/** The flow of a per-user family, or a 403 saying what to configure. */
export function flowOf({ app, authorization }: FamilyRouteContext): OAuthFlow {
  const flow = app.authorizations.get(authorization.family);
  if (!flow)
    throw new AppError(
      'FORBIDDEN',
      `No ${authorization.family} integration is configured on this server (${authorization.upstream.configure})`,
    );
  return flow;
}

/** What revoke answers once it has run. */
export const revokeAnswer = (context: FamilyRouteContext, revoked: boolean) => ({
  success: true,
  revoked,
  message: revoked
    ? context.authorization.upstream.routes.revoked
    : `There was no ${context.authorization.family} authorization to revoke`,
});

/** The schema of revoke's answer. */
export const REVOKE_RESPONSE = {
  type: 'object',
  properties: { success: { const: true }, revoked: { type: 'boolean' }, message: { type: 'string' } },
  required: ['success', 'revoked'],
};

/**
 * `GET /oauth/<family>/callback`: the provider's redirect back. The shared flow checks the state and
 * the account and stores the tokens; the user lands on the return URL they started with, or a success page.
 */
export function addCallbackRoute(routes: Routes, context: FamilyRouteContext): void {
  const { authorization, refuse } = context;
  routes.add(
    {
      ...familyOperation(context, 'callback'),
      method: 'get',
      security: 'none',
      query: [
        { name: 'code', schema: { type: 'string' } },
        { name: 'state', schema: { type: 'string' } },
        { name: 'error', schema: { type: 'string' } },
      ],
      response: { text: 'text/html' },
      // No credentials, but it exchanges the code with the provider.
      rateLimit: 'general',
    },
    (req, res) => {
      Promise.resolve()
        .then(() =>
          flowOf(context).complete({
            code: queryText(req.query.code),
            state: queryText(req.query.state),
            error: queryText(req.query.error),
          }),
        )
        .then(({ owner, returnUrl }) =>
          returnUrl
            ? res.redirect(302, returnUrl)
            : res.type('html').send(successPage(owner.userEmail, authorization.upstream.title)),
        )
        .catch((error: unknown) => refuse(res, error));
    },
  );
}

/** One of the spec's forms of a family's authorization routes: how it adds each of its operations. */
export interface AuthorizationRouteForm {
  authorize(routes: Routes, context: FamilyRouteContext): void;
  status(routes: Routes, context: FamilyRouteContext): void;
  revoke(routes: Routes, context: FamilyRouteContext): void;
}
