/**
 * Jira's JSON as this catalog reads it (only the fields used, all optional: Jira omits what a screen
 * hides) and the mappers to the result shapes of schemas.ts. Rich text (ADF) becomes Markdown here.
 */
import { adfToMarkdown } from './adf/index.js';
import type { Comment, Project, Status, Ticket, TicketDetail, Transition, User, UserRef } from './schemas.js';

export interface JiraUserLike {
  accountId?: string;
  displayName?: string;
  emailAddress?: string | null;
  active?: boolean;
  accountType?: string;
  avatarUrls?: Record<string, string>;
}

export interface JiraStatusLike {
  id?: string;
  name?: string;
  description?: string | null;
  statusCategory?: { key?: string; name?: string };
}

export interface JiraProjectLike {
  id?: string;
  key?: string;
  name?: string;
  description?: string | null;
  lead?: JiraUserLike | null;
  projectTypeKey?: string;
  style?: string;
  simplified?: boolean;
  self?: string;
  issueTypes?: Array<{ id?: string; name?: string; subtask?: boolean }>;
  components?: Array<{ id?: string; name?: string }>;
}

interface JiraIssueFields {
  summary?: string;
  description?: unknown;
  status?: JiraStatusLike;
  priority?: { id?: string; name?: string } | null;
  issuetype?: { id?: string; name?: string; subtask?: boolean };
  assignee?: JiraUserLike | null;
  reporter?: JiraUserLike | null;
  labels?: string[];
  created?: string;
  updated?: string;
  resolutiondate?: string | null;
  project?: { id?: string; key?: string; name?: string };
  parent?: { key?: string; fields?: { summary?: string } };
  components?: Array<{ id?: string; name?: string }>;
  subtasks?: Array<{ key?: string; fields?: { summary?: string; status?: JiraStatusLike } }>;
  [field: string]: unknown;
}

interface JiraChangelogItem {
  field?: string;
  fieldId?: string;
  from?: string | null;
  fromString?: string | null;
  to?: string | null;
  toString?: string | null;
}

export interface JiraChangelogEntry {
  id?: string;
  created?: string;
  author?: JiraUserLike;
  items?: JiraChangelogItem[];
}

export interface JiraIssueLike {
  id?: string;
  key?: string;
  self?: string;
  fields?: JiraIssueFields;
  changelog?: { histories?: JiraChangelogEntry[]; total?: number };
}

export interface JiraCommentLike {
  id?: string;
  body?: unknown;
  author?: JiraUserLike;
  created?: string;
  updated?: string;
}

export interface JiraTransitionLike {
  id?: string;
  name?: string;
  to?: JiraStatusLike;
}

/** The site's web address (`https://acme.atlassian.net`) from any REST `self` link. */
function siteOf(self: string | undefined): string | undefined {
  if (!self) return undefined;
  try {
    const url = new URL(self);
    const rest = url.pathname.indexOf('/rest/');
    return url.origin + (rest > 0 ? url.pathname.slice(0, rest) : '');
  } catch {
    return undefined;
  }
}

/** The web page of a ticket or project key. */
export const browseUrl = (self: string | undefined, key: string | undefined): string | null => {
  const site = siteOf(self);
  return site && key ? `${site}/browse/${key}` : null;
};

export function userRef(user: JiraUserLike | null | undefined): UserRef | null {
  if (!user?.accountId) return null;
  return {
    accountId: user.accountId,
    displayName: user.displayName ?? user.accountId,
    emailAddress: user.emailAddress || null,
  };
}

export function userShape(user: JiraUserLike): User {
  return {
    accountId: user.accountId ?? '',
    displayName: user.displayName ?? user.accountId ?? '',
    emailAddress: user.emailAddress || null,
    active: user.active ?? true,
    accountType: user.accountType ?? 'atlassian',
    avatarUrls: user.avatarUrls ?? {},
  };
}

export function projectShape(project: JiraProjectLike): Project {
  return {
    id: project.id ?? '',
    key: project.key ?? '',
    name: project.name ?? project.key ?? '',
    description: project.description || null,
    lead: userRef(project.lead),
    projectTypeKey: project.projectTypeKey ?? 'software',
    style: project.style ?? (project.simplified ? 'next-gen' : 'classic'),
    url: browseUrl(project.self, project.key),
  };
}

