import type {
  Collaborator,
  Issue,
  IssueComment,
  Label,
  PullRequest,
  RepoDetail,
  RepoSummary,
  Review,
  UserProfile,
  UserRef,
} from './schemas.js';

/**
 * The result shapes of the code_host catalog, mapped from GitHub's objects. One mapper per entity so
 * every tool returns the same fields for the same thing; each mapper's return type is the entity's
 * output schema (schemas.ts), so the compiler keeps the two in agreement.
 */
export type { UserRef, RepoSummary };

export interface GithubUserLike {
  login: string;
  id: number;
  avatar_url?: string;
  type?: string;
  html_url?: string;
}

export function userRef(user: GithubUserLike | null | undefined): UserRef | null {
  return user ? { login: user.login, id: user.id, avatar_url: user.avatar_url } : null;
}

export interface GithubRepoLike {
  id: number;
  name: string;
  full_name: string;
  description: string | null;
  url: string;
  html_url: string;
  default_branch?: string;
  private: boolean;
  language?: string | null;
  stargazers_count?: number;
  forks_count?: number;
  open_issues_count?: number;
  created_at?: string | null;
  updated_at?: string | null;
  pushed_at?: string | null;
  archived?: boolean;
  owner?: GithubUserLike | null;
  topics?: string[];
  license?: { key: string; name: string } | null;
  permissions?: { admin?: boolean; push?: boolean; pull?: boolean };
}

export function repoSummary(repo: GithubRepoLike): RepoSummary {
  return {
    id: repo.id,
    name: repo.name,
    full_name: repo.full_name,
    description: repo.description,
    url: repo.url,
    html_url: repo.html_url,
    default_branch: repo.default_branch ?? 'main',
    private: repo.private,
    language: repo.language ?? null,
    stargazers_count: repo.stargazers_count ?? 0,
    forks_count: repo.forks_count ?? 0,
    open_issues_count: repo.open_issues_count ?? 0,
    created_at: repo.created_at ?? null,
    updated_at: repo.updated_at ?? null,
  };
}

export function repoDetail(repo: GithubRepoLike): RepoDetail {
  return {
    ...repoSummary(repo),
    owner: repo.owner ? { login: repo.owner.login, id: repo.owner.id, type: repo.owner.type ?? 'User' } : null,
    topics: repo.topics ?? [],
    license: repo.license ? { key: repo.license.key, name: repo.license.name } : null,
    permissions: {
      admin: repo.permissions?.admin ?? false,
      push: repo.permissions?.push ?? false,
      pull: repo.permissions?.pull ?? true,
    },
  };
}

export interface GithubLabelLike {
  id?: number;
  name?: string;
  color?: string | null;
}

export function labelShape(label: GithubLabelLike | string): Label {
  return typeof label === 'string'
    ? { id: 0, name: label, color: '' }
    : { id: label.id ?? 0, name: label.name ?? '', color: label.color ?? '' };
}

export interface GithubIssueLike {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  state: string;
  state_reason?: string | null;
  labels: Array<GithubLabelLike | string>;
  assignees?: GithubUserLike[] | null;
  user: GithubUserLike | null;
  comments: number;
  html_url: string;
  created_at: string;
  updated_at: string;
  closed_at?: string | null;
  repository_url?: string;
  pull_request?: unknown;
}

/** `owner/repo` of an issue, from its repository_url. */
export function repoOfIssue(issue: GithubIssueLike): string | undefined {
  const match = issue.repository_url?.match(/repos\/([^/]+\/[^/]+)$/);
  return match?.[1];
}

export function issueShape(issue: GithubIssueLike, repo?: string): Issue {
  return {
    id: issue.id,
    number: issue.number,
    title: issue.title,
    body: issue.body ?? null,
    state: issue.state,
    state_reason: issue.state_reason ?? null,
    labels: issue.labels.map(labelShape),
    assignees: (issue.assignees ?? []).map((a) => userRef(a) as UserRef),
    user: userRef(issue.user),
    comments: issue.comments,
    html_url: issue.html_url,
    repo: repo ?? repoOfIssue(issue) ?? null,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at ?? null,
  };
}
export type IssueShape = Issue;

