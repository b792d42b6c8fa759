import type { WorkspaceIdentity } from '../seed/people.js';

/**
 * In-memory model of one workspace's Jira Cloud site (REST v3 and Jira Software). Times are epoch
 * milliseconds; the serializers turn records into Jira's JSON shapes.
 */
export type Millis = number;

export type StatusCategoryKey = 'new' | 'indeterminate' | 'done';

/** An Atlassian document (ADF): `{type: 'doc', version: 1, content}`. */
export interface AdfNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  content?: AdfNode[];
  version?: number;
}

export interface JiraUser {
  accountId: string;
  displayName: string;
  emailAddress: string;
  active: boolean;
  timeZone: string;
  accountType: 'atlassian' | 'app';
  /** Index in `WorkspaceSeed.people` when the account is a person of the workspace. */
  personIndex?: number;
}

export interface StatusDef {
  id: string;
  name: string;
  category: StatusCategoryKey;
  /** Set for team-managed projects, whose statuses are their own. */
  scopeProjectId?: string;
}

interface TransitionDef {
  id: string;
  name: string;
  /** Status ids the transition is offered from. */
  from: string[];
  to: string;
}

export interface WorkflowDef {
  name: string;
  /** Status ids in board order. */
  statusIds: string[];
  transitions: TransitionDef[];
}

export interface IssueTypeDef {
  id: string;
  name: string;
  description: string;
  subtask: boolean;
  hierarchyLevel: number;
}

export interface FieldDef {
  id: string;
  key: string;
  name: string;
  custom: boolean;
  schema?: { type: string; items?: string; system?: string; custom?: string; customId?: number };
  clauseNames: string[];
}

export interface PriorityDef {
  id: string;
  name: string;
}

export interface ResolutionDef {
  id: string;
  name: string;
  description: string;
}

export interface ProjectRecord {
  id: string;
  key: string;
  name: string;
  description: string;
  leadAccountId: string;
  /** `classic` = company-managed, `next-gen` = team-managed. */
  style: 'classic' | 'next-gen';
  workflow: WorkflowDef;
  issueTypeIds: string[];
  /** The custom field the project estimates with (its board's estimation field). */
  storyPointsFieldId: string;
  boardType: 'scrum' | 'kanban';
}

export interface VersionRecord {
  id: string;
  projectId: string;
  name: string;
  description: string;
  released: boolean;
  archived: boolean;
  /** `YYYY-MM-DD` */
  startDate: string | null;
  releaseDate: string | null;
}

export interface BoardRecord {
  id: number;
  name: string;
  type: 'scrum' | 'kanban';
  projectKey: string;
  /** Estimation field id (board configuration). */
  estimationFieldId: string;
}

type SprintState = 'closed' | 'active' | 'future';

export interface SprintRecord {
  id: number;
  boardId: number;
  name: string;
  state: SprintState;
  goal: string;
  startDate: Millis | null;
  endDate: Millis | null;
  completeDate: Millis | null;
}

export interface ChangeItem {
  field: string;
  fieldtype: 'jira' | 'custom';
  fieldId: string;
  from: string | null;
  fromString: string | null;
  to: string | null;
  toString: string | null;
}

export interface HistoryRecord {
  id: string;
  authorId: string;
  created: Millis;
  items: ChangeItem[];
}

export interface CommentRecord {
  id: string;
  authorId: string;
  body: AdfNode;
  created: Millis;
  updated: Millis;
}

export interface WorklogRecord {
  id: string;
  authorId: string;
  started: Millis;
  timeSpentSeconds: number;
}

export interface IssueRecord {
  id: string;
  key: string;
  projectKey: string;
  issueTypeId: string;
  summary: string;
  description: AdfNode | null;
  statusId: string;
  priorityId: string;
  assigneeId: string | null;
  reporterId: string;
  creatorId: string;
  labels: string[];
  created: Millis;
  updated: Millis;
  resolutionId: string | null;
  resolutionDate: Millis | null;
  storyPoints: number | null;
  /** Every sprint the issue has been in, oldest first (carried-over issues list several). */
  sprintIds: number[];
  fixVersionIds: string[];
  affectsVersionIds: string[];
  parentKey: string | null;
  flagged: boolean;
  /** Oldest first. */
  histories: HistoryRecord[];
  /** Oldest first. */
  comments: CommentRecord[];
  worklogs: WorklogRecord[];
}

export interface JiraState {
  workspace: WorkspaceIdentity;
  /** The site's display name (`acme.atlassian.net`). */
  siteName: string;
  users: JiraUser[];
  /** The account the workspace's API token belongs to. */
  myselfId: string;
  fields: FieldDef[];
  priorities: PriorityDef[];
  resolutions: ResolutionDef[];
  issueTypes: IssueTypeDef[];
  statuses: StatusDef[];
  projects: ProjectRecord[];
  versions: VersionRecord[];
  boards: BoardRecord[];
  sprints: SprintRecord[];
  /** In creation order. */
  issues: IssueRecord[];
  byKey: Map<string, IssueRecord>;
  /** Next number per project key. */
  nextNumber: Record<string, number>;
  /** Counters of new ids. */
  nextId: { issue: number; comment: number; history: number; worklog: number };
  now: Millis;
}

/** Field ids of the site, fixed (Jira Cloud gives each site its own numbering; these are typical). */
export const FIELD_IDS = {
  storyPoints: 'customfield_10016',
  storyPointEstimate: 'customfield_10034',
  sprint: 'customfield_10020',
  flagged: 'customfield_10021',
  rank: 'customfield_10019',
} as const;

export const statusById = (state: JiraState, id: string): StatusDef | undefined =>
  state.statuses.find((s) => s.id === id);
export const projectByKey = (state: JiraState, key: string): ProjectRecord | undefined =>
  state.projects.find((p) => p.key === key.toUpperCase() || p.id === key);
export const userById = (state: JiraState, accountId: string | null): JiraUser | undefined =>
  accountId === null ? undefined : state.users.find((u) => u.accountId === accountId);
export const issueTypeById = (state: JiraState, id: string): IssueTypeDef | undefined =>
  state.issueTypes.find((t) => t.id === id);
