import { sendCreated } from '../../kit/index.js';
import type { Request, Router } from 'express';
import { commitsBetween } from '../git.js';
import {
  body,
  direction,
  githubError,
  handle,
  notFound,
  paginate,
  query,
  requireIssue,
  requireRepo,
  sortBy,
  validationFailed,
  type GithubRequest,
} from './context.js';
import { commit as commitJson } from '../serializers/git.js';
import { pullFull, pullSimple, review, type PullIssue } from '../serializers/pulls.js';
import { branchOf, nextId, openIssue, pullsOf, type RepoRecord } from '../state.js';
import { mergePull } from './merge.js';

const DOCS = {
  list: 'https://docs.github.com/rest/pulls/pulls#list-pull-requests',
  get: 'https://docs.github.com/rest/pulls/pulls#get-a-pull-request',
  create: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
  merge: 'https://docs.github.com/rest/pulls/pulls#merge-a-pull-request',
  reviews: 'https://docs.github.com/rest/pulls/reviews#list-reviews-for-a-pull-request',
  commits: 'https://docs.github.com/rest/pulls/pulls#list-commits-on-a-pull-request',
};

function requirePull(req: Request, repo: RepoRecord): PullIssue {
  const issue = requireIssue(req, repo, 'pull_number');
  if (!issue.pull) throw notFound();
  return issue as PullIssue;
}

/** `owner:branch` or `branch` → the branch name, when the owner is the repository's. */
function headRef(repo: RepoRecord, head: string): string | undefined {
  const [owner, ref] = head.includes(':') ? head.split(':', 2) : [repo.owner, head];
  return owner.toLowerCase() === repo.owner.toLowerCase() ? ref : undefined;
}

function filterPulls(req: Request, repo: RepoRecord): PullIssue[] {
  const state = query(req, 'state') ?? 'open';
  const head = query(req, 'head');
  const base = query(req, 'base');
  const ref = head === undefined ? undefined : (headRef(repo, head) ?? '\0');
  return pullsOf(repo).filter((p) => {
    if (state !== 'all' && p.state !== state) return false;
    if (ref !== undefined && p.pull.headRef !== ref) return false;
    if (base !== undefined && p.pull.baseRef !== base) return false;
    return true;
  });
}

function createPull(gh: GithubRequest, repo: RepoRecord, input: Record<string, unknown>): PullIssue {
  const title = input.title;
  if (typeof title !== 'string' || !title.trim())
    throw validationFailed({ resource: 'PullRequest', field: 'title', code: 'missing_field' });
  if (typeof input.head !== 'string' || !input.head)
    throw validationFailed({ resource: 'PullRequest', field: 'head', code: 'missing_field' });
  if (typeof input.base !== 'string' || !input.base)
    throw validationFailed({ resource: 'PullRequest', field: 'base', code: 'missing_field' });
  const ref = headRef(repo, input.head);
  const head = ref === undefined ? undefined : branchOf(repo, ref);
  if (!head) throw validationFailed({ resource: 'PullRequest', field: 'head', code: 'invalid' });
  const base = branchOf(repo, input.base);
  if (!base) throw validationFailed({ resource: 'PullRequest', field: 'base', code: 'invalid' });
  if (pullsOf(repo).some((p) => p.state === 'open' && p.pull.headRef === head.name && p.pull.baseRef === base.name)) {
    throw validationFailed({
      resource: 'PullRequest',
      code: 'custom',
      message: `A pull request already exists for ${repo.owner}:${head.name}.`,
    });
  }
  const commits = commitsBetween(repo, base.sha, head.sha);
  if (commits.length === 0)
    throw validationFailed({
      resource: 'PullRequest',
      code: 'custom',
      message: `No commits between ${base.name} and ${head.name}`,
    });
  const now = gh.now();
  const files = new Set(commits.flatMap((c) => c.files));
  const number = Math.max(0, ...repo.issues.map((i) => i.number)) + 1;
  const record: PullIssue = {
    ...openIssue({
      id: nextId(gh.state),
      number,
      title,
      body: typeof input.body === 'string' ? input.body : null,
      user: gh.state.viewer,
      labels: [],
      assignees: [],
      createdAt: now,
    }),
    pull: {
      id: nextId(gh.state),
      headRef: head.name,
      headSha: head.sha,
      baseRef: base.name,
      baseSha: base.sha,
      draft: input.draft === true,
      merged: false,
      mergedAt: null,
      mergedBy: null,
      mergeCommitSha: null,
      mergeable: true,
      commitShas: commits.map((c) => c.sha),
      additions: commits.reduce((n, c) => n + c.additions, 0),
      deletions: commits.reduce((n, c) => n + c.deletions, 0),
      changedFiles: files.size,
      reviews: [],
      reviewComments: 0,
      requestedReviewers: [],
    },
  };
  repo.issues.push(record);
  return record;
}

