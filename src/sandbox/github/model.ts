import type { WorkspaceIdentity } from '../seed/people.js';

/**
 * In-memory model of one workspace's GitHub. Times are epoch milliseconds rounded to whole seconds
 * (GitHub timestamps have no millis); the serializers turn records into GitHub's JSON shapes.
 */
export type Millis = number;

export interface UserRecord {
  login: string;
  id: number;
  type: 'User' | 'Bot' | 'Organization';
  name: string | null;
  email: string | null;
  company: string | null;
  location: string | null;
  bio: string | null;
  createdAt: Millis;
  updatedAt: Millis;
  /** Index in `WorkspaceSeed.people` when the user is a person of the workspace. */
  personIndex?: number;
}

export interface LabelRecord {
  id: number;
  name: string;
  color: string;
  description: string | null;
  default: boolean;
}

export interface CommentRecord {
  id: number;
  user: string;
  body: string;
  createdAt: Millis;
  updatedAt: Millis;
}

type ReviewState = 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED';

export interface ReviewRecord {
  id: number;
  user: string;
  state: ReviewState;
  body: string;
  submittedAt: Millis;
  commitId: string;
}

export interface PullRecord {
  /** The pull request id (distinct from the issue id that shares its number). */
  id: number;
  headRef: string;
  headSha: string;
  baseRef: string;
  /** Base branch head when the branch was cut. */
  baseSha: string;
  draft: boolean;
  merged: boolean;
  mergedAt: Millis | null;
  mergedBy: string | null;
  mergeCommitSha: string | null;
  /** False for PRs with conflicts (mergeable_state `dirty`). */
  mergeable: boolean;
  /** Commits of the PR, oldest first. */
  commitShas: string[];
  additions: number;
  deletions: number;
  changedFiles: number;
  /** Reviews, oldest first. */
  reviews: ReviewRecord[];
  reviewComments: number;
  requestedReviewers: string[];
}

export type IssueStateReason = 'completed' | 'not_planned' | 'reopened' | 'duplicate';

/** An issue, or the issue half of a pull request (`pull` set): both share one number sequence. */
export interface IssueRecord {
  id: number;
  number: number;
  title: string;
  body: string | null;
  user: string;
  state: 'open' | 'closed';
  stateReason: IssueStateReason | null;
  labels: string[];
  assignees: string[];
  createdAt: Millis;
  updatedAt: Millis;
  closedAt: Millis | null;
  closedBy: string | null;
  locked: boolean;
  /** Conversation comments, oldest first. */
  comments: CommentRecord[];
  pull?: PullRecord;
}

/** A new open issue (or the issue half of a pull request): nothing closed, locked or commented yet. */
export function openIssue(
  fields: Pick<IssueRecord, 'id' | 'number' | 'title' | 'body' | 'user' | 'labels' | 'assignees' | 'createdAt'>,
): IssueRecord {
  return {
    ...fields,
    state: 'open',
    stateReason: null,
    updatedAt: fields.createdAt,
    closedAt: null,
    closedBy: null,
    locked: false,
    comments: [],
  };
}

export interface FileRecord {
  path: string;
  content: string;
  /** Git blob SHA-1 of the content, as GitHub computes it. */
  sha: string;
}

/** A snapshot of the repository's files, by path. Commits share trees until a file changes. */
export type Tree = Map<string, FileRecord>;

export interface GitActor {
  /** GitHub login the email maps to, or null when none does. */
  login: string | null;
  name: string;
  email: string;
  date: Millis;
}

export interface CommitRecord {
  sha: string;
  treeSha: string;
  tree: Tree;
  message: string;
  author: GitActor;
  committer: GitActor;
  /** Parent SHAs: one, or two for merge commits (first parent = base branch). */
  parents: string[];
  additions: number;
  deletions: number;
  files: string[];
  verified: boolean;
}

export interface BranchRecord {
  name: string;
  sha: string;
  protected: boolean;
}

interface TagRecord {
  name: string;
  sha: string;
}

export interface WorkflowRecord {
  id: number;
  name: string;
  path: string;
  state: 'active' | 'disabled_manually';
  createdAt: Millis;
  updatedAt: Millis;
}

