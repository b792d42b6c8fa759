import express from 'express';
import type { WorkspaceId } from '../credentials.js';
import type { FakeContext, FakeUpstream } from '../fake-upstream.js';
import { bearerToken, fakeRouter, RateBudgets, retryAfterHeaders, slackErrors, workspaceAuth, workspaceRateLimit } from '../kit/index.js';
import { slackIdentityRoutes, slackOAuthRoutes, workspaceOfSlackToken } from './oauth/routes.js';
import { seedSlack } from './seed.js';
import type { SlackState } from './state.js';

export type { SlackState } from './state.js';
export { installAhead } from './oauth/routes.js';

/** Tier 3 of Slack's per-method limits (50 a minute), per workspace. */
const BUDGETS = { default: { limit: 50, windowSeconds: 60 } };

/**
 * Slack under `/slack`: OAuth v2 (`oauth/v2/authorize`, `api/oauth.v2.access`) and the identity methods
 * (`api/auth.test`, `api/auth.revoke`, `api/users.info`), answering `{ok: false, error}` with 200 as
 * Slack does. `@slack/web-api` talks to it with `slackApiUrl: sandbox.urlOf('/slack') + '/api/'`.
 *
 * Each workspace is a team; every person is a member (Person.slackId) who may install the app, which
 * yields a bot token for the team and a user token for that person. The sandbox credentials' static
 * `xoxb-` token is the app's existing installation. Tests reach the grants through
 * `sandbox.state<SlackState>('/slack', ws).oauth`.
 */
export const slackFake: FakeUpstream<SlackState> = {
  prefix: '/slack',
  seed: seedSlack,
  router(states: Record<WorkspaceId, SlackState>, ctx: FakeContext) {
    return fakeRouter({
      errors: slackErrors,
      publicRoutes: (router) => slackOAuthRoutes(router, states, ctx),
      auth: workspaceAuth({ scheme: bearerToken(), workspaceOf: (token) => workspaceOfSlackToken(states, token) }),
      rateLimit: workspaceRateLimit({ budgets: new RateBudgets(BUDGETS, ctx.clock, { enforce: ctx.rateLimits === 'enforce' }), style: retryAfterHeaders }),
      routes(router) {
        // Slack's Web API takes form-encoded bodies as well as JSON.
        router.use(express.urlencoded({ extended: false }));
        slackIdentityRoutes(router, states);
      },
    });
  },
};
