import { invalid } from '../../kit/index.js';
import {
  FIELD_IDS,
  statusById,
  userById,
  type AdfNode,
  type ChangeItem,
  type IssueRecord,
  type JiraState,
  type ProjectRecord,
} from '../state.js';
import type { JiraRequest } from './context.js';

/**
 * Setting fields of an issue, as create (`fields`) and edit (`fields` and `update`) do: each value is
 * checked the way Jira checks it, every problem is collected under its field id (Jira's `errors`
 * map, 400), and only a request without problems changes anything. Each change becomes a changelog item.
 */

const NOT_ON_SCREEN = (id: string) => `Field '${id}' cannot be set. It is not on the appropriate screen, or unknown.`;
const NOT_ADF = 'Operation value must be an Atlassian Document (see the Atlassian Document Format)';

/** Whether a value is an Atlassian document (`{type: 'doc', version: 1, content: [...]}`). */
export function isAdfDoc(value: unknown): value is AdfNode {
  const v = value as AdfNode | null;
  return !!v && typeof v === 'object' && v.type === 'doc' && v.version === 1 && Array.isArray(v.content);
}

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const refOf = (v: unknown): { id?: string; name?: string; key?: string; accountId?: string } => {
  const o = obj(v) ?? {};
  const s = (x: unknown) => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : undefined);
  return { id: s(o.id), name: s(o.name), key: s(o.key), accountId: s(o.accountId) };
};

/** The fields an issue of the project can have set (create and edit screens are the same here). */
function settable(project: ProjectRecord): Set<string> {
  return new Set([
    'project',
    'summary',
    'description',
    'issuetype',
    'priority',
    'assignee',
    'reporter',
    'labels',
    'parent',
    'duedate',
    'fixVersions',
    project.storyPointsFieldId,
  ]);
}

interface FieldChanges {
  errors: Record<string, string>;
  /** Applies the checked changes and returns their changelog items. */
  apply(issue: IssueRecord): ChangeItem[];
}

const item = (
  field: string,
  fieldId: string,
  from: string | null,
  fromString: string | null,
  to: string | null,
  toString: string | null,
  custom = false,
): ChangeItem => ({
  field,
  fieldtype: custom ? 'custom' : 'jira',
  fieldId,
  from,
  fromString,
  to,
  toString,
});

/** Checks `fields` for an issue of `project` (the current issue when editing). */
export function checkFields(
  jira: JiraRequest,
  project: ProjectRecord,
  fields: Record<string, unknown>,
  current?: IssueRecord,
): FieldChanges {
  const { state } = jira;
  const errors: Record<string, string> = {};
  const steps: Array<(issue: IssueRecord) => ChangeItem | undefined> = [];
  const allowed = settable(project);
  for (const [id, value] of Object.entries(fields)) {
    if (id === 'project' && current) continue;
    if (!allowed.has(id)) {
      errors[id] = NOT_ON_SCREEN(id);
      continue;
    }
    switch (id) {
      case 'summary':
        if (typeof value !== 'string' || !value.trim()) errors.summary = 'You must specify a summary of the issue.';
        else if (value.length > 255) errors.summary = 'Summary must be less than 255 characters.';
        else
          steps.push((i) => {
            const before = i.summary;
            i.summary = value.trim();
            return before === i.summary ? undefined : item('summary', 'summary', null, before, null, i.summary);
          });
        break;
      case 'description':
        if (value !== null && !isAdfDoc(value)) errors.description = NOT_ADF;
        else steps.push((i) => ((i.description = value), item('description', 'description', null, null, null, null)));
        break;
      case 'issuetype': {
        const ref = refOf(value);
        const type = state.issueTypes.find((t) =>
          ref.id !== undefined ? t.id === ref.id : t.name.toLowerCase() === ref.name?.toLowerCase(),
        );
        if (!ref.id && !ref.name) errors.issuetype = 'Specify an issue type';
        else if (!type || !project.issueTypeIds.includes(type.id)) errors.issuetype = 'Specify a valid issue type';
        else
          steps.push(
            (i) => ((i.issueTypeId = type.id), item('issuetype', 'issuetype', null, null, type.id, type.name)),
          );
        break;
      }
      case 'priority': {
        const ref = refOf(value);
        const priority = state.priorities.find((p) =>
          ref.id !== undefined ? p.id === ref.id : p.name.toLowerCase() === ref.name?.toLowerCase(),
        );
        if (!priority) errors.priority = `The priority selected is invalid.`;
        else
          steps.push((i) =>
            i.priorityId === priority.id
              ? undefined
              : ((i.priorityId = priority.id), item('priority', 'priority', null, null, priority.id, priority.name)),
          );
        break;
      }
      case 'assignee':
      case 'reporter': {
        const accountId = value === null ? null : refOf(value).accountId;
        const user = accountId ? userById(state, accountId) : undefined;
        if (value !== null && !user) errors[id] = `User '${accountId ?? ''}' cannot be assigned issues.`;
        else if (id === 'assignee') steps.push((i) => assign(state, i, user?.accountId ?? null));
        else if (user)
          steps.push(
            (i) => (
              (i.reporterId = user.accountId),
              item('reporter', 'reporter', null, null, user.accountId, user.displayName)
            ),
          );
        break;
      }
      case 'labels':
        if (!Array.isArray(value) || value.some((l) => typeof l !== 'string' || /\s/.test(l) || !l))
          errors.labels = 'The label must not contain spaces.';
        else steps.push((i) => setLabels(i, value as string[]));
        break;
      case 'parent': {
        const ref = refOf(value);
        const parent =
          (ref.key ? state.byKey.get(ref.key.toUpperCase()) : undefined) ?? state.issues.find((i) => i.id === ref.id);
        if (!parent) errors.parent = 'Could not find issue by id or key.';
        else
          steps.push((i) => ((i.parentKey = parent.key), item('Parent', 'parent', null, null, parent.id, parent.key)));
        break;
      }
      case 'fixVersions': {
        const ids = Array.isArray(value)
          ? value.map((v) =>
              state.versions.find(
                (x) => x.projectId === project.id && (x.id === refOf(v).id || x.name === refOf(v).name),
              ),
            )
          : [undefined];
        if (ids.some((v) => v === undefined)) errors.fixVersions = 'Version id is invalid';
        else
          steps.push(
            (i) => (
              (i.fixVersionIds = ids.map((v) => v!.id)),
              item('Fix Version', 'fixVersions', null, null, null, ids.map((v) => v!.name).join(', '))
            ),
          );
        break;
      }
      case 'duedate':
        break;
      default:
        if (id === project.storyPointsFieldId) {
          if (value !== null && (typeof value !== 'number' || !Number.isFinite(value)))
            errors[id] = `Operation value must be a number`;
          else
            steps.push((i) => {
              const before = i.storyPoints;
              i.storyPoints = value;
              const name = id === FIELD_IDS.storyPoints ? 'Story Points' : 'Story point estimate';
              return before === i.storyPoints
                ? undefined
                : item(
                    name,
                    id,
                    null,
                    before === null ? null : String(before),
                    null,
                    value === null ? null : String(value),
                    true,
                  );
            });
        }
    }
  }
  return {
    errors,
    apply: (issue) => steps.map((step) => step(issue)).filter((i): i is ChangeItem => i !== undefined),
  };
}

