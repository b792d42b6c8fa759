import { validationFailed, type GithubRequest } from './context.js';
import {
  branchOf,
  nextId,
  userOf,
  type IssueEventRecord,
  type IssueRecord,
  type IssueStateReason,
  type RepoRecord,
} from '../state.js';

const STATE_REASONS: IssueStateReason[] = ['completed', 'not_planned', 'reopened', 'duplicate'];

/** Label names from `["a", "b"]` or `[{ name: "a" }]`. */
export function labelNames(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    if (typeof item === 'string' && item.trim()) return [item.trim()];
    if (item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string')
      return [(item as { name: string }).name];
    return [];
  });
}

/** The repository's names for the labels, creating the missing ones as GitHub does for writers. */
export function ensureLabels(gh: GithubRequest, repo: RepoRecord, names: string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    let record = repo.labels.find((l) => l.name.toLowerCase() === name.toLowerCase());
    if (!record) {
      record = { id: nextId(gh.state), name, color: 'ededed', description: null, default: false };
      repo.labels.push(record);
    }
    if (!out.includes(record.name)) out.push(record.name);
  }
  return out;
}

/** Assignees must be people who can be assigned in the repository (422 otherwise). */
export function validAssignees(gh: GithubRequest, repo: RepoRecord, logins: string[]): string[] {
  const out: string[] = [];
  for (const login of logins) {
    const user = userOf(gh.state, login);
    const assignable = user && repo.collaborators.some((c) => c.login === user.login);
    if (!assignable) throw validationFailed({ resource: 'Issue', field: 'assignees', code: 'invalid', value: login });
    if (!out.includes(user.login)) out.push(user.login);
  }
  return out;
}

export function recordEvent(
  gh: GithubRequest,
  repo: RepoRecord,
  issue: IssueRecord,
  event: IssueEventRecord['event'],
  extra: { label?: string; assignee?: string; commitId?: string; rename?: { from: string; to: string } } = {},
): void {
  const record: IssueEventRecord = {
    id: nextId(gh.state),
    issueNumber: issue.number,
    actor: gh.state.viewer,
    event,
    createdAt: gh.now(),
    commitId: extra.commitId ?? null,
  };
  if (extra.label)
    record.label = { name: extra.label, color: repo.labels.find((l) => l.name === extra.label)?.color ?? 'ededed' };
  if (extra.assignee) record.assignee = extra.assignee;
  if (extra.rename) record.rename = extra.rename;
  repo.events.push(record);
}

/** PATCH /issues/{n}: title, body, state with state_reason, labels and assignees, with GitHub's validation. */
export function applyIssueUpdate(
  gh: GithubRequest,
  repo: RepoRecord,
  issue: IssueRecord,
  input: Record<string, unknown>,
): void {
  const state = input.state;
  if (state !== undefined && state !== 'open' && state !== 'closed') {
    throw validationFailed({
      resource: 'Issue',
      field: 'state',
      code: 'invalid',
      value: typeof state === 'string' ? state : null,
    });
  }
  const reason = input.state_reason;
  if (reason !== undefined && reason !== null && !STATE_REASONS.includes(reason as IssueStateReason)) {
    throw validationFailed({
      resource: 'Issue',
      field: 'state_reason',
      code: 'invalid',
      value: typeof reason === 'string' ? reason : null,
    });
  }
  if (input.title !== undefined && (typeof input.title !== 'string' || !input.title.trim())) {
    throw validationFailed({ resource: 'Issue', field: 'title', code: 'missing_field' });
  }
  const requestedAssignees = Array.isArray(input.assignees)
    ? input.assignees.map(String)
    : typeof input.assignee === 'string'
      ? [input.assignee]
      : input.assignee === null
        ? []
        : undefined;
  const assignees = requestedAssignees ? validAssignees(gh, repo, requestedAssignees) : undefined;
  if (state === 'open' && issue.state === 'closed' && issue.pull) {
    if (issue.pull.merged)
      throw validationFailed({
        resource: 'PullRequest',
        field: 'state',
        code: 'custom',
        message: 'state cannot be changed. The pull request has already been merged.',
      });
    if (!branchOf(repo, issue.pull.headRef))
      throw validationFailed({
        resource: 'PullRequest',
        field: 'state',
        code: 'custom',
        message: 'state cannot be changed. The head branch has been deleted.',
      });
  }
  const now = gh.now();
  if (typeof input.title === 'string' && input.title !== issue.title) {
    recordEvent(gh, repo, issue, 'renamed', { rename: { from: issue.title, to: input.title } });
    issue.title = input.title;
  }
  if (input.body !== undefined) issue.body = typeof input.body === 'string' ? input.body : null;
  if (state === 'closed' && issue.state === 'open') {
    issue.state = 'closed';
    issue.closedAt = now;
    issue.closedBy = gh.state.viewer;
    issue.stateReason = (reason as IssueStateReason | null | undefined) ?? 'completed';
    recordEvent(gh, repo, issue, 'closed');
  } else if (state === 'open' && issue.state === 'closed') {
    issue.state = 'open';
    issue.closedAt = null;
    issue.closedBy = null;
    issue.stateReason = 'reopened';
    recordEvent(gh, repo, issue, 'reopened');
  } else if (reason !== undefined && issue.state === 'closed') {
    issue.stateReason = (reason as IssueStateReason | null) ?? 'completed';
  }
  if (input.labels !== undefined) {
    const next = ensureLabels(gh, repo, labelNames(input.labels));
    for (const name of issue.labels.filter((l) => !next.includes(l)))
      recordEvent(gh, repo, issue, 'unlabeled', { label: name });
    for (const name of next.filter((l) => !issue.labels.includes(l)))
      recordEvent(gh, repo, issue, 'labeled', { label: name });
    issue.labels = next;
  }
  if (assignees) {
    for (const login of issue.assignees.filter((a) => !assignees.includes(a)))
      recordEvent(gh, repo, issue, 'unassigned', { assignee: login });
    for (const login of assignees.filter((a) => !issue.assignees.includes(a)))
      recordEvent(gh, repo, issue, 'assigned', { assignee: login });
    issue.assignees = assignees;
  }
  issue.updatedAt = now;
}