export interface RunRecord {
  id: number;
  workflowId: number;
  name: string;
  displayTitle: string;
  runNumber: number;
  runAttempt: number;
  event: 'push' | 'pull_request' | 'workflow_dispatch' | 'schedule';
  status: 'completed' | 'in_progress' | 'queued';
  conclusion: 'success' | 'failure' | 'cancelled' | 'skipped' | null;
  headBranch: string;
  headSha: string;
  actor: string;
  createdAt: Millis;
  runStartedAt: Millis;
  updatedAt: Millis;
  /** Numbers of the pull requests the run belongs to. */
  pullNumbers: number[];
}

export type DeploymentState = 'error' | 'failure' | 'inactive' | 'pending' | 'success' | 'queued' | 'in_progress';

export interface DeploymentStatusRecord {
  id: number;
  state: DeploymentState;
  creator: string;
  description: string;
  createdAt: Millis;
}

export interface DeploymentRecord {
  id: number;
  sha: string;
  ref: string;
  task: string;
  environment: 'production' | 'staging';
  creator: string;
  description: string | null;
  createdAt: Millis;
  updatedAt: Millis;
  /** Statuses oldest first (the API lists them newest first); the last one is the outcome. */
  statuses: DeploymentStatusRecord[];
  /** The Deploy workflow run that performed it. */
  runId: number | null;
  /** True for a redeploy of an earlier good SHA after a failed deployment. */
  rollback: boolean;
}

export interface ReleaseRecord {
  id: number;
  tagName: string;
  name: string;
  body: string;
  draft: boolean;
  prerelease: boolean;
  targetCommitish: string;
  sha: string;
  author: string;
  createdAt: Millis;
  publishedAt: Millis | null;
}

export interface IssueEventRecord {
  id: number;
  issueNumber: number;
  actor: string;
  event:
    | 'closed'
    | 'reopened'
    | 'labeled'
    | 'unlabeled'
    | 'assigned'
    | 'unassigned'
    | 'merged'
    | 'renamed'
    | 'head_ref_deleted'
    | 'ready_for_review';
  createdAt: Millis;
  commitId: string | null;
  label?: { name: string; color: string };
  assignee?: string;
  rename?: { from: string; to: string };
}

export type CollaboratorRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read';

export interface CollaboratorRecord {
  login: string;
  role: CollaboratorRole;
}

export interface LicenseInfo {
  key: string;
  name: string;
  spdxId: string;
}

export interface RepoRecord {
  id: number;
  name: string;
  owner: string;
  ownerType: 'Organization' | 'User';
  fullName: string;
  description: string | null;
  homepage: string | null;
  language: string | null;
  topics: string[];
  license: LicenseInfo | null;
  private: boolean;
  visibility: 'public' | 'private' | 'internal';
  archived: boolean;
  createdAt: Millis;
  updatedAt: Millis;
  pushedAt: Millis;
  defaultBranch: string;
  deleteBranchOnMerge: boolean;
  stargazers: number;
  forks: number;
  watchers: number;
  /** Kilobytes, as GitHub reports it. */
  size: number;
  labels: LabelRecord[];
  /** Issues and pull requests, by ascending number. */
  issues: IssueRecord[];
  commits: Map<string, CommitRecord>;
  branches: BranchRecord[];
  tags: TagRecord[];
  collaborators: CollaboratorRecord[];
  workflows: WorkflowRecord[];
  /** Workflow runs, oldest first. */
  runs: RunRecord[];
  /** Deployments, oldest first. */
  deployments: DeploymentRecord[];
  /** Releases, oldest first. */
  releases: ReleaseRecord[];
  /** Issue events, oldest first. */
  events: IssueEventRecord[];
}

export interface GithubState {
  workspace: WorkspaceIdentity;
  /** The organisation account. */
  org: UserRecord;
  /** People of the workspace, then bots (`dependabot[bot]`, `web-flow`). */
  users: UserRecord[];
  /** Login of the authenticated user of the workspace token (the first person). */
  viewer: string;
  repos: RepoRecord[];
  /** The seed's "now". */
  now: Millis;
  /** Next id to hand out; starts at `idBase * 1000` so the workspaces never collide. */
  nextId: number;
}
