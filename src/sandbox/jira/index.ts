import { workspaceOfBasic, type WorkspaceId } from '../credentials.js';
import type { FakeContext, FakeUpstream } from '../fake-upstream.js';
import {
  atlassianRateHeaders,
  basicCredentials,
  fakeRouter,
  jiraErrors,
  RateBudgets,
  workspaceAuth,
  workspaceRateLimit,
} from '../kit/index.js';
import { agileRoutes } from './routes/agile.js';
import { commentAndTransitionRoutes } from './routes/comments.js';
import { jiraContext } from './routes/context.js';
import { issueWriteRoutes } from './routes/issue-writes.js';
import { issueReadRoutes } from './routes/issues.js';
import { changelogRoutes } from './routes/changelogs.js';
import { searchRoutes } from './routes/search.js';
import { siteRoutes } from './routes/site.js';
import { userRoutes } from './routes/users.js';
import { seedJira } from './seed/index.js';
import type { JiraState } from './state.js';

export * from './state.js';
export { PROJECT_PROFILES, profilesAt, TICKETS_PER_PROJECT } from './seed/index.js';
export { compileJql, runJql, JqlError } from './jql/compile.js';
export { parseJql, tokenize } from './jql/parser.js';
export { adfText } from './seed/content.js';

/**
 * Jira Cloud's cost-based budget, simplified to requests: generous per workspace, so metrics over many
 * projects on a clock that stands still (tests) never run out; injected 429s test the limit.
 */
const BUDGETS = { default: { limit: 20_000, windowSeconds: 3600 } };

/**
 * The fake Jira Cloud REST API (v3) and Jira Software (agile 1.0) under `/jira`. jira.js talks to it
 * with `host: sandbox.urlOf('/jira')` and basic authentication by the workspace's email and API token
 * (`SANDBOX_CREDENTIALS.<workspace>.jira`); the token's account is the workspace's first person.
 *
 * Seeded per workspace (`PROJECT_PROFILES`): acme WEB and API (company-managed scrum, Story Points
 * customfield_10016), MOB (company-managed, In Review and QA), OPS (team-managed kanban, Story point
 * estimate customfield_10034, Blocked); globex PLAT (scrum) and BILL (review workflow); Sprint is
 * customfield_10020 and Flagged customfield_10021 (`FIELD_IDS`). Six months of history back from
 * `WorkspaceSeed.now`; `scale` adds tickets and, past 1, projects (55: 20 projects, 21,000 tickets).
 * Tests compute expectations from `sandbox.state<JiraState>('/jira', workspace)` and
 * `runJql(jql, {state, me: state.myselfId, now})`, which answers exactly as the search endpoints do.
 */
export const jiraFake: FakeUpstream<JiraState> = {
  prefix: '/jira',
  seed: seedJira,
  router(states: Record<WorkspaceId, JiraState>, ctx: FakeContext) {
    return fakeRouter({
      errors: jiraErrors,
      auth: workspaceAuth({
        scheme: basicCredentials(),
        workspaceOf: ({ user, password }) => workspaceOfBasic('jira', user, password),
      }),
      rateLimit: workspaceRateLimit({
        budgets: new RateBudgets(BUDGETS, ctx.clock, { enforce: ctx.rateLimits === 'enforce' }),
        style: atlassianRateHeaders,
      }),
      routes(router) {
        router.use(jiraContext(states, ctx));
        for (const routes of [
          siteRoutes,
          userRoutes,
          searchRoutes,
          issueReadRoutes,
          changelogRoutes,
          issueWriteRoutes,
          commentAndTransitionRoutes,
          agileRoutes,
        ])
          routes(router);
      },
    });
  },
};
