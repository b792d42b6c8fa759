import type {
  BranchRecord,
  DeploymentRecord,
  DeploymentState,
  GithubState,
  IssueRecord,
  PullRecord,
  RepoRecord,
  UserRecord,
} from './model.js';

/** Lookups over the state, for the routes and for tests that compute expectations from the seed. */

export function repoOf(state: GithubState, fullName: string): RepoRecord | undefined {
  const wanted = fullName.toLowerCase();
  return state.repos.find((repo) => repo.fullName.toLowerCase() === wanted);
}

export function userOf(state: GithubState, login: string): UserRecord | undefined {
  const wanted = login.toLowerCase();
  if (state.org.login.toLowerCase() === wanted) return state.org;
  return state.users.find((user) => user.login.toLowerCase() === wanted);
}

export function issueOf(repo: RepoRecord, number: number): IssueRecord | undefined {
  return repo.issues.find((issue) => issue.number === number);
}

/** Issues that are pull requests, by ascending number. */
export function pullsOf(repo: RepoRecord): (IssueRecord & { pull: PullRecord })[] {
  return repo.issues.filter((issue): issue is IssueRecord & { pull: PullRecord } => issue.pull !== undefined);
}

/** Plain issues (not pull requests), by ascending number. */
export function plainIssuesOf(repo: RepoRecord): IssueRecord[] {
  return repo.issues.filter((issue) => issue.pull === undefined);
}

export function branchOf(repo: RepoRecord, name: string): BranchRecord | undefined {
  return repo.branches.find((branch) => branch.name === name);
}

/** The final (latest) status of a deployment. */
export function deploymentOutcome(deployment: DeploymentRecord): DeploymentState {
  return deployment.statuses[deployment.statuses.length - 1]?.state ?? 'pending';
}

export function deploymentsIn(repo: RepoRecord, environment: string): DeploymentRecord[] {
  return repo.deployments.filter((deployment) => deployment.environment === environment);
}

/** Hands out the next id of the workspace. */
export function nextId(state: GithubState): number {
  return state.nextId++;
}

/** Epoch ms rounded down to whole seconds; ISO 8601 without millis, as GitHub writes timestamps. */
export { wholeSeconds as toSeconds, isoSeconds as iso } from '../kit/time.js';
