import type { GraphBatch, Handle } from '../../src/graph/ingest/batch.js';
import type { Extractor } from '../../src/graph/ingest/extractor.js';
import { closedIssueNumbers } from './mentions.js';
import { arr, clip, labelNames, num, obj, str, type Json } from '../../src/graph/ingest/read.js';
import { extractorOf, readsResultsOf } from '../../src/graph/ingest/tool-readers.js';
import { createIssue, updateIssue } from './issue-actions.js';
import { getIssueComments } from './issue-comments.js';
import { getIssue, getIssues } from './issues.js';
import { getMyCodeHostWork } from './my-work.js';
import { createPullRequest, mergePullRequest } from './pull-request-actions.js';
import { getPullRequests, getStalePrs } from './pull-requests.js';
import { getRepositories, getRepository, listReposByUser } from './repositories.js';
import { getContributors, getRepositoryUsers, getUserByEmail } from './users.js';

/**
 * How the graph reads code_host results: one reader per tool that describes entities, typed by that
 * tool's own result (so a renamed field fails to compile here). Analytical and write-only tools
 * without entity results have no reader.
 */
export const extractCodeHost: Extractor = extractorOf([
  readsResultsOf(getRepositories, ({ result }, batch) =>
    result.repositories.forEach((repo) => repository(batch, repo)),
  ),
  readsResultsOf(listReposByUser, ({ result }, batch) =>
    result.repositories.forEach((repo) => repository(batch, repo)),
  ),
  readsResultsOf(getRepository, ({ result }, batch) => void repository(batch, result)),
  readsResultsOf(getRepositoryUsers, ({ result }, batch) => result.users.forEach((user) => githubUser(batch, user))),
  readsResultsOf(getContributors, ({ args, result }, batch) => {
    const callRepo = args.repo_id ? repoRef(batch, args.repo_id) : undefined;
    for (const contributor of result.contributors) {
      const repo = str(contributor.repo) ? repoRef(batch, str(contributor.repo) as string) : callRepo;
      batch.edge(githubUser(batch, contributor), 'CONTRIBUTES_TO', repo, { contributions: contributor.contributions });
    }
  }),
  readsResultsOf(
    getUserByEmail,
    ({ args, result }, batch) => void githubUser(batch, result, str(result.email) ?? args.email),
  ),
  readsResultsOf(getIssues, ({ args, result }, batch) =>
    result.issues.forEach((issue) => githubIssue(batch, issue, args.repo_id)),
  ),
  readsResultsOf(getIssue, ({ args, result }, batch) => void githubIssue(batch, result, args.repo_id)),
  readsResultsOf(createIssue, ({ args, result }, batch) => void githubIssue(batch, result, args.repo_id)),
  readsResultsOf(updateIssue, ({ args, result }, batch) => void githubIssue(batch, result, args.repo_id)),
  readsResultsOf(getIssueComments, ({ result }, batch) =>
    result.comments.forEach((comment) => githubUser(batch, comment.user ?? undefined)),
  ),
  readsResultsOf(getPullRequests, ({ args, result }, batch) =>
    result.pull_requests.forEach((pr) => pullRequest(batch, pr, args.repo_id)),
  ),
  readsResultsOf(getStalePrs, ({ args, result }, batch) =>
    result.stale_prs.forEach((pr) => pullRequest(batch, pr, args.repo_id)),
  ),
  readsResultsOf(createPullRequest, ({ args, result }, batch) => void pullRequest(batch, result, args.repo_id)),
  readsResultsOf(mergePullRequest, ({ result }, batch) => {
    if (!result.merged) return;
    const key = `${result.repo}#${result.pr_number}`;
    batch.edge(
      batch.node('pull_request', key, { number: result.pr_number, repo: result.repo, state: 'merged' }),
      'BELONGS_TO',
      repoRef(batch, result.repo),
    );
  }),
  readsResultsOf(getMyCodeHostWork, ({ result }, batch) => {
    const me = batch.person({ login: result.user.login });
    for (const pr of [...(result.open_pull_requests ?? []), ...(result.review_requests ?? [])])
      pullRequest(batch, pr, undefined);
    for (const pr of result.reviews_done ?? []) batch.edge(pullRequest(batch, pr, undefined), 'REVIEWED_BY', me);
    for (const issue of result.assigned_issues ?? [])
      batch.edge(githubIssue(batch, issue, undefined), 'ASSIGNED_TO', me);
  }),
]);

/** A repository mentioned by full name (the other end of an edge). */
const repoRef = (batch: GraphBatch, fullName: string): Handle | undefined =>
  batch.ref('repository', fullName, { full_name: fullName });

