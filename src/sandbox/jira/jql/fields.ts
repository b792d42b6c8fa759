import { adfText } from '../seed/content.js';
import { FIELD_IDS, statusById, type IssueRecord, type JiraState } from '../state.js';
import { JqlError, type Value } from './parser.js';

/**
 * How each searchable field is read and compared. A field is a kind (`text`, `date`, `number`, `list`)
 * and a reader; `list` fields resolve each JQL value to the set of stored values it stands for (a status
 * name to its ids, `currentUser()` to the caller's account id), so unknown values are refused the way
 * Jira refuses them.
 */
export interface EvalContext {
  state: JiraState;
  /** The caller's account id (`currentUser()`). */
  me: string;
  now: number;
}

export type FieldSpec =
  | {
      kind: 'list';
      name: string;
      read(issue: IssueRecord): readonly string[];
      resolve(value: Value, ctx: EvalContext): string[];
    }
  | { kind: 'date'; name: string; read(issue: IssueRecord): number | null }
  | { kind: 'number'; name: string; read(issue: IssueRecord): number | null }
  | { kind: 'text'; name: string; read(issue: IssueRecord): string };

const lower = (s: string): string => s.toLowerCase();
const textOf = (value: Value): string => (value.type === 'function' ? `${value.name}()` : value.text);
const noSuchValue = (value: Value, field: string): JqlError =>
  new JqlError(`The value '${textOf(value)}' does not exist for the field '${field}'.`);
const noFunction = (value: Value & { type: 'function' }, field: string): JqlError =>
  new JqlError(`Unable to find JQL function '${value.name}(${value.args.join(', ')})' for the field '${field}'.`);

/** Values compared by name or id, case-insensitively; an unknown one is Jira's "does not exist". */
function named(field: string, entries: (ctx: EvalContext) => Array<{ id: string; names: string[] }>) {
  return (value: Value, ctx: EvalContext): string[] => {
    if (value.type === 'function') throw noFunction(value, field);
    const wanted = lower(value.text);
    const ids = entries(ctx)
      .filter((e) => e.id === value.text || e.names.some((n) => lower(n) === wanted))
      .map((e) => e.id);
    if (ids.length === 0) throw noSuchValue(value, field);
    return ids;
  };
}

function userValue(field: string) {
  return (value: Value, ctx: EvalContext): string[] => {
    if (value.type === 'function') {
      if (lower(value.name) === 'currentuser') return [ctx.me];
      throw noFunction(value, field);
    }
    const user = ctx.state.users.find((u) => u.accountId === value.text || lower(u.emailAddress) === lower(value.text));
    if (!user) throw new JqlError(`The value '${value.text}' does not exist for the field '${field}'.`);
    return [user.accountId];
  };
}

function sprintValue(value: Value, ctx: EvalContext): string[] {
  const sprints = ctx.state.sprints;
  if (value.type === 'function') {
    const fn = lower(value.name);
    const states =
      fn === 'opensprints'
        ? ['active', 'future']
        : fn === 'closedsprints'
          ? ['closed']
          : fn === 'futuresprints'
            ? ['future']
            : undefined;
    if (!states) throw noFunction(value, 'sprint');
    return sprints.filter((s) => states.includes(s.state)).map((s) => String(s.id));
  }
  const found = sprints.filter((s) => String(s.id) === value.text || lower(s.name) === lower(value.text));
  if (found.length === 0) throw noSuchValue(value, 'sprint');
  return found.map((s) => String(s.id));
}

const CATEGORY_NAMES: Record<string, string[]> = {
  new: ['To Do', '2', 'new'],
  indeterminate: ['In Progress', '4', 'indeterminate'],
  done: ['Done', '3', 'done'],
};

function textField(name: string, read: (issue: IssueRecord) => string): FieldSpec {
  return { kind: 'text', name, read };
}

const summaryText = (i: IssueRecord) => i.summary;
const allText = (i: IssueRecord) =>
  [i.summary, adfText(i.description), ...i.comments.map((c) => adfText(c.body))].join('\n');