/** Changes the assignee; the changelog item names both people. */
export function assign(state: JiraState, issue: IssueRecord, accountId: string | null): ChangeItem | undefined {
  if (issue.assigneeId === accountId) return undefined;
  const from = userById(state, issue.assigneeId);
  const to = userById(state, accountId);
  issue.assigneeId = accountId;
  return item(
    'assignee',
    'assignee',
    from?.accountId ?? null,
    from?.displayName ?? null,
    to?.accountId ?? null,
    to?.displayName ?? null,
  );
}

function setLabels(issue: IssueRecord, labels: readonly string[]): ChangeItem | undefined {
  const before = issue.labels.join(' ');
  issue.labels = [...new Set(labels)];
  const after = issue.labels.join(' ');
  return before === after ? undefined : item('labels', 'labels', null, before || null, null, after || null);
}

/** `update.labels`: `[{add: 'x'}, {remove: 'y'}, {set: [...]}]` applied in order. */
export function labelOperations(ops: unknown): {
  errors: Record<string, string>;
  labels(current: readonly string[]): string[];
} {
  if (!Array.isArray(ops))
    return { errors: { labels: 'Field labels has an invalid update operation.' }, labels: (c) => [...c] };
  for (const op of ops) {
    const o = obj(op) ?? {};
    const set: unknown[] = Array.isArray(o.set) ? o.set : o.set === undefined ? [] : [o.set];
    const values = [o.add, o.remove, ...set].filter((v) => v !== undefined);
    if (values.length === 0 || values.some((v) => typeof v !== 'string' || /\s/.test(v) || !v))
      return { errors: { labels: 'The label must not contain spaces.' }, labels: (c) => [...c] };
  }
  return {
    errors: {},
    labels(current) {
      let labels = [...current];
      for (const op of ops as Array<Record<string, unknown>>) {
        if (typeof op.add === 'string' && !labels.includes(op.add)) labels.push(op.add);
        if (typeof op.remove === 'string') labels = labels.filter((l) => l !== op.remove);
        if (Array.isArray(op.set)) labels = [...(op.set as string[])];
      }
      return labels;
    },
  };
}

/** Jira's 400 with field errors, when there are any. */
export function refuseOnErrors(errors: Record<string, string>): void {
  if (Object.keys(errors).length) throw invalid(undefined, { details: errors });
}

/** Records a changelog entry of the caller (nothing when no item changed). */
export function record(jira: JiraRequest, issue: IssueRecord, items: Array<ChangeItem | undefined>): void {
  const changed = items.filter((i): i is ChangeItem => i !== undefined);
  const now = jira.now();
  issue.updated = now;
  if (changed.length)
    issue.histories.push({
      id: String(jira.state.nextId.history++),
      authorId: jira.view.me,
      created: now,
      items: changed,
    });
}

/** Moves an issue to a status: resolution and resolution date follow the status category. */
export function moveTo(state: JiraState, issue: IssueRecord, statusId: string, now: number): ChangeItem[] {
  const from = statusById(state, issue.statusId);
  const to = statusById(state, statusId);
  if (!from || !to) return [];
  const items: ChangeItem[] = [item('status', 'status', from.id, from.name, to.id, to.name)];
  issue.statusId = to.id;
  if (to.category === 'done' && issue.resolutionId === null) {
    issue.resolutionId = '10000';
    issue.resolutionDate = now;
    items.push(item('resolution', 'resolution', null, null, '10000', 'Done'));
  } else if (to.category !== 'done' && issue.resolutionId !== null) {
    const old = state.resolutions.find((r) => r.id === issue.resolutionId);
    items.push(item('resolution', 'resolution', issue.resolutionId, old?.name ?? null, null, null));
    issue.resolutionId = null;
    issue.resolutionDate = null;
  }
  return items;
}
