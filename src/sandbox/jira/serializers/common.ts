import { atlassianTime } from '../../kit/index.js';
import {
  statusById,
  userById,
  type IssueTypeDef,
  type JiraState,
  type JiraUser,
  type PriorityDef,
  type ProjectRecord,
  type SprintRecord,
  type StatusCategoryKey,
  type StatusDef,
  type VersionRecord,
} from '../state.js';

/** Where serialized `self` links point: the fake's base URL (`http://127.0.0.1:4010/jira`). */
export interface View {
  state: JiraState;
  base: string;
  /** The caller's account id. */
  me: string;
}

export const api3 = (view: View, path: string): string => `${view.base}/rest/api/3${path}`;
export const agileApi = (view: View, path: string): string => `${view.base}/rest/agile/1.0${path}`;
export const time = atlassianTime;
export const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const AVATAR = (id: string) => `https://avatar-management.sandbox.test/default/${id}`;
const avatarUrls = (id: string) => ({
  '48x48': `${AVATAR(id)}/48`,
  '24x24': `${AVATAR(id)}/24`,
  '16x16': `${AVATAR(id)}/16`,
  '32x32': `${AVATAR(id)}/32`,
});

/** A user as issues and searches embed it; Jira shows the email only when the user allows it (here: always). */
export function userJson(view: View, user: JiraUser) {
  return {
    self: api3(view, `/user?accountId=${user.accountId}`),
    accountId: user.accountId,
    accountType: user.accountType,
    emailAddress: user.emailAddress,
    avatarUrls: avatarUrls(user.accountId),
    displayName: user.displayName,
    active: user.active,
    timeZone: user.timeZone,
  };
}

export function userRef(view: View, accountId: string | null) {
  const user = userById(view.state, accountId);
  return user ? userJson(view, user) : null;
}

const CATEGORIES: Record<StatusCategoryKey, { id: number; colorName: string; name: string }> = {
  new: { id: 2, colorName: 'blue-gray', name: 'To Do' },
  indeterminate: { id: 4, colorName: 'yellow', name: 'In Progress' },
  done: { id: 3, colorName: 'green', name: 'Done' },
};

function statusCategoryJson(view: View, key: StatusCategoryKey) {
  const c = CATEGORIES[key];
  return { self: api3(view, `/statuscategory/${c.id}`), id: c.id, key, colorName: c.colorName, name: c.name };
}

export function statusJson(view: View, status: StatusDef) {
  return {
    self: api3(view, `/status/${status.id}`),
    description: '',
    iconUrl: `${view.base}/images/icons/statuses/generic.png`,
    name: status.name,
    untranslatedName: status.name,
    id: status.id,
    statusCategory: statusCategoryJson(view, status.category),
    ...(status.scopeProjectId ? { scope: { type: 'PROJECT', project: { id: status.scopeProjectId } } } : {}),
  };
}

export const statusOf = (view: View, id: string) => statusJson(view, statusById(view.state, id) as StatusDef);

export function issueTypeJson(view: View, type: IssueTypeDef, project?: ProjectRecord) {
  return {
    self: api3(view, `/issuetype/${type.id}`),
    id: type.id,
    description: type.description,
    iconUrl: `${view.base}/images/icons/issuetypes/${type.name.toLowerCase()}.svg`,
    name: type.name,
    subtask: type.subtask,
    avatarId: 10_300 + (Number(type.id) % 100),
    hierarchyLevel: type.hierarchyLevel,
    ...(project?.style === 'next-gen'
      ? { entityId: `${project.id}-${type.id}`, scope: { type: 'PROJECT', project: { id: project.id } } }
      : {}),
  };
}

export function priorityJson(view: View, priority: PriorityDef) {
  return {
    self: api3(view, `/priority/${priority.id}`),
    iconUrl: `${view.base}/images/icons/priorities/${priority.name.toLowerCase()}.svg`,
    name: priority.name,
    id: priority.id,
  };
}

/** The short project form issues embed. */
export function projectRef(view: View, project: ProjectRecord) {
  return {
    self: api3(view, `/project/${project.id}`),
    id: project.id,
    key: project.key,
    name: project.name,
    projectTypeKey: 'software',
    simplified: project.style === 'next-gen',
    avatarUrls: avatarUrls(`project-${project.id}`),
  };
}

/** A project as `project/search` and `project/{key}` answer it; `expand` adds description, lead, issue types. */
export function projectJson(view: View, project: ProjectRecord, expand: ReadonlySet<string>, full = false) {
  const json: Record<string, unknown> = {
    expand: 'description,lead,issueTypes,url,projectKeys,permissions,insight',
    ...projectRef(view, project),
    style: project.style,
    isPrivate: false,
    properties: {},
  };
  if (full || expand.has('description')) json.description = project.description;
  if (full || expand.has('lead')) json.lead = userRef(view, project.leadAccountId);
  if (full || expand.has('issuetypes'))
    json.issueTypes = project.issueTypeIds.map((id) =>
      issueTypeJson(view, view.state.issueTypes.find((t) => t.id === id) as IssueTypeDef, project),
    );
  if (full) {
    json.components = [];
    json.versions = view.state.versions.filter((v) => v.projectId === project.id).map((v) => versionJson(view, v));
    json.assigneeType = 'UNASSIGNED';
    json.roles = {};
  }
  return json;
}

export function versionJson(view: View, version: VersionRecord) {
  return {
    self: api3(view, `/version/${version.id}`),
    id: version.id,
    description: version.description,
    name: version.name,
    archived: version.archived,
    released: version.released,
    ...(version.startDate ? { startDate: version.startDate } : {}),
    ...(version.releaseDate ? { releaseDate: version.releaseDate } : {}),
    overdue: !version.released && version.releaseDate !== null && Date.parse(version.releaseDate) < view.state.now,
    ...(version.releaseDate ? { userReleaseDate: version.releaseDate } : {}),
    projectId: Number(version.projectId),
  };
}

export function sprintJson(view: View, sprint: SprintRecord) {
  return {
    id: sprint.id,
    self: agileApi(view, `/sprint/${sprint.id}`),
    state: sprint.state,
    name: sprint.name,
    ...(sprint.startDate !== null ? { startDate: new Date(sprint.startDate).toISOString() } : {}),
    ...(sprint.endDate !== null ? { endDate: new Date(sprint.endDate).toISOString() } : {}),
    ...(sprint.completeDate !== null ? { completeDate: new Date(sprint.completeDate).toISOString() } : {}),
    ...(sprint.startDate !== null ? { createdDate: new Date(sprint.startDate - 86_400_000).toISOString() } : {}),
    originBoardId: sprint.boardId,
    goal: sprint.goal,
  };
}