/** Jira's category keys are new, indeterminate and done (`undefined` reads as new). */
const categoryOf = (status: JiraStatusLike | undefined): string => status?.statusCategory?.key ?? 'new';

export function statusShape(status: JiraStatusLike): Status {
  return {
    id: status.id ?? '',
    name: status.name ?? '',
    category: categoryOf(status),
    description: status.description || null,
  };
}

export function transitionShape(transition: JiraTransitionLike): Transition {
  const to = transition.to ?? {};
  return {
    id: transition.id ?? '',
    name: transition.name ?? '',
    to: { id: to.id ?? '', name: to.name ?? '', category: categoryOf(to) },
  };
}

/** Story points as a number: Jira stores them as a float field (null or absent when unestimated). */
function pointsOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/**
 * A ticket as list tools return it. `storyPointsField` is the field the ticket's project keeps
 * story points in (story-points.ts discovers it), or undefined when it has none.
 */
export function ticketShape(issue: JiraIssueLike, storyPointsField?: string): Ticket {
  const f = issue.fields ?? {};
  const key = issue.key ?? '';
  return {
    id: issue.id ?? '',
    key,
    url: browseUrl(issue.self, key),
    project: f.project?.key ?? key.replace(/-\d+$/, ''),
    summary: f.summary ?? '',
    description: adfToMarkdown(f.description),
    status: {
      name: f.status?.name ?? '',
      id: f.status?.id ?? '',
      category: { key: categoryOf(f.status), name: f.status?.statusCategory?.name ?? '' },
    },
    priority: f.priority?.name ? { name: f.priority.name, id: f.priority.id ?? '' } : null,
    issuetype: { name: f.issuetype?.name ?? '', id: f.issuetype?.id ?? '', subtask: f.issuetype?.subtask ?? false },
    assignee: userRef(f.assignee),
    reporter: userRef(f.reporter),
    labels: f.labels ?? [],
    created: f.created ?? '',
    updated: f.updated ?? f.created ?? '',
    resolved: f.resolutiondate ?? null,
    storyPoints: storyPointsField ? pointsOf(f[storyPointsField]) : null,
    parent: f.parent?.key ? { key: f.parent.key, summary: f.parent.fields?.summary ?? null } : null,
  };
}

interface SprintLike {
  id?: number;
  name?: string;
  state?: string;
  startDate?: string;
  endDate?: string;
  completeDate?: string;
}

/** The sprint a ticket is in: the active one, else the future one, else the latest closed one. */
export function currentSprint(value: unknown): TicketDetail['sprint'] {
  const sprints = (Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : []) as SprintLike[];
  const valid = sprints.filter((s) => typeof s.id === 'number' && typeof s.name === 'string');
  const rank = (s: SprintLike) => (s.state === 'active' ? 0 : s.state === 'future' ? 1 : 2);
  const chosen = [...valid].sort((a, b) => rank(a) - rank(b) || (b.id as number) - (a.id as number))[0];
  return chosen ? { id: chosen.id as number, name: chosen.name as string, state: chosen.state ?? 'closed' } : null;
}

export function ticketDetailShape(
  issue: JiraIssueLike,
  storyPointsField: string | undefined,
  sprintField: string | undefined,
): TicketDetail {
  const f = issue.fields ?? {};
  return {
    ...ticketShape(issue, storyPointsField),
    components: (f.components ?? []).map((c) => ({ id: c.id ?? '', name: c.name ?? '' })),
    sprint: sprintField ? currentSprint(f[sprintField]) : null,
    subtasks: (f.subtasks ?? []).map((s) => ({
      key: s.key ?? '',
      summary: s.fields?.summary ?? '',
      status: s.fields?.status?.name ?? '',
    })),
  };
}

export function commentShape(comment: JiraCommentLike): Comment {
  return {
    id: comment.id ?? '',
    body: adfToMarkdown(comment.body) ?? '',
    author: userRef(comment.author),
    created: comment.created ?? '',
    updated: comment.updated ?? comment.created ?? '',
  };
}
