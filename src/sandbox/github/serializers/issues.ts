import {
  iso,
  issueOf,
  type CommentRecord,
  type IssueEventRecord,
  type IssueRecord,
  type LabelRecord,
  type RepoRecord,
} from '../state.js';
import { nodeId, reactions, repoApi, repoHtml, type View } from './common.js';
import { association, nullableUser, simpleUser } from './users.js';

type Json = Record<string, unknown>;

/** `label`. */
export function label(view: View, repo: RepoRecord, record: LabelRecord): Json {
  return {
    id: record.id,
    node_id: nodeId('Label', record.id),
    url: `${repoApi(view, repo)}/labels/${encodeURIComponent(record.name)}`,
    name: record.name,
    color: record.color,
    default: record.default,
    description: record.description,
  };
}

export function labelsOf(view: View, repo: RepoRecord, names: string[]): Json[] {
  return names.flatMap((name) => {
    const record = repo.labels.find((l) => l.name === name);
    return record ? [label(view, repo, record)] : [];
  });
}

/** `issue` (pull requests appear with a `pull_request` key, as in GitHub's issue lists). */
export function issue(view: View, repo: RepoRecord, record: IssueRecord, options: { single?: boolean } = {}): Json {
  const url = `${repoApi(view, repo)}/issues/${record.number}`;
  const pull = record.pull;
  const html = `${repoHtml(view, repo)}/${pull ? 'pull' : 'issues'}/${record.number}`;
  const assignees = record.assignees.map((login) => simpleUser(view, login));
  const body: Json = {
    url,
    repository_url: repoApi(view, repo),
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: html,
    id: record.id,
    node_id: nodeId('Issue', record.id),
    number: record.number,
    title: record.title,
    user: simpleUser(view, record.user),
    labels: labelsOf(view, repo, record.labels),
    state: record.state,
    locked: record.locked,
    assignee: assignees[0] ?? null,
    assignees,
    milestone: null,
    comments: record.comments.length,
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
    closed_at: record.closedAt === null ? null : iso(record.closedAt),
    author_association: association(view, repo, record.user),
    type: null,
    active_lock_reason: null,
    body: record.body,
    reactions: reactions(`${url}/reactions`),
    timeline_url: `${url}/timeline`,
    performed_via_github_app: null,
    state_reason: record.stateReason,
  };
  if (pull) {
    const pullHtml = `${repoHtml(view, repo)}/pull/${record.number}`;
    body.draft = pull.draft;
    body.pull_request = {
      url: `${repoApi(view, repo)}/pulls/${record.number}`,
      html_url: pullHtml,
      diff_url: `${pullHtml}.diff`,
      patch_url: `${pullHtml}.patch`,
      merged_at: pull.mergedAt === null ? null : iso(pull.mergedAt),
    };
  }
  if (options.single) body.closed_by = record.state === 'closed' ? nullableUser(view, record.closedBy) : null;
  return body;
}

/** `issue-comment`. */
export function comment(view: View, repo: RepoRecord, record: IssueRecord, entry: CommentRecord): Json {
  const url = `${repoApi(view, repo)}/issues/comments/${entry.id}`;
  return {
    url,
    html_url: `${repoHtml(view, repo)}/${record.pull ? 'pull' : 'issues'}/${record.number}#issuecomment-${entry.id}`,
    issue_url: `${repoApi(view, repo)}/issues/${record.number}`,
    id: entry.id,
    node_id: nodeId('IssueComment', entry.id),
    user: simpleUser(view, entry.user),
    created_at: iso(entry.createdAt),
    updated_at: iso(entry.updatedAt),
    author_association: association(view, repo, entry.user),
    body: entry.body,
    reactions: reactions(`${url}/reactions`),
    performed_via_github_app: null,
  };
}

/** `issue-event` (repository issue events list, each with its issue). */
export function issueEvent(view: View, repo: RepoRecord, event: IssueEventRecord): Json {
  const record = issueOf(repo, event.issueNumber);
  const body: Json = {
    id: event.id,
    node_id: nodeId(eventType(event.event), event.id),
    url: `${repoApi(view, repo)}/issues/events/${event.id}`,
    actor: simpleUser(view, event.actor),
    event: event.event,
    commit_id: event.commitId,
    commit_url: event.commitId ? `${repoApi(view, repo)}/commits/${event.commitId}` : null,
    created_at: iso(event.createdAt),
    performed_via_github_app: null,
    issue: record ? issue(view, repo, record) : null,
  };
  if (event.label) body.label = { ...event.label };
  if (event.assignee) {
    body.assignee = simpleUser(view, event.assignee);
    body.assigner = simpleUser(view, event.actor);
  }
  if (event.rename) body.rename = { ...event.rename };
  return body;
}

function eventType(event: string): string {
  return `${event
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}Event`;
}
