import {
  iso,
  issueOf,
  type DeploymentRecord,
  type DeploymentStatusRecord,
  type ReleaseRecord,
  type RepoRecord,
  type RunRecord,
  type WorkflowRecord,
} from '../state.js';
import { encodePath, nodeId, repoApi, repoHtml, type View } from './common.js';
import { repository } from './repos.js';
import { nullableUser, simpleUser } from './users.js';

type Json = Record<string, unknown>;

/** `workflow`. */
export function workflow(view: View, repo: RepoRecord, record: WorkflowRecord): Json {
  return {
    id: record.id,
    node_id: nodeId('Workflow', record.id),
    name: record.name,
    path: record.path,
    state: record.state,
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
    url: `${repoApi(view, repo)}/actions/workflows/${record.id}`,
    html_url: `${repoHtml(view, repo)}/blob/${repo.defaultBranch}/${encodePath(record.path)}`,
    badge_url: `${repoHtml(view, repo)}/workflows/${encodeURIComponent(record.name)}/badge.svg`,
  };
}

/** `workflow-run`. */
export function workflowRun(view: View, repo: RepoRecord, run: RunRecord): Json {
  const api = repoApi(view, repo);
  const url = `${api}/actions/runs/${run.id}`;
  const flow = repo.workflows.find((w) => w.id === run.workflowId);
  const head = repo.commits.get(run.headSha);
  const repoJson = repository(view, repo);
  const checkSuiteId = run.id + 7;
  return {
    id: run.id,
    name: run.name,
    node_id: nodeId('WorkflowRun', run.id),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    path: flow?.path ?? '.github/workflows/ci.yml',
    display_title: run.displayTitle,
    run_number: run.runNumber,
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: run.workflowId,
    check_suite_id: checkSuiteId,
    check_suite_node_id: nodeId('CheckSuite', checkSuiteId),
    url,
    html_url: `${repoHtml(view, repo)}/actions/runs/${run.id}`,
    pull_requests: run.pullNumbers.flatMap((number) => {
      const pull = issueOf(repo, number)?.pull;
      if (!pull) return [];
      const mini = { id: repo.id, url: api, name: repo.name };
      return [
        {
          id: pull.id,
          number,
          url: `${api}/pulls/${number}`,
          head: { ref: pull.headRef, sha: pull.headSha, repo: mini },
          base: { ref: pull.baseRef, sha: pull.baseSha, repo: mini },
        },
      ];
    }),
    created_at: iso(run.createdAt),
    updated_at: iso(run.updatedAt),
    actor: simpleUser(view, run.actor),
    run_attempt: run.runAttempt,
    referenced_workflows: [],
    run_started_at: iso(run.runStartedAt),
    triggering_actor: simpleUser(view, run.actor),
    jobs_url: `${url}/jobs`,
    logs_url: `${url}/logs`,
    check_suite_url: `${api}/check-suites/${checkSuiteId}`,
    artifacts_url: `${url}/artifacts`,
    cancel_url: `${url}/cancel`,
    rerun_url: `${url}/rerun`,
    previous_attempt_url: null,
    workflow_url: `${api}/actions/workflows/${run.workflowId}`,
    head_commit: head
      ? {
          id: head.sha,
          tree_id: head.treeSha,
          message: head.message,
          timestamp: iso(head.committer.date),
          author: { name: head.author.name, email: head.author.email },
          committer: { name: head.committer.name, email: head.committer.email },
        }
      : null,
    repository: repoJson,
    head_repository: repoJson,
    head_repository_id: repo.id,
  };
}

/** `deployment`. */
export function deployment(view: View, repo: RepoRecord, record: DeploymentRecord): Json {
  const url = `${repoApi(view, repo)}/deployments/${record.id}`;
  return {
    url,
    id: record.id,
    node_id: nodeId('Deployment', record.id),
    sha: record.sha,
    ref: record.ref,
    task: record.task,
    payload: {},
    original_environment: record.environment,
    environment: record.environment,
    description: record.description,
    creator: nullableUser(view, record.creator),
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
    statuses_url: `${url}/statuses`,
    repository_url: repoApi(view, repo),
    transient_environment: false,
    production_environment: record.environment === 'production',
    performed_via_github_app: null,
  };
}

function environmentUrl(repo: RepoRecord, environment: string): string {
  return `https://${environment === 'production' ? '' : `${environment}.`}${repo.name}.${repo.owner}.sandbox.test`;
}

/** `deployment-status`. */
export function deploymentStatus(
  view: View,
  repo: RepoRecord,
  record: DeploymentRecord,
  status: DeploymentStatusRecord,
): Json {
  const deploymentUrl = `${repoApi(view, repo)}/deployments/${record.id}`;
  const logUrl = record.runId
    ? `${repoHtml(view, repo)}/actions/runs/${record.runId}`
    : `${repoHtml(view, repo)}/deployments`;
  return {
    url: `${deploymentUrl}/statuses/${status.id}`,
    id: status.id,
    node_id: nodeId('DeploymentStatus', status.id),
    state: status.state,
    creator: nullableUser(view, status.creator),
    description: status.description,
    environment: record.environment,
    target_url: logUrl,
    created_at: iso(status.createdAt),
    updated_at: iso(status.createdAt),
    deployment_url: deploymentUrl,
    repository_url: repoApi(view, repo),
    environment_url: environmentUrl(repo, record.environment),
    log_url: logUrl,
    performed_via_github_app: null,
  };
}

/** `release`. */
export function release(view: View, repo: RepoRecord, record: ReleaseRecord): Json {
  const api = repoApi(view, repo);
  const url = `${api}/releases/${record.id}`;
  return {
    url,
    assets_url: `${url}/assets`,
    upload_url: `https://uploads.sandbox.test/repos/${repo.fullName}/releases/${record.id}/assets{?name,label}`,
    html_url: `${repoHtml(view, repo)}/releases/tag/${encodeURIComponent(record.tagName)}`,
    id: record.id,
    author: simpleUser(view, record.author),
    node_id: nodeId('Release', record.id),
    tag_name: record.tagName,
    target_commitish: record.targetCommitish,
    name: record.name,
    draft: record.draft,
    immutable: false,
    prerelease: record.prerelease,
    created_at: iso(record.createdAt),
    updated_at: iso(record.publishedAt ?? record.createdAt),
    published_at: record.publishedAt === null ? null : iso(record.publishedAt),
    assets: [],
    tarball_url: `${api}/tarball/${encodeURIComponent(record.tagName)}`,
    zipball_url: `${api}/zipball/${encodeURIComponent(record.tagName)}`,
    body: record.body,
  };
}
