import { workspaceOfBasic, type WorkspaceId } from '../credentials.js';
import type { FakeContext, FakeUpstream } from '../fake-upstream.js';
import {
  atlassianRateHeaders,
  basicCredentials,
  confluenceErrors,
  fakeRouter,
  RateBudgets,
  workspaceAuth,
  workspaceRateLimit,
} from '../kit/index.js';
import { confluenceRoutes } from './routes.js';
import { seedConfluence } from './seed.js';
import type { ConfluenceState } from './state.js';

export type { ConfluenceState, PageRecord, SpaceRecord, ConfluenceUser } from './state.js';
export { currentVersion } from './state.js';
export { plainText } from './serializers.js';

/** A cost budget like Confluence Cloud's, per site: generous, but a burst of hundreds gets 429 with Retry-After. */
const BUDGETS = { default: { limit: 600, windowSeconds: 60 } };

/**
 * Confluence Cloud under `/confluence` (confluence.js `host: sandbox.urlOf('/confluence')`): REST v2 at
 * `/wiki/api/v2` and the v1 operations v2 lacks at `/wiki/rest/api` (see routes.ts). Per workspace:
 * the API token's bot and every person as users, two spaces with page trees and version history,
 * comments, attachments and labels; bodies are storage format that mention Jira keys and repositories.
 * Errors are `{statusCode, message}`; v2 lists page by cursor in `_links.next`, v1 by `start`/`limit`.
 */
export const confluenceFake: FakeUpstream<ConfluenceState> = {
  prefix: '/confluence',
  seed: seedConfluence,
  router(states: Record<WorkspaceId, ConfluenceState>, ctx: FakeContext) {
    return fakeRouter({
      errors: confluenceErrors,
      auth: workspaceAuth({
        scheme: basicCredentials(),
        workspaceOf: ({ user, password }) => workspaceOfBasic('confluence', user, password),
      }),
      rateLimit: workspaceRateLimit({
        budgets: new RateBudgets(BUDGETS, ctx.clock, { enforce: ctx.rateLimits === 'enforce' }),
        style: atlassianRateHeaders,
      }),
      routes: (router) => confluenceRoutes(router, states, ctx),
    });
  },
};
