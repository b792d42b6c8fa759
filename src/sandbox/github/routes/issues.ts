import { sendCreated } from '../../kit/index.js';
import type { Request, Router } from 'express';
import {
  body,
  dateQuery,
  direction,
  githubError,
  handle,
  paginate,
  query,
  requireIssue,
  requireRepo,
  sortBy,
  validationFailed,
} from './context.js';
import { comment, issue as issueJson, issueEvent, label as labelJson, labelsOf } from '../serializers/issues.js';
import { nextId, openIssue, type IssueRecord } from '../state.js';
import { applyIssueUpdate, ensureLabels, labelNames, recordEvent, validAssignees } from './issue-updates.js';

const DOCS = {
  list: 'https://docs.github.com/rest/issues/issues#list-repository-issues',
  get: 'https://docs.github.com/rest/issues/issues#get-an-issue',
  create: 'https://docs.github.com/rest/issues/issues#create-an-issue',
  update: 'https://docs.github.com/rest/issues/issues#update-an-issue',
  comments: 'https://docs.github.com/rest/issues/comments#list-issue-comments',
  createComment: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
  addLabels: 'https://docs.github.com/rest/issues/labels#add-labels-to-an-issue',
  removeLabel: 'https://docs.github.com/rest/issues/labels#remove-a-label-from-an-issue',
  repoLabels: 'https://docs.github.com/rest/issues/labels#list-labels-for-a-repository',
  events: 'https://docs.github.com/rest/issues/events#list-issue-events-for-a-repository',
};

function filterIssues(req: Request, issues: IssueRecord[]): IssueRecord[] {
  const state = query(req, 'state') ?? 'open';
  const labels =
    query(req, 'labels')
      ?.split(',')
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean) ?? [];
  const assignee = query(req, 'assignee');
  const creator = query(req, 'creator')?.toLowerCase();
  const mentioned = query(req, 'mentioned');
  const milestone = query(req, 'milestone');
  const since = dateQuery(req, 'since');
  return issues.filter((issue) => {
    if (state !== 'all' && issue.state !== state) return false;
    if (labels.length && !labels.every((l) => issue.labels.some((name) => name.toLowerCase() === l))) return false;
    if (assignee === 'none' && issue.assignees.length) return false;
    if (assignee === '*' && !issue.assignees.length) return false;
    if (
      assignee &&
      assignee !== 'none' &&
      assignee !== '*' &&
      !issue.assignees.some((a) => a.toLowerCase() === assignee.toLowerCase())
    )
      return false;
    if (creator && issue.user.toLowerCase() !== creator) return false;
    if (mentioned && !(issue.body ?? '').includes(`@${mentioned}`)) return false;
    if (milestone && milestone !== 'none') return false;
    if (since !== undefined && issue.updatedAt < since) return false;
    return true;
  });
}

