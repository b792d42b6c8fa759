import { access } from './access.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { getActionsInfo } from './analytics/actions.js';
import { getDeveloperMetrics } from './analytics/developers.js';
import { getDoraMetrics, getDoraMetricsByRepo } from './analytics/dora.js';
import { getEngMetrics, getEngMetricsByRepo } from './analytics/engineering.js';
import { getPrDeveloperMetrics, getPrMergeTimeMetrics } from './analytics/pr-metrics.js';
import { createBranch, createOrUpdateFile } from './git.js';
import { createIssue, updateIssue } from './issue-actions.js';
import { addIssueComment, getIssueComments } from './issue-comments.js';
import { addIssueLabels, removeIssueLabels } from './issue-labels.js';
import { getIssue, getIssues } from './issues.js';
import { extractCodeHost } from './extractor.js';
import { codeHostSample } from './sample-graph.js';
import { doraRoute } from './rest.js';
import { getMyCodeHostWork } from './my-work.js';
import { createPullRequest, mergePullRequest } from './pull-request-actions.js';
import { getPullRequests, getStalePrs } from './pull-requests.js';
import { getRepositories, getRepository, listReposByUser } from './repositories.js';
import { getContributors, getRepositoryUsers, getUserByEmail } from './users.js';
import { outline } from './outline.js';
import { phrasings } from './phrasings.js';

const codeHostSystem: SystemRecord = {
  id: 'code_host',
  name: 'Code host (GitHub)',
  description:
    'Repositories, issues, pull requests, branches, files, CI runs, deployments and engineering metrics from GitHub.',
  keywords: [
    'github',
    'repository',
    'repo',
    'pull request',
    'pr',
    'issue',
    'branch',
    'commit',
    'deploy',
    'dora',
    'ci',
    'code review',
  ],
  when_to_use: 'Questions about code, repositories, pull requests, code reviews, CI and delivery metrics.',
  search: { names: ['github', 'git'], phrasings },
};

const codeHostTools = [
  // repositories and people
  getRepositories,
  getRepository,
  listReposByUser,
  getRepositoryUsers,
  getContributors,
  getUserByEmail,
  // issues
  getIssues,
  getIssue,
  createIssue,
  updateIssue,
  getIssueComments,
  addIssueComment,
  addIssueLabels,
  removeIssueLabels,
  // pull requests and git
  getPullRequests,
  getStalePrs,
  createPullRequest,
  mergePullRequest,
  createBranch,
  createOrUpdateFile,
  // engineering analytics
  getDoraMetrics,
  getDoraMetricsByRepo,
  getDeveloperMetrics,
  getActionsInfo,
  getPrDeveloperMetrics,
  getPrMergeTimeMetrics,
  getEngMetrics,
  getEngMetricsByRepo,
  // personal work
  getMyCodeHostWork,
];

/** GitHub as the `code_host` system. */
export const manifest: SystemManifest = {
  system: codeHostSystem,
  tools: codeHostTools,
  ...access,
  vault: {
    integration: {
      id: 'code_host',
      name: 'Code host',
      unifiedApi: 'issue-tracking',
      description: 'Repositories, pull requests and issues of the code host (GitHub)',
    },
    position: 1,
  },
  // The spec's analytics family serves the DORA metrics; the system's methods keep their bare paths too.
  rest: { routes: [doraRoute] },
  extractor: extractCodeHost,
  sampleGraph: codeHostSample,
  mentions: outline.mentions,
  entityTypes: outline.entityTypes,
  synonyms: {
    pr: ['pull', 'request'],
    prs: ['pull', 'request'],
    mr: ['pull', 'request'],
    repo: ['repository'],
    repos: ['repository'],
    ci: ['action', 'workflow'],
    deploy: ['deployment'],
    deploys: ['deployment'],
  },
};
