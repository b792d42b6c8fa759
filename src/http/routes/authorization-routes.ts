import type { Response } from 'express';
import type { App } from '../../app.js';
import type { OAuthFlow } from '../../auth/oauth/flow.js';
import { AppError } from '../../toolkit/errors.js';
import type { Routes } from '../route-module.js';
import { escapeHtml } from '../../toolkit/html.js';

/** The page a user lands on after consenting: which account is now connected, and that the tab can close. */
export const successPage = (email: string, provider: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${provider} connected</title></head>
<body><h1>${provider} is connected</h1><p>Constellation can now act for <strong>${escapeHtml(email)}</strong>. You can close this window and return to your assistant.</p></body></html>`;

/** A non-empty string query parameter, trimmed. */
export const queryText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The flow of a per-user family, or a 403 saying what to configure. */
export function flowOf(app: App, family: string, configure: string): OAuthFlow {
  const flow = app.authorizations.get(family);
  if (!flow) throw new AppError('FORBIDDEN', `No ${family} integration is configured on this server (${configure})`);
  return flow;
}

export interface CallbackRoute {
  family: string;
  /** What to configure when the family has no flow (the variables). */
  configure: string;
  operationId: string;
  summary: string;
  tag: string;
  /** The provider as the success page names it. */
  provider: string;
  refuse(res: Response, error: unknown): void;
}

/**
 * `GET /oauth/<family>/callback`: the provider's redirect back. The shared flow checks the state and
 * the account and stores the tokens; the user lands on the return URL they started with, or a success page.
 */
export function addCallbackRoute(routes: Routes, app: App, route: CallbackRoute): void {
  routes.add(
    {
      method: 'get',
      path: `/oauth/${route.family}/callback`,
      operationId: route.operationId,
      summary: route.summary,
      tag: route.tag,
      security: 'none',
      query: [
        { name: 'code', schema: { type: 'string' } },
        { name: 'state', schema: { type: 'string' } },
        { name: 'error', schema: { type: 'string' } },
      ],
      response: { text: 'text/html' },
      errors: 'detail',
      // No credentials, but it exchanges the code with the provider.
      rateLimit: 'general',
    },
    (req, res) => {
      Promise.resolve()
        .then(() =>
          flowOf(app, route.family, route.configure).complete({
            code: queryText(req.query.code),
            state: queryText(req.query.state),
            error: queryText(req.query.error),
          }),
        )
        .then(({ owner, returnUrl }) =>
          returnUrl
            ? res.redirect(302, returnUrl)
            : res.type('html').send(successPage(owner.userEmail, route.provider)),
        )
        .catch((error: unknown) => route.refuse(res, error));
    },
  );
}
