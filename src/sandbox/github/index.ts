import express from 'express';
import type { WorkspaceId } from '../credentials.js';
import type { FakeContext, FakeUpstream } from '../fake-upstream.js';
import { authenticate, errorHandler, notFound } from './http.js';
import { actionRoutes } from './routes/actions.js';
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
    const router = express.Router();
    router.use(authenticate(states, ctx));
    router.use(express.json({ limit: '10mb' }));
    userRoutes(router);
    repoRoutes(router);
    issueRoutes(router);
    pullRoutes(router);
    gitRoutes(router);
    actionRoutes(router);
    searchRoutes(router);
    router.use(() => {
      throw notFound();
    });
    router.use(errorHandler());
    return router;
  },
};