/** The field a JQL name stands for, or Jira's 400 when the site has no such field. */
export function fieldSpec(name: string, state: JiraState): FieldSpec {
  const key = lower(name);
  switch (key) {
    case 'project':
      return {
        kind: 'list',
        name: 'project',
        read: (i) => [i.projectKey],
        resolve: named('project', (ctx) =>
          ctx.state.projects.map((p) => ({ id: p.key, names: [p.key, p.id, p.name] })),
        ),
      };
    case 'key':
    case 'issuekey':
    case 'issue':
    case 'id':
      return {
        kind: 'list',
        name: 'key',
        read: (i) => [i.key],
        resolve: (value, ctx) => {
          if (value.type === 'function') throw noFunction(value, 'key');
          const issue =
            ctx.state.byKey.get(value.text.toUpperCase()) ?? ctx.state.issues.find((i) => i.id === value.text);
          if (!issue) {
            if (/^[A-Za-z][A-Za-z0-9_]*-\d+$|^\d+$/.test(value.text))
              throw new JqlError(`An issue with key '${value.text}' does not exist for field 'key'.`);
            throw new JqlError(`The issue key '${value.text}' for field 'key' is invalid.`);
          }
          return [issue.key];
        },
      };
    case 'assignee':
    case 'reporter':
    case 'creator': {
      const read =
        key === 'assignee'
          ? (i: IssueRecord) => (i.assigneeId ? [i.assigneeId] : [])
          : key === 'reporter'
            ? (i: IssueRecord) => [i.reporterId]
            : (i: IssueRecord) => [i.creatorId];
      return { kind: 'list', name: key, read, resolve: userValue(key) };
    }
    case 'status':
      return {
        kind: 'list',
        name: 'status',
        read: (i) => [i.statusId],
        resolve: named('status', (ctx) => ctx.state.statuses.map((s) => ({ id: s.id, names: [s.name] }))),
      };
    case 'statuscategory':
      return {
        kind: 'list',
        name: 'statusCategory',
        read: (i) => [statusById(state, i.statusId)?.category ?? 'new'],
        resolve: named('statusCategory', () => Object.entries(CATEGORY_NAMES).map(([id, names]) => ({ id, names }))),
      };
    case 'labels':
      return {
        kind: 'list',
        name: 'labels',
        read: (i) => i.labels,
        resolve: (value) => {
          if (value.type === 'function') throw noFunction(value, 'labels');
          return [value.text];
        },
      };
    case 'issuetype':
    case 'type':
      return {
        kind: 'list',
        name: 'issuetype',
        read: (i) => [i.issueTypeId],
        resolve: (value, ctx) => {
          if (value.type === 'function') {
            const fn = lower(value.name);
            if (fn === 'standardissuetypes') return ctx.state.issueTypes.filter((t) => !t.subtask).map((t) => t.id);
            if (fn === 'subtaskissuetypes') return ctx.state.issueTypes.filter((t) => t.subtask).map((t) => t.id);
          }
          return named('issuetype', (c) =>
            c.state.issueTypes.map((t) => ({ id: t.id, names: [t.name, ...(t.subtask ? ['Sub-task'] : [])] })),
          )(value, ctx);
        },
      };
    case 'priority':
      return {
        kind: 'list',
        name: 'priority',
        read: (i) => [i.priorityId],
        resolve: named('priority', (ctx) => ctx.state.priorities.map((p) => ({ id: p.id, names: [p.name] }))),
      };
    case 'resolution':
      return {
        kind: 'list',
        name: 'resolution',
        read: (i) => (i.resolutionId ? [i.resolutionId] : []),
        resolve: named('resolution', (ctx) => ctx.state.resolutions.map((r) => ({ id: r.id, names: [r.name] }))),
      };
    case 'sprint':
    case `cf[${FIELD_IDS.sprint.slice(12)}]`:
      return { kind: 'list', name: 'sprint', read: (i) => i.sprintIds.map(String), resolve: sprintValue };
    case 'parent':
      return {
        kind: 'list',
        name: 'parent',
        read: (i) => (i.parentKey ? [i.parentKey] : []),
        resolve: (value, ctx) => fieldSpecList('key', ctx.state).resolve(value, ctx),
      };
    case 'fixversion':
    case 'affectedversion': {
      const read = key === 'fixversion' ? (i: IssueRecord) => i.fixVersionIds : (i: IssueRecord) => i.affectsVersionIds;
      return {
        kind: 'list',
        name: key,
        read,
        resolve: named(key, (ctx) => ctx.state.versions.map((v) => ({ id: v.id, names: [v.name] }))),
      };
    }
    case 'flagged':
    case `cf[${FIELD_IDS.flagged.slice(12)}]`:
      return {
        kind: 'list',
        name: 'Flagged',
        read: (i) => (i.flagged ? ['10019'] : []),
        resolve: named('Flagged', () => [{ id: '10019', names: ['Impediment'] }]),
      };
    case 'created':
    case 'createddate':
      return { kind: 'date', name: 'created', read: (i) => i.created };
    case 'updated':
    case 'updateddate':
      return { kind: 'date', name: 'updated', read: (i) => i.updated };
    case 'resolved':
    case 'resolutiondate':
      return { kind: 'date', name: 'resolved', read: (i) => i.resolutionDate };
    case 'story points':
    case 'story point estimate':
    case `cf[${FIELD_IDS.storyPoints.slice(12)}]`:
    case `cf[${FIELD_IDS.storyPointEstimate.slice(12)}]`: {
      const fieldId =
        key.includes('estimate') || key.includes(FIELD_IDS.storyPointEstimate.slice(12))
          ? FIELD_IDS.storyPointEstimate
          : FIELD_IDS.storyPoints;
      return {
        kind: 'number',
        name: key,
        read: (i) =>
          state.projects.find((p) => p.key === i.projectKey)?.storyPointsFieldId === fieldId ? i.storyPoints : null,
      };
    }
    case 'summary':
      return textField('summary', summaryText);
    case 'description':
      return textField('description', (i) => adfText(i.description));
    case 'comment':
      return textField('comment', (i) => i.comments.map((c) => adfText(c.body)).join('\n'));
    case 'text':
      return textField('text', allText);
    default:
      throw new JqlError(`Field '${name}' does not exist or you do not have permission to view it.`);
  }
}

function fieldSpecList(name: string, state: JiraState): Extract<FieldSpec, { kind: 'list' }> {
  return fieldSpec(name, state) as Extract<FieldSpec, { kind: 'list' }>;
}
