import { workspaceOfToken, type WorkspaceId } from '../credentials.js';
import type { FakeContext, FakeUpstream } from '../fake-upstream.js';
import {
  bearerToken,
  fakeRouter,
  googleErrors,
  RateBudgets,
  retryAfterHeaders,
  workspaceAuth,
  workspaceRateLimit,
} from '../kit/index.js';
import { personOfAccessToken } from './oauth/grants.js';
import { calendarRoutes } from './calendar/routes.js';
import { chatRoutes } from './chat/routes.js';
import { gmailRoutes } from './gmail/routes.js';
import { oauthPublicRoutes, userinfoRoutes } from './oauth/routes.js';
import { seedGoogle } from './seed.js';
import type { GoogleState } from './state.js';

export type { GoogleState } from './state.js';
export { ACCESS_TOKEN_SECONDS, grantAhead } from './oauth/grants.js';

/**
 * The workspace's (project's) budget in the sandbox: 600 requests a minute. Per-user limits sit in the
 * APIs themselves (Chat: 60 a minute per user, answered 429 RESOURCE_EXHAUSTED).
 */
const BUDGETS = { default: { limit: 600, windowSeconds: 60 } };

/**
 * Google under `/google`: the OAuth 2.0 server (consent page, token, revoke, userinfo) that the suite's
 * per-user authorization talks to through google-auth-library, with endpoints pointed here:
 * `o/oauth2/v2/auth`, `token`, `revoke`, `v1/userinfo`.
 *
 * Every person of both workspaces is a Google account (accounts are global, as Google's are: any
 * registered client may be authorized by any of them, whose tokens then read their own workspace); the
 * OAuth clients are
 * `SANDBOX_CREDENTIALS.<ws>.google.{clientId, clientSecret}`. Access tokens live 3599 seconds on the
 * sandbox clock; codes are single use; PKCE (S256) is checked when the authorize request carried a
 * challenge; revoking a refresh token revokes its access tokens. Tests reach the grants through
 * `sandbox.state<GoogleState>('/google', ws).oauth`.
 */
export const googleFake: FakeUpstream<GoogleState> = {
  prefix: '/google',
  seed: seedGoogle,
  router(states: Record<WorkspaceId, GoogleState>, ctx: FakeContext) {
    const liveToken = (token: string): WorkspaceId | undefined =>
      workspaceOfToken('google', token) ??
      (Object.keys(states) as WorkspaceId[]).find(
        (id) => personOfAccessToken(states[id], token, ctx.clock.now()) !== undefined,
      );
    return fakeRouter({
      errors: googleErrors,
      publicRoutes: (router) => oauthPublicRoutes(router, states, ctx),
      auth: workspaceAuth({ scheme: bearerToken(), workspaceOf: liveToken }),
      rateLimit: workspaceRateLimit({
        budgets: new RateBudgets(BUDGETS, ctx.clock, { enforce: ctx.rateLimits === 'enforce' }),
        style: retryAfterHeaders,
      }),
      routes: (router) => {
        userinfoRoutes(router, states, ctx);
        calendarRoutes(router, states, ctx);
        gmailRoutes(router, states, ctx);
        chatRoutes(router, states, ctx);
      },
    });
  },
};
