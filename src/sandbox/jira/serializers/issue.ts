import {
  FIELD_IDS,
  issueTypeById,
  projectByKey,
  type CommentRecord,
  type HistoryRecord,
  type IssueRecord,
  type IssueTypeDef,
  type ProjectRecord,
  type WorklogRecord,
} from '../state.js';
import {
  api3,
  issueTypeJson,
  priorityJson,
  projectRef,
  sprintJson,
  statusOf,
  time,
  userRef,
  versionJson,
  type View,
} from './common.js';

/** Which fields an issue answer carries: `*all`, `*navigable`, names, and `-name` exclusions. */
interface FieldSelection {
  all: boolean;
  include: Set<string>;
  exclude: Set<string>;
}

/** Reads `fields` (comma separated or repeated); `fallback` applies when none is given. */
export function fieldSelection(raw: unknown, fallback: '*all' | 'id'): FieldSelection {
  const list = (Array.isArray(raw) ? raw : raw === undefined || raw === '' ? [fallback] : [raw])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  const selection: FieldSelection = { all: false, include: new Set(), exclude: new Set() };
  for (const item of list) {
    if (item === '*all' || item === '*navigable') selection.all = true;
    else if (item.startsWith('-')) selection.exclude.add(item.slice(1));
    else selection.include.add(item);
  }
  return selection;
}

const wants = (selection: FieldSelection, field: string): boolean =>
  !selection.exclude.has(field) && (selection.all || selection.include.has(field));

export function commentJson(view: View, issue: IssueRecord, comment: CommentRecord) {
  return {
    self: api3(view, `/issue/${issue.id}/comment/${comment.id}`),
    id: comment.id,
    author: userRef(view, comment.authorId),
    body: comment.body,
    updateAuthor: userRef(view, comment.authorId),
    created: time(comment.created),
    updated: time(comment.updated),
    jsdPublic: true,
  };
}

function worklogJson(view: View, issue: IssueRecord, worklog: WorklogRecord) {
  const hours = worklog.timeSpentSeconds / 3600;
  return {
    self: api3(view, `/issue/${issue.id}/worklog/${worklog.id}`),
    author: userRef(view, worklog.authorId),
    updateAuthor: userRef(view, worklog.authorId),
    created: time(worklog.started),
    updated: time(worklog.started),
    started: time(worklog.started),
    timeSpent: Number.isInteger(hours) ? `${hours}h` : `${Math.floor(hours)}h ${Math.round((hours % 1) * 60)}m`,
    timeSpentSeconds: worklog.timeSpentSeconds,
    id: worklog.id,
    issueId: issue.id,
  };
}

export function historyJson(view: View, history: HistoryRecord) {
  // Jira sends `null` for an empty side of a change; its description types them as strings, so they are left out.
  const items = history.items.map((item) => Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null)));
  return { id: history.id, author: userRef(view, history.authorId), created: time(history.created), items };
}

/** The short form of a linked issue (parent, subtasks). */
function issueLink(view: View, issue: IssueRecord) {
  const type = issueTypeById(view.state, issue.issueTypeId) as IssueTypeDef;
  return {
    id: issue.id,
    key: issue.key,
    self: api3(view, `/issue/${issue.id}`),
    fields: {
      summary: issue.summary,
      status: statusOf(view, issue.statusId),
      priority: priorityJson(
        view,
        view.state.priorities.find((p) => p.id === issue.priorityId) ?? view.state.priorities[2],
      ),
      issuetype: issueTypeJson(view, type),
    },
  };
}

