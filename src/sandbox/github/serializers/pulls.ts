import { branchOf, iso, type IssueRecord, type PullRecord, type RepoRecord, type ReviewRecord } from '../state.js';
import { nodeId, repoApi, repoHtml, type View } from './common.js';
import { labelsOf } from './issues.js';
import { repository } from './repos.js';
import { association, nullableUser, simpleUser } from './users.js';

type Json = Record<string, unknown>;
export type PullIssue = IssueRecord & { pull: PullRecord };

function side(view: View, repo: RepoRecord, ref: string, sha: string): Json {
  return { label: `${repo.owner}:${ref}`, ref, sha, user: simpleUser(view, repo.owner), repo: repository(view, repo) };
}

/** `pull-request-simple` (list items). */
export function pullSimple(view: View, repo: RepoRecord, record: PullIssue): Json {
  const { pull } = record;
  const api = repoApi(view, repo);
  const url = `${api}/pulls/${record.number}`;
  const html = `${repoHtml(view, repo)}/pull/${record.number}`;
  const assignees = record.assignees.map((login) => simpleUser(view, login));
  // While open, a pull request's base follows the base branch, as on GitHub.
  const baseSha = record.state === 'open' ? (branchOf(repo, pull.baseRef)?.sha ?? pull.baseSha) : pull.baseSha;
  return {
    url,
    id: pull.id,
    node_id: nodeId('PullRequest', pull.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${record.number}`,
    number: record.number,
    state: record.state,
    locked: record.locked,
    title: record.title,
    user: simpleUser(view, record.user),
    body: record.body,
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
    closed_at: record.closedAt === null ? null : iso(record.closedAt),
    merged_at: pull.mergedAt === null ? null : iso(pull.mergedAt),
    merge_commit_sha: pull.mergeCommitSha,
    assignee: assignees[0] ?? null,
    assignees,
    requested_reviewers: pull.requestedReviewers.map((login) => simpleUser(view, login)),
    requested_teams: [],
    labels: labelsOf(view, repo, record.labels),
    milestone: null,
    draft: pull.draft,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${record.number}/comments`,
    statuses_url: `${api}/statuses/${pull.headSha}`,
    head: side(view, repo, pull.headRef, pull.headSha),
    base: side(view, repo, pull.baseRef, baseSha),
    _links: {
      self: { href: url },
      html: { href: html },
      issue: { href: `${api}/issues/${record.number}` },
      comments: { href: `${api}/issues/${record.number}/comments` },
      review_comments: { href: `${url}/comments` },
      review_comment: { href: `${api}/pulls/comments{/number}` },
      commits: { href: `${url}/commits` },
      statuses: { href: `${api}/statuses/${pull.headSha}` },
    },
    author_association: association(view, repo, record.user),
    auto_merge: null,
    active_lock_reason: null,
  };
}

function mergeableState(record: PullIssue): string {
  const { pull } = record;
  if (record.state === 'closed') return 'unknown';
  if (pull.draft) return 'draft';
  if (!pull.mergeable) return 'dirty';
  if (pull.reviews.some((r) => r.state === 'CHANGES_REQUESTED') && !pull.reviews.some((r) => r.state === 'APPROVED'))
    return 'blocked';
  return 'clean';
}

/** `pull-request` (GET /pulls/{n}, create). */
export function pullFull(view: View, repo: RepoRecord, record: PullIssue): Json {
  const { pull } = record;
  const open = record.state === 'open';
  return {
    ...pullSimple(view, repo, record),
    merged: pull.merged,
    mergeable: open ? pull.mergeable : null,
    rebaseable: open ? pull.mergeable : null,
    mergeable_state: mergeableState(record),
    merged_by: nullableUser(view, pull.mergedBy),
    comments: record.comments.length,
    review_comments: pull.reviewComments,
    maintainer_can_modify: false,
    commits: pull.commitShas.length,
    additions: pull.additions,
    deletions: pull.deletions,
    changed_files: pull.changedFiles,
  };
}

/** `pull-request-review`. */
export function review(view: View, repo: RepoRecord, record: PullIssue, entry: ReviewRecord): Json {
  const html = `${repoHtml(view, repo)}/pull/${record.number}#pullrequestreview-${entry.id}`;
  const pullUrl = `${repoApi(view, repo)}/pulls/${record.number}`;
  return {
    id: entry.id,
    node_id: nodeId('PullRequestReview', entry.id),
    user: simpleUser(view, entry.user),
    body: entry.body,
    state: entry.state,
    html_url: html,
    pull_request_url: pullUrl,
    author_association: association(view, repo, entry.user),
    _links: { html: { href: html }, pull_request: { href: pullUrl } },
    submitted_at: iso(entry.submittedAt),
    commit_id: entry.commitId,
  };
}
