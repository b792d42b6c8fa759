import {
  kindOf,
  type FlagChange,
  type Person,
  type SprintRef,
  type StatusCategory,
  type StatusChange,
  type StatusRef,
  type TicketHistory,
  type VersionRecord,
} from './history.js';

/** The parts of a Jira issue (REST v3, with `expand=changelog`) the metrics read. */
export interface RawIssue {
  id?: string;
  key: string;
  fields: Record<string, unknown>;
  changelog?: { histories?: RawHistory[] };
}

export interface RawHistory {
  created: string;
  items?: Array<{
    field?: string;
    fieldId?: string;
    from?: string | null;
    fromString?: string | null;
    to?: string | null;
    toString?: string | null;
  }>;
}

/** Where the project keeps what Jira leaves to custom fields. */
export interface FieldIds {
  /** The project's story point field (story-points discovery); null when it has none. */
  storyPoints: string | null;
  /** The Sprint field (Jira Software); null when unknown. */
  sprint: string | null;
  /** The Flagged field; null when unknown. */
  flagged: string | null;
}

/** Status id (and, as a fallback, lower-cased name) to its category. */
type StatusCategories = ReadonlyMap<string, StatusCategory>;

const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const time = (v: unknown): number | null => {
  const s = str(v);
  if (!s) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : t;
};

function personOf(v: unknown): Person | null {
  const p = obj(v);
  const accountId = p && str(p.accountId);
  return accountId ? { accountId, displayName: str(p.displayName) ?? accountId } : null;
}

function categoryKey(v: unknown): StatusCategory {
  const key = str(obj(v)?.key);
  return key === 'done' || key === 'indeterminate' ? key : 'new';
}

/** The fields a metrics search must ask for, given the project's field ids. */
export function metricFields(ids: FieldIds): string[] {
  const base = [
    'summary',
    'status',
    'issuetype',
    'priority',
    'labels',
    'assignee',
    'reporter',
    'created',
    'resolutiondate',
    'fixVersions',
    'versions',
    'worklog',
  ];
  return [...base, ...[ids.storyPoints, ids.sprint, ids.flagged].filter((f): f is string => f !== null)];
}

/**
 * The fields the executive summary reads: the current status (WIP, blocked now), the type (open bugs),
 * creation and resolution (throughput, lead time), story points and the Flagged field.
 */
export function summaryFields(ids: FieldIds): string[] {
  const base = ['status', 'issuetype', 'created', 'resolutiondate'];
  return [...base, ...[ids.storyPoints, ids.flagged].filter((f): f is string => f !== null)];
}

const flaggedValue = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : Boolean(v));

function sprintsOf(v: unknown): SprintRef[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((s) => {
    const o = obj(s);
    return o && typeof o.id === 'number'
      ? [{ id: o.id, name: str(o.name) ?? String(o.id), state: str(o.state) ?? 'unknown' }]
      : [];
  });
}

const versionIds = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap((x) => (obj(x) && str(obj(x)?.id) ? [str(obj(x)?.id) as string] : [])) : [];

/** One Jira issue as a ticket history. Changelog entries that are not status or flag changes are ignored. */
export function normalizeIssue(
  raw: RawIssue,
  project: string,
  ids: FieldIds,
  categories: StatusCategories,
): TicketHistory {
  const f = raw.fields;
  const status = obj(f.status);
  const current: StatusRef = { name: str(status?.name) ?? 'Unknown', category: categoryKey(status?.statusCategory) };
  const statusRef = (id: string | null | undefined, name: string | null | undefined): StatusRef | null => {
    if (!name && !id) return null;
    const category = (id ? categories.get(id) : undefined) ?? categories.get((name ?? '').toLowerCase()) ?? 'new';
    return { name: name ?? id ?? 'Unknown', category };
  };
  const statusChanges: StatusChange[] = [];
  const flagChanges: FlagChange[] = [];
  const histories = [...(raw.changelog?.histories ?? [])]
    .map((h) => ({ at: time(h.created), items: h.items ?? [] }))
    .filter((h): h is { at: number; items: NonNullable<RawHistory['items']> } => h.at !== null);
  histories.sort((a, b) => a.at - b.at);
  for (const h of histories) {
    for (const item of h.items) {
      const field = (item.fieldId ?? item.field ?? '').toLowerCase();
      if (field === 'status') {
        const to = statusRef(item.to, item.toString);
        if (to) statusChanges.push({ at: h.at, from: statusRef(item.from, item.fromString), to });
      } else if (field === 'flagged' || (ids.flagged !== null && field === ids.flagged.toLowerCase())) {
        flagChanges.push({ at: h.at, flagged: Boolean(item.toString) });
      }
    }
  }
  const issuetype = obj(f.issuetype);
  const points = ids.storyPoints ? f[ids.storyPoints] : null;
  const worklogs = (obj(f.worklog)?.worklogs as unknown[] | undefined) ?? [];
  return {
    key: raw.key,
    project,
    summary: str(f.summary) ?? '',
    type: str(issuetype?.name) ?? 'Unknown',
    kind: kindOf(str(issuetype?.name) ?? '', issuetype?.subtask === true),
    priority: str(obj(f.priority)?.name),
    labels: Array.isArray(f.labels) ? f.labels.filter((l): l is string => typeof l === 'string') : [],
    status: current,
    assignee: personOf(f.assignee),
    reporter: personOf(f.reporter),
    created: time(f.created) ?? 0,
    resolved: time(f.resolutiondate),
    storyPoints: typeof points === 'number' && Number.isFinite(points) ? points : null,
    flagged: ids.flagged ? flaggedValue(f[ids.flagged]) : false,
    statusChanges,
    flagChanges,
    fixVersions: versionIds(f.fixVersions),
    affectsVersions: versionIds(f.versions),
    sprints: ids.sprint ? sprintsOf(f[ids.sprint]) : [],
    worklogs: worklogs.flatMap((w) => {
      const o = obj(w);
      const author = personOf(o?.author);
      const started = time(o?.started);
      const seconds = o?.timeSpentSeconds;
      return author && started !== null && typeof seconds === 'number'
        ? [{ author: author.accountId, started, seconds }]
        : [];
    }),
  };
}

/** A project version from the REST API. */
export function normalizeVersion(
  raw: { id?: string; name?: string; released?: boolean; releaseDate?: string },
  project: string,
): VersionRecord {
  return {
    id: raw.id ?? '',
    project,
    name: raw.name ?? raw.id ?? '',
    released: raw.released === true,
    releaseDate: raw.releaseDate ?? null,
  };
}
