import type { GraphBatch, Handle } from '../../src/graph/ingest/batch.js';
import { linkMentionedTickets, type Extractor } from '../../src/graph/ingest/extractor.js';
import { closedIssueNumbers } from '../../src/graph/ingest/mentions.js';
import { arr, clip, idOf, labelNames, num, obj, str, type Json } from '../../src/graph/ingest/read.js';

/**
 * code_host (GitHub) results, as tools/code_host/shapes.ts returns them: repositories, issues (with
 * `repo`, `user`, `assignees`), pull requests (with `user`, `reviews`, `head`, `base`), contributors,
 * users and deployments.
 */
export const extractCodeHost: Extractor = ({ tool, args, result }, batch) => {
  const argRepo = str(args.repo_id);
  for (const repo of arr(result.repositories)) repository(batch, repo);
  for (const issue of arr(result.issues)) githubIssue(batch, issue, argRepo);
  for (const pr of [...arr(result.pull_requests), ...arr(result.stale_prs)]) pullRequest(batch, pr, argRepo);
  for (const deployment of arr(result.deployments)) deploymentNode(batch, deployment, argRepo);
  const contributorRepo = argRepo ? repoRef(batch, argRepo) : undefined;
  for (const contributor of arr(result.contributors)) {
    const user = githubUser(batch, contributor);
    const repo = str(contributor.repo) ? repoRef(batch, str(contributor.repo) as string) : contributorRepo;
    batch.edge(user, 'CONTRIBUTES_TO', repo, { contributions: num(contributor.contributions) });
  }
  for (const user of arr(result.users)) githubUser(batch, user);
  myWork(result, batch);
  single(tool, args, result, batch, argRepo);
};

/** get_my_code_host_work: the user's open pull requests, review requests, reviews done and assigned issues. */
function myWork(result: Json, batch: GraphBatch): void {
  const login = str(obj(result.user)?.login);
  if (!login || !('assigned_issues' in result || 'open_pull_requests' in result)) return;
  const me = batch.person({ login });
  for (const pr of [...arr(result.open_pull_requests), ...arr(result.review_requests)]) pullRequest(batch, pr, undefined);
  for (const pr of arr(result.reviews_done)) batch.edge(pullRequest(batch, pr, undefined), 'REVIEWED_BY', me);
  for (const issue of arr(result.assigned_issues)) batch.edge(githubIssue(batch, issue, undefined), 'ASSIGNED_TO', me);
}

/** Results that are one entity: chosen by tool name, falling back on the shape. */
function single(tool: string, args: Json, result: Json, batch: GraphBatch, argRepo: string | undefined): void {
  if (str(result.full_name) && (tool.includes('repositor') || 'default_branch' in result)) repository(batch, result);
  else if (tool === 'merge_pull_request' && result.merged === true && argRepo && num(args.pr_number) !== undefined) {
    const number = num(args.pr_number) as number;
    batch.edge(batch.node('pull_request', `${argRepo}#${number}`, { number, repo: argRepo, state: 'merged' }), 'BELONGS_TO', repoRef(batch, argRepo));
  }
  else if (tool.includes('pull_request') || /\/pull\/\d+/.test(str(result.html_url) ?? '')) {
    if (num(result.number) !== undefined) pullRequest(batch, result, argRepo);
  } else if (tool.includes('issue') && num(result.number) !== undefined && str(result.title)) githubIssue(batch, result, argRepo);
  else if (tool === 'get_user_by_email' && str(result.login)) githubUser(batch, result, str(result.email) ?? str(args.email));
}

/** A repository mentioned by full name (the other end of an edge). */
const repoRef = (batch: GraphBatch, fullName: string): Handle | undefined => batch.ref('repository', fullName, { full_name: fullName });

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
    { name: str(user.name), avatar_url: str(user.avatar_url), company: str(user.company), location: str(user.location) },
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
  linkMentionedTickets(batch, handle, [str(issue.title), str(issue.body)]);
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
    batch.edge(handle, 'REVIEWED_BY', githubUser(batch, obj(review.user)), { state: str(review.state), submitted_at: str(review.submitted_at) });
  }
  for (const reviewer of Array.isArray(pr.requested_reviewers) ? pr.requested_reviewers : []) {
    githubUser(batch, typeof reviewer === 'string' ? { login: reviewer } : obj(reviewer));
  }
  linkMentionedTickets(batch, handle, [str(pr.title), str(pr.body), str(head?.ref)]);
  for (const issueNumber of closedIssueNumbers(str(pr.body), str(pr.title))) {
    const key = `${repo}#${issueNumber}`;
    batch.edge(handle, 'LINKED_TO', batch.ref('issue', key, { key, number: issueNumber, repo }));
  }
  return handle;
}

function deploymentNode(batch: GraphBatch, deployment: Json, argRepo: string | undefined): void {
  const id = idOf(deployment.id);
  const repo = str(deployment.repo) ?? argRepo ?? /repos\/([^/]+\/[^/]+)\/deployments/.exec(str(deployment.url) ?? '')?.[1];
  if (!id) return;
  const handle = batch.node('deployment', id, {
    id,
    environment: str(deployment.environment),
    status: str(deployment.status) ?? str(deployment.state),
    ref: str(deployment.ref),
    sha: str(deployment.sha),
    repo,
    created_at: str(deployment.created_at),
  });
  if (repo) batch.edge(handle, 'DEPLOYED_TO', repoRef(batch, repo));
}