function repository(batch: GraphBatch, repo: Json): Handle | undefined {
  const fullName = str(repo.full_name);
  if (!fullName) return undefined;
  return batch.node('repository', fullName, {
    full_name: fullName,
    name: str(repo.name),
    description: clip(repo.description, 500),
    language: str(repo.language),
    private: typeof repo.private === 'boolean' ? repo.private : undefined,
    default_branch: str(repo.default_branch),
    html_url: str(repo.html_url),
    stargazers_count: num(repo.stargazers_count),
    open_issues_count: num(repo.open_issues_count),
    owner: str(obj(repo.owner)?.login) ?? fullName.split('/')[0],
    topics: Array.isArray(repo.topics) ? repo.topics : undefined,
    updated_at: str(repo.updated_at),
  });
}

function githubUser(batch: GraphBatch, user: Json | undefined, email?: string): Handle | undefined {
  const login = str(user?.login);
  if (!user || !login) return undefined;
  return batch.person(
    { login, githubId: num(user.id), email: email ?? str(user.email) },
    {
      name: str(user.name),
      avatar_url: str(user.avatar_url),
      company: str(user.company),
      location: str(user.location),
    },
  );
}

/** `owner/repo` of an item: its own field, the tool argument, or its html_url. */
function repoOf(item: Json, argRepo: string | undefined): string | undefined {
  const fromBase = str(obj(obj(item.base)?.repo)?.full_name);
  const fromUrl = /\/([^/]+\/[^/]+)\/(?:pull|issues)\/\d+/.exec(str(item.html_url) ?? '')?.[1];
  return str(item.repo) ?? argRepo ?? fromBase ?? fromUrl;
}

function githubIssue(batch: GraphBatch, issue: Json, argRepo: string | undefined): Handle | undefined {
  const repo = repoOf(issue, argRepo);
  const number = num(issue.number);
  if (!repo || number === undefined) return undefined;
  const key = `${repo}#${number}`;
  const handle = batch.node('issue', key, {
    key,
    summary: str(issue.title),
    title: str(issue.title),
    status: str(issue.state),
    number,
    repo,
    labels: labelNames(issue.labels),
    body: clip(issue.body),
    comments: num(issue.comments),
    html_url: str(issue.html_url),
    created_at: str(issue.created_at),
    updated_at: str(issue.updated_at),
    closed_at: str(issue.closed_at),
  });
  batch.edge(handle, 'BELONGS_TO', repoRef(batch, repo));
  batch.edge(handle, 'AUTHORED_BY', githubUser(batch, obj(issue.user)));
  for (const assignee of arr(issue.assignees)) batch.edge(handle, 'ASSIGNED_TO', githubUser(batch, assignee));
  batch.linkMentions(handle, [str(issue.title), str(issue.body)], ['issue']);
  return handle;
}

function pullRequest(batch: GraphBatch, pr: Json, argRepo: string | undefined): Handle | undefined {
  const repo = repoOf(pr, argRepo);
  const number = num(pr.number);
  if (!repo || number === undefined) return undefined;
  const author = obj(pr.user);
  const head = obj(pr.head);
  const merged = str(pr.merged_at) !== undefined || pr.merged === true;
  const handle = batch.node('pull_request', `${repo}#${number}`, {
    number,
    title: str(pr.title),
    state: merged ? 'merged' : str(pr.state),
    author: str(author?.login),
    repo,
    draft: typeof pr.draft === 'boolean' ? pr.draft : undefined,
    body: clip(pr.body),
    head_ref: str(head?.ref),
    base_ref: str(obj(pr.base)?.ref),
    additions: num(pr.additions),
    deletions: num(pr.deletions),
    changed_files: num(pr.changed_files),
    days_stale: num(pr.days_stale),
    html_url: str(pr.html_url),
    created_at: str(pr.created_at),
    updated_at: str(pr.updated_at),
    merged_at: str(pr.merged_at),
  });
  batch.edge(handle, 'BELONGS_TO', repoRef(batch, repo));
  batch.edge(handle, 'AUTHORED_BY', githubUser(batch, author));
  for (const review of arr(pr.reviews)) {
    batch.edge(handle, 'REVIEWED_BY', githubUser(batch, obj(review.user)), {
      state: str(review.state),
      submitted_at: str(review.submitted_at),
    });
  }
  for (const reviewer of Array.isArray(pr.requested_reviewers) ? pr.requested_reviewers : []) {
    githubUser(batch, typeof reviewer === 'string' ? { login: reviewer } : obj(reviewer));
  }
  batch.linkMentions(handle, [str(pr.title), str(pr.body), str(head?.ref)], ['issue']);
  for (const issueNumber of closedIssueNumbers(str(pr.body), str(pr.title))) {
    const key = `${repo}#${issueNumber}`;
    batch.edge(handle, 'LINKED_TO', batch.ref('issue', key, { key, number: issueNumber, repo }));
  }
  return handle;
}