/** Every field value of an issue by field id, computed only when selected. */
function fieldValues(view: View, issue: IssueRecord, project: ProjectRecord): Record<string, () => unknown> {
  const { state } = view;
  const type = issueTypeById(state, issue.issueTypeId) as IssueTypeDef;
  const parent = issue.parentKey ? state.byKey.get(issue.parentKey) : undefined;
  const timespent = issue.worklogs.reduce((n, w) => n + w.timeSpentSeconds, 0);
  const resolution = state.resolutions.find((r) => r.id === issue.resolutionId);
  return {
    summary: () => issue.summary,
    description: () => issue.description,
    status: () => statusOf(view, issue.statusId),
    priority: () => priorityJson(view, state.priorities.find((p) => p.id === issue.priorityId) ?? state.priorities[2]),
    issuetype: () => issueTypeJson(view, type, project),
    assignee: () => userRef(view, issue.assigneeId),
    reporter: () => userRef(view, issue.reporterId),
    creator: () => userRef(view, issue.creatorId),
    labels: () => issue.labels,
    created: () => time(issue.created),
    updated: () => time(issue.updated),
    resolution: () =>
      resolution
        ? {
            self: api3(view, `/resolution/${resolution.id}`),
            id: resolution.id,
            description: resolution.description,
            name: resolution.name,
          }
        : null,
    resolutiondate: () => (issue.resolutionDate === null ? null : time(issue.resolutionDate)),
    statuscategorychangedate: () =>
      time(issue.histories.filter((h) => h.items.some((i) => i.field === 'status')).at(-1)?.created ?? issue.created),
    project: () => projectRef(view, project),
    parent: () => (parent ? issueLink(view, parent) : undefined),
    subtasks: () =>
      state.issues
        .filter((i) => i.parentKey === issue.key && issueTypeById(state, i.issueTypeId)?.subtask)
        .map((i) => issueLink(view, i)),
    fixVersions: () =>
      issue.fixVersionIds.map((id) => versionJson(view, state.versions.find((v) => v.id === id) as never)),
    versions: () =>
      issue.affectsVersionIds.map((id) => versionJson(view, state.versions.find((v) => v.id === id) as never)),
    components: () => [],
    duedate: () => null,
    comment: () => ({
      comments: issue.comments.map((c) => commentJson(view, issue, c)),
      self: api3(view, `/issue/${issue.id}/comment`),
      maxResults: issue.comments.length,
      total: issue.comments.length,
      startAt: 0,
    }),
    worklog: () => ({
      startAt: 0,
      maxResults: 20,
      total: issue.worklogs.length,
      worklogs: issue.worklogs.slice(0, 20).map((w) => worklogJson(view, issue, w)),
    }),
    timespent: () => (timespent ? timespent : null),
    aggregatetimespent: () => (timespent ? timespent : null),
    [project.storyPointsFieldId]: () => (type.subtask || type.hierarchyLevel > 0 ? null : issue.storyPoints),
    [FIELD_IDS.sprint]: () => {
      const sprints = issue.sprintIds
        .map((id) => state.sprints.find((s) => s.id === id))
        .filter((s) => s !== undefined);
      return sprints.length ? sprints.map((s) => ({ ...sprintJson(view, s), boardId: s.boardId })) : null;
    },
    [FIELD_IDS.flagged]: () =>
      issue.flagged ? [{ self: api3(view, '/customFieldOption/10019'), value: 'Impediment', id: '10019' }] : null,
    [FIELD_IDS.rank]: () => `0|i${issue.id.padStart(6, '0')}:`,
  };
}

interface IssueOptions {
  fields: FieldSelection;
  expand: ReadonlySet<string>;
}

/** An issue as `GET issue/{key}` and the searches answer it. */
export function issueJson(view: View, issue: IssueRecord, options: IssueOptions) {
  const project = projectByKey(view.state, issue.projectKey) as ProjectRecord;
  const values = fieldValues(view, issue, project);
  const fields: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(values)) {
    if (!wants(options.fields, id)) continue;
    const v = value();
    if (v !== undefined) fields[id] = v;
  }
  // A named field the issue's project does not have (another project's story points) is null, as Jira answers.
  for (const id of options.fields.include) if (!(id in fields) && id.startsWith('customfield_')) fields[id] = null;
  const json: Record<string, unknown> = {
    expand: 'renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations',
    id: issue.id,
    self: api3(view, `/issue/${issue.id}`),
    key: issue.key,
  };
  const onlyId = !options.fields.all && [...options.fields.include].every((f) => f === 'id' || f === 'key');
  if (!onlyId) json.fields = fields;
  if (options.expand.has('changelog')) {
    const histories = issue.histories.slice(-100).reverse();
    json.changelog = {
      startAt: 0,
      maxResults: histories.length,
      total: issue.histories.length,
      histories: histories.map((h) => historyJson(view, h)),
    };
  }
  if (options.expand.has('names'))
    json.names = Object.fromEntries(view.state.fields.filter((f) => f.id in fields).map((f) => [f.id, f.name]));
  return json;
}

/** `expand` as a set: comma separated, or repeated. */
export function expandOf(raw: unknown): Set<string> {
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return new Set(
    list
      .flatMap((v) => String(v).split(','))
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}
