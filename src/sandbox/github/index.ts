import type { NextFunction, Request, Response } from 'express';
import { workspaceOfToken, type WorkspaceId } from '../credentials.js';
import type { FakeContext, FakeUpstream } from '../fake-upstream.js';
import {
  bearerToken,
  fakeRouter,
  githubErrors,
  githubRateHeaders,
  RateBudgets,
  workspaceAuth,
  workspaceRateLimit,
} from '../kit/index.js';
import { actionRoutes } from './routes/actions.js';
import { githubContext } from './routes/context.js';
import { gitRoutes } from './routes/git.js';
import { issueRoutes } from './routes/issues.js';
import { pullRoutes } from './routes/pulls.js';
import { repoRoutes } from './routes/repos.js';
import { searchRoutes } from './routes/search.js';
import { userRoutes } from './routes/users.js';
import { seedGithub } from './seed/index.js';
import type { GithubState } from './state.js';

export * from './state.js';
export { REPO_PROFILES } from './seed/index.js';
export { contributorsOf } from './routes/repos.js';
export { ancestors, commitsBetween, history, resolveRef } from './git.js';

/** GitHub's budgets: 5,000 core requests an hour, 30 searches a minute, per workspace token. */
const BUDGETS = { core: { limit: 5000, windowSeconds: 3600 }, search: { limit: 30, windowSeconds: 60 } };

let requestCounter = 0;

function githubHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('x-github-media-type', 'github.v3; format=json');
  res.setHeader('x-github-api-version-selected', '2022-11-28');
  res.setHeader('x-github-request-id', `SANDBOX:${(++requestCounter).toString(16).toUpperCase().padStart(8, '0')}`);
  next();
}

/**
 * The fake GitHub REST API (api.github.com shapes) under `/github`. Octokit talks to it with
 * `new Octokit({ auth: SANDBOX_CREDENTIALS.acme.github.token, baseUrl: sandbox.urlOf('/github') })`.
 *
 * Seeded per workspace (`REPO_PROFILES`): acme/{web, api, mobile, infra, design-system, docs} and
 * globex/{platform, billing, data-pipeline, handbook}, all owned by the organisation. The token's user
 * is the workspace's first person (an org admin who owns no repository). Six months of history back
 * from `WorkspaceSeed.now`: pull requests with branch commits, reviews and merges (web and platform
 * squash, the rest merge commits), issues, CI runs, staging and production deployments (each failed
 * production deployment is followed by a rollback and an `incident` issue), releases every two weeks
 * or so for api, mobile, design-system and platform. Tests compute expectations from
 * `sandbox.state<GithubState>('/github', workspace)`.
 */
export const githubFake: FakeUpstream<GithubState> = {
  prefix: '/github',
  seed: seedGithub,
  router(states: Record<WorkspaceId, GithubState>, ctx: FakeContext) {
    const anonymous = { limit: 60, used: 1, reset: 0 };
    return fakeRouter({
      errors: githubErrors,
      headers: githubHeaders,
      auth: workspaceAuth({
        scheme: bearerToken(['token', 'bearer']),
        workspaceOf: (token) => workspaceOfToken('github', token),
        onRefused: (_req, res) =>
          githubRateHeaders.always?.(res, { ...anonymous, reset: Math.floor(ctx.clock.now() / 1000) + 3600 }, 'core'),
      }),
      rateLimit: workspaceRateLimit({
        budgets: new RateBudgets(BUDGETS, ctx.clock, { enforce: ctx.rateLimits === 'enforce' }),
        style: githubRateHeaders,
        resourceOf: (req) => (req.path.startsWith('/search/') ? 'search' : 'core'),
      }),
      jsonLimit: '10mb',
      routes(router) {
        router.use(githubContext(states, ctx));
        for (const routes of [userRoutes, repoRoutes, issueRoutes, pullRoutes, gitRoutes, actionRoutes, searchRoutes])
          routes(router);
      },
    });
  },
};