/** Issues: list, get, create, update, comments, labels and the repository's issue events. */
export function issueRoutes(router: Router): void {
  router.get(
    '/repos/:owner/:repo/issues',
    handle(DOCS.list, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const sort = query(req, 'sort') ?? 'created';
      const key = (i: IssueRecord): number =>
        sort === 'updated' ? i.updatedAt : sort === 'comments' ? i.comments.length : i.createdAt;
      const list = sortBy(filterIssues(req, repo.issues), key, direction(req, 'desc'));
      res.json(paginate(req, res, list, gh).map((issue) => issueJson(gh.view, repo, issue)));
    }),
  );

  router.post(
    '/repos/:owner/:repo/issues',
    handle(DOCS.create, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const input = body(req);
      const title = typeof input.title === 'number' ? String(input.title) : input.title;
      if (typeof title !== 'string' || !title.trim())
        throw validationFailed({ resource: 'Issue', field: 'title', code: 'missing_field' });
      const requested = [
        ...(Array.isArray(input.assignees) ? input.assignees.map(String) : []),
        ...(typeof input.assignee === 'string' ? [input.assignee] : []),
      ];
      const assignees = validAssignees(gh, repo, requested);
      const labels = ensureLabels(gh, repo, labelNames(input.labels));
      const now = gh.now();
      const issue = openIssue({
        id: nextId(gh.state),
        number: repo.issues.length ? Math.max(...repo.issues.map((i) => i.number)) + 1 : 1,
        title,
        body: typeof input.body === 'string' ? input.body : null,
        user: gh.state.viewer,
        labels,
        assignees,
        createdAt: now,
      });
      repo.issues.push(issue);
      for (const name of labels) recordEvent(gh, repo, issue, 'labeled', { label: name });
      for (const login of assignees) recordEvent(gh, repo, issue, 'assigned', { assignee: login });
      const json = issueJson(gh.view, repo, issue, { single: true });
      sendCreated(res, json);
    }),
  );

  router.get(
    '/repos/:owner/:repo/issues/events',
    handle(DOCS.events, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const events = [...repo.events].reverse();
      res.json(paginate(req, res, events, gh).map((event) => issueEvent(gh.view, repo, event)));
    }),
  );

  router.get(
    '/repos/:owner/:repo/issues/:issue_number',
    handle(DOCS.get, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      res.json(issueJson(gh.view, repo, requireIssue(req, repo), { single: true }));
    }),
  );

  router.patch(
    '/repos/:owner/:repo/issues/:issue_number',
    handle(DOCS.update, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const issue = requireIssue(req, repo);
      applyIssueUpdate(gh, repo, issue, body(req));
      res.json(issueJson(gh.view, repo, issue, { single: true }));
    }),
  );

  router.get(
    '/repos/:owner/:repo/issues/:issue_number/comments',
    handle(DOCS.comments, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const issue = requireIssue(req, repo);
      const since = dateQuery(req, 'since');
      const list = issue.comments.filter((c) => since === undefined || c.updatedAt >= since);
      res.json(paginate(req, res, list, gh).map((c) => comment(gh.view, repo, issue, c)));
    }),
  );

  router.post(
    '/repos/:owner/:repo/issues/:issue_number/comments',
    handle(DOCS.createComment, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const issue = requireIssue(req, repo);
      const text = body(req).body;
      if (typeof text !== 'string' || !text)
        throw validationFailed({ resource: 'IssueComment', field: 'body', code: 'missing_field' });
      if (issue.locked) throw githubError(403, 'Unable to create comment because issue is locked.');
      const now = gh.now();
      const entry = { id: nextId(gh.state), user: gh.state.viewer, body: text, createdAt: now, updatedAt: now };
      issue.comments.push(entry);
      issue.updatedAt = now;
      const json = comment(gh.view, repo, issue, entry);
      sendCreated(res, json);
    }),
  );

  router.get(
    '/repos/:owner/:repo/labels',
    handle(DOCS.repoLabels, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      res.json(paginate(req, res, repo.labels, gh).map((l) => labelJson(gh.view, repo, l)));
    }),
  );

  router.post(
    '/repos/:owner/:repo/issues/:issue_number/labels',
    handle(DOCS.addLabels, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const issue = requireIssue(req, repo);
      const raw: unknown = Array.isArray(req.body) ? req.body : body(req).labels;
      const names = labelNames(raw);
      if (!Array.isArray(raw) || names.length === 0)
        throw validationFailed({ resource: 'Label', field: 'labels', code: 'invalid' });
      for (const name of ensureLabels(gh, repo, names)) {
        if (issue.labels.includes(name)) continue;
        issue.labels.push(name);
        recordEvent(gh, repo, issue, 'labeled', { label: name });
      }
      issue.updatedAt = gh.now();
      res.json(labelsOf(gh.view, repo, issue.labels));
    }),
  );

  router.delete(
    '/repos/:owner/:repo/issues/:issue_number/labels/:name',
    handle(DOCS.removeLabel, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const issue = requireIssue(req, repo);
      const wanted = String(req.params.name).toLowerCase();
      const name = issue.labels.find((l) => l.toLowerCase() === wanted);
      if (!name) throw githubError(404, 'Label does not exist');
      issue.labels = issue.labels.filter((l) => l !== name);
      issue.updatedAt = gh.now();
      recordEvent(gh, repo, issue, 'unlabeled', { label: name });
      res.json(labelsOf(gh.view, repo, issue.labels));
    }),
  );
}