/** Pull requests: list, get, create, merge, reviews and commits. */
export function pullRoutes(router: Router): void {
  router.get(
    '/repos/:owner/:repo/pulls',
    handle(DOCS.list, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const sort = query(req, 'sort') ?? 'created';
      const key = (p: PullIssue): number =>
        sort === 'updated'
          ? p.updatedAt
          : sort === 'popularity'
            ? p.comments.length
            : sort === 'long-running'
              ? -p.createdAt
              : p.createdAt;
      const list = sortBy(filterPulls(req, repo), key, direction(req, sort === 'created' ? 'desc' : 'asc'));
      res.json(paginate(req, res, list, gh).map((p) => pullSimple(gh.view, repo, p)));
    }),
  );

  router.post(
    '/repos/:owner/:repo/pulls',
    handle(DOCS.create, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const json = pullFull(gh.view, repo, createPull(gh, repo, body(req)));
      sendCreated(res, json);
    }),
  );

  router.get(
    '/repos/:owner/:repo/pulls/:pull_number',
    handle(DOCS.get, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      res.json(pullFull(gh.view, repo, requirePull(req, repo)));
    }),
  );

  router.put(
    '/repos/:owner/:repo/pulls/:pull_number/merge',
    handle(DOCS.merge, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const record = requirePull(req, repo);
      const input = body(req);
      const method = input.merge_method ?? 'merge';
      if (method !== 'merge' && method !== 'squash' && method !== 'rebase') {
        throw validationFailed({
          resource: 'PullRequest',
          field: 'merge_method',
          code: 'invalid',
          value: typeof method === 'string' ? method : null,
        });
      }
      if (record.state !== 'open' || record.pull.draft || !record.pull.mergeable)
        throw githubError(405, 'Pull Request is not mergeable');
      if (typeof input.sha === 'string' && input.sha !== record.pull.headSha)
        throw githubError(409, 'Head branch was modified. Review and try the merge again.');
      const sha = mergePull(gh, repo, record, method, {
        title: typeof input.commit_title === 'string' ? input.commit_title : undefined,
        message: typeof input.commit_message === 'string' ? input.commit_message : undefined,
      });
      res.json({ sha, merged: true, message: 'Pull Request successfully merged' });
    }),
  );

  router.get(
    '/repos/:owner/:repo/pulls/:pull_number/reviews',
    handle(DOCS.reviews, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const record = requirePull(req, repo);
      res.json(paginate(req, res, record.pull.reviews, gh).map((r) => review(gh.view, repo, record, r)));
    }),
  );

  router.get(
    '/repos/:owner/:repo/pulls/:pull_number/commits',
    handle(DOCS.commits, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const record = requirePull(req, repo);
      const commits = record.pull.commitShas.slice(0, 250).map((sha) => repo.commits.get(sha)!);
      res.json(paginate(req, res, commits, gh).map((c) => commitJson(gh.view, repo, c)));
    }),
  );
}