export interface GithubCommentLike {
  id: number;
  body?: string | null;
  user: GithubUserLike | null;
  html_url?: string;
  created_at: string;
  updated_at: string;
}

export function commentShape(comment: GithubCommentLike): IssueComment {
  return {
    id: comment.id,
    body: comment.body ?? '',
    user: userRef(comment.user),
    html_url: comment.html_url ?? null,
    created_at: comment.created_at,
    updated_at: comment.updated_at,
  };
}

interface GithubReviewLike {
  user: GithubUserLike | null;
  state: string;
  submitted_at?: string | null;
}

function reviewShape(review: GithubReviewLike): Review {
  return { user: userRef(review.user), state: review.state, submitted_at: review.submitted_at ?? null };
}

export interface GithubPullLike {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  state: string;
  draft?: boolean;
  merged?: boolean;
  merged_at?: string | null;
  merge_commit_sha?: string | null;
  user: GithubUserLike | null;
  head: { ref: string; sha: string };
  base: { ref: string; sha: string; repo?: { full_name: string } | null };
  html_url: string;
  created_at: string;
  updated_at: string;
  closed_at?: string | null;
  additions?: number;
  deletions?: number;
  changed_files?: number;
  mergeable?: boolean | null;
  mergeable_state?: string;
  requested_reviewers?: GithubUserLike[] | null;
}

/**
 * A pull request. The list endpoint lacks the size and mergeability fields: they are null unless the
 * details were fetched. `reviews` is null when they were not fetched.
 */
export function pullShape(pr: GithubPullLike, reviews?: GithubReviewLike[]): PullRequest {
  return {
    id: pr.id,
    number: pr.number,
    title: pr.title,
    body: pr.body ?? null,
    state: pr.state,
    draft: pr.draft ?? false,
    merged: pr.merged ?? Boolean(pr.merged_at),
    merged_at: pr.merged_at ?? null,
    user: userRef(pr.user),
    head: { ref: pr.head.ref, sha: pr.head.sha },
    base: { ref: pr.base.ref, sha: pr.base.sha },
    html_url: pr.html_url,
    repo: pr.base.repo?.full_name ?? null,
    created_at: pr.created_at,
    updated_at: pr.updated_at,
    closed_at: pr.closed_at ?? null,
    additions: pr.additions ?? null,
    deletions: pr.deletions ?? null,
    changed_files: pr.changed_files ?? null,
    mergeable: pr.mergeable ?? null,
    requested_reviewers: (pr.requested_reviewers ?? []).map((u) => u.login),
    reviews: reviews ? reviews.map(reviewShape) : null,
  };
}
export type PullShape = PullRequest;

interface GithubProfileLike extends GithubUserLike {
  name?: string | null;
  email?: string | null;
  company?: string | null;
  location?: string | null;
  bio?: string | null;
}

export function userProfile(user: GithubProfileLike, matchedEmail?: string): UserProfile {
  return {
    login: user.login,
    id: user.id,
    name: user.name ?? null,
    email: user.email ?? matchedEmail ?? null,
    avatar_url: user.avatar_url ?? null,
    company: user.company ?? null,
    location: user.location ?? null,
    bio: user.bio ?? null,
    html_url: user.html_url ?? null,
    type: user.type ?? 'User',
  };
}

export interface GithubCollaboratorLike extends GithubUserLike {
  permissions?: { admin?: boolean; maintain?: boolean; push?: boolean; triage?: boolean; pull?: boolean };
  role_name?: string;
}

export function collaboratorShape(user: GithubCollaboratorLike): Collaborator {
  const p = user.permissions ?? {};
  return {
    login: user.login,
    id: user.id,
    avatar_url: user.avatar_url ?? null,
    type: user.type ?? 'User',
    role_name: user.role_name ?? null,
    permissions: {
      admin: p.admin ?? false,
      maintain: p.maintain ?? false,
      push: p.push ?? false,
      triage: p.triage ?? false,
      pull: p.pull ?? false,
    },
  };
}
