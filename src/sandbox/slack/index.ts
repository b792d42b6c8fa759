import express from 'express';
import type { WorkspaceId } from '../credentials.js';
import type { FakeContext, FakeUpstream } from '../fake-upstream.js';
import {
  bearerToken,
  fakeRouter,
  RateBudgets,
  retryAfterHeaders,
  slackErrors,
  workspaceAuth,
  workspaceRateLimit,
} from '../kit/index.js';
import { slackIdentityRoutes, slackOAuthRoutes, workspaceOfSlackToken } from './oauth/routes.js';
import { channelAdminRoutes } from './routes/channel-admin.js';
import { chatRoutes } from './routes/chat.js';
import { fileRoutes, fileUploadRoutes } from './routes/files.js';
import { conversationRoutes } from './routes/conversations.js';
import { searchAndUserRoutes } from './routes/search-users.js';
import { seedSlack } from './seed.js';
import type { SlackState } from './state.js';

export type { SlackState } from './state.js';
export { installAhead } from './oauth/routes.js';

/** Slack's per-method tiers, per workspace: tier 2 (20 a minute), tier 3 (50), tier 4 (100), and posting (about one a second). */
const BUDGETS = {
  default: { limit: 50, windowSeconds: 60 },
  tier2: { limit: 20, windowSeconds: 60 },
  tier4: { limit: 100, windowSeconds: 60 },
  post: { limit: 60, windowSeconds: 60 },
};
const TIERS: Record<string, keyof typeof BUDGETS> = {
  'search.messages': 'tier2',
  'conversations.list': 'tier2',
  'users.list': 'tier2',
  'auth.test': 'tier4',
  'users.info': 'tier4',
  'users.lookupByEmail': 'tier4',
  'chat.postMessage': 'post',
};

/**
 * Slack under `/slack`: OAuth v2 (`oauth/v2/authorize`, `api/oauth.v2.access`), `auth.test`,
 * `auth.revoke`, `conversations.{list,info,members,history,replies,create,setPurpose,invite}`, `chat.{postMessage,update,delete}`,
 * `search.messages` and `users.{list,info,lookupByEmail}`, answering `{ok: false, error}` with 200 as
 * Slack does (`missing_scope` with `needed` and `provided`), paging with `cursor` and
 * `response_metadata.next_cursor`, and 429 with `Retry-After` per method tier. `@slack/web-api` talks
 * to it with `slackApiUrl: sandbox.urlOf('/slack') + '/api/'`.
 *
 * Per workspace: #general, #engineering, #deploys (the bot is a member), #random, a private #leads,
 * two DMs and a group DM, with four months of messages (about 2,300 at scale 1) and threads.
 * Scopes are enforced per token: private channels, DMs and search need a user token that has them.
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
      publicRoutes: (router) => {
        slackOAuthRoutes(router, states, ctx);
        fileUploadRoutes(router, states);
      },
      auth: workspaceAuth({ scheme: bearerToken(), workspaceOf: (token) => workspaceOfSlackToken(states, token) }),
      rateLimit: workspaceRateLimit({
        budgets: new RateBudgets(BUDGETS, ctx.clock, { enforce: ctx.rateLimits === 'enforce' }),
        style: retryAfterHeaders,
        resourceOf: (req) => TIERS[req.path.replace(/^\/api\//, '')] ?? 'default',
      }),
      routes(router) {
        // Slack's Web API takes form-encoded bodies as well as JSON.
        router.use(express.urlencoded({ extended: false }));
        slackIdentityRoutes(router, states);
        conversationRoutes(router, states);
        channelAdminRoutes(router, states, ctx);
        chatRoutes(router, states, ctx);
        fileRoutes(router, states, ctx);
        searchAndUserRoutes(router, states);
      },
    });
  },
};
