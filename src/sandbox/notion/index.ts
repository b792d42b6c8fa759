import { workspaceOfToken, type WorkspaceId } from '../credentials.js';
import type { FakeContext, FakeUpstream } from '../fake-upstream.js';
import {
  bearerToken,
  fakeRouter,
  notionErrors,
  RateBudgets,
  retryAfterHeaders,
  workspaceAuth,
  workspaceRateLimit,
} from '../kit/index.js';
import { notionRoutes } from './routes.js';
import { seedNotion } from './seed.js';
import type { NotionState } from './state.js';

export type { NotionState, PageRecord, DataSourceRecord, BlockRecord, PropertyValue } from './state.js';
export { notionUserId } from './rich-text.js';
export { pageTitle } from './serializers.js';

/** Notion's average limit: three requests a second per integration (180 a minute). */
const BUDGETS = { default: { limit: 180, windowSeconds: 60 } };

/**
 * Notion API 2025-09-03 under `/notion` (`@notionhq/client` with `baseUrl: sandbox.urlOf('/notion')`).
 *
 * Per workspace: users (every person, with an id derived from the email: `notionUserId`), a workspace
 * page "Engineering handbook" whose blocks use every type the notes tools convert (headings, nested
 * lists, to-dos, code, quote, callout, divider, table, toggle, mentions, links), and three databases,
 * each with one data source: Projects (Name, Lead, Status, Repository, Start), Engineering Tasks (Name,
 * Status, Tags, Owner, Due, Estimate, Done, Project relation, Notes) and Meeting Notes (Name, Date,
 * Attendees). Pages mention the workspace's own Jira keys and GitHub repositories (topics.ts: acme API,
 * WEB, MOB, OPS and acme/api...; globex PLAT, BILL and globex/platform...). Errors are Notion's
 * `{object: 'error', status, code, message}`; lists page with `start_cursor` / `next_cursor`; writes
 * are checked whole (request-blocks.ts) before anything is stored.
 */
export const notionFake: FakeUpstream<NotionState> = {
  prefix: '/notion',
  seed: seedNotion,
  router(states: Record<WorkspaceId, NotionState>, ctx: FakeContext) {
    return fakeRouter({
      errors: notionErrors,
      auth: workspaceAuth({ scheme: bearerToken(), workspaceOf: (token) => workspaceOfToken('notion', token) }),
      rateLimit: workspaceRateLimit({
        budgets: new RateBudgets(BUDGETS, ctx.clock, { enforce: ctx.rateLimits === 'enforce' }),
        style: retryAfterHeaders,
      }),
      routes: (router) => notionRoutes(router, states, ctx),
    });
  },
};
