import type { ToolRunContext } from '../../../src/toolkit/define-tool.js';
import { AppError, type ErrorCode } from '../../../src/toolkit/errors.js';
import { isoSeconds, windowOf, type TimeWindow } from '../../../src/analytics/stats.js';
import { jql, jqlDate, q, type JqlClause } from '../jql.js';
import { searchIssues } from '../search.js';
import type { JiraClients } from '../../../src/integrations/atlassian/jira-client.js';
import { siteFields, sprintField, storyPointsField } from '../story-points.js';
import type { TicketHistory, VersionRecord } from './history.js';
import { withChangelogOf } from './changelogs.js';
import { countsOf, type OpenCounts } from './open-counts.js';
import { statusCategories } from './statuses.js';
import {
  metricFields,
  normalizeIssue,
  normalizeVersion,
  summaryFields,
  type FieldIds,
  type RawIssue,
} from './normalize.js';
import type { SprintRecord } from './sprints.js';

/** Most tickets one project contributes to a call; beyond it the result says `capped`. */
const PROJECT_TICKET_CAP = 5000;
/** Projects read at once by the all-projects tools. */
const PROJECT_CONCURRENCY = 8;

export interface ProjectRef {
  key: string;
  name: string;
}

interface ProjectTickets {
  project: ProjectRef;
  tickets: TicketHistory[];
  /** Tickets counted by a search but not read. */
  counted?: number;
  capped: boolean;
}

const jira = <A>(ctx: ToolRunContext<A>): JiraClients => ctx.client('jira');

/** Every project the caller can browse, by key. */
export async function allProjects<A>(ctx: ToolRunContext<A>): Promise<ProjectRef[]> {
  const { v3 } = jira(ctx);
  const projects: ProjectRef[] = [];
  for (let startAt = 0; ; startAt += 50) {
    const page = await v3.projects.searchProjects<{
      values?: Array<{ key?: string; name?: string }>;
      isLast?: boolean;
    }>({ startAt, maxResults: 50, orderBy: 'key' });
    const values = page.values ?? [];
    for (const p of values) if (p.key) projects.push({ key: p.key, name: p.name ?? p.key });
    if (page.isLast !== false || values.length === 0) break;
  }
  return projects;
}

/** One project by key (404 when the caller cannot see it). */
export async function projectRef<A>(ctx: ToolRunContext<A>, key: string): Promise<ProjectRef> {
  const project = await jira(ctx).v3.projects.getProject<{ key?: string; name?: string }>({ projectIdOrKey: key });
  return { key: project.key ?? key, name: project.name ?? key };
}

async function fieldIds(clients: JiraClients, key: string): Promise<FieldIds> {
  const [points, sprint, fields] = await Promise.all([
    storyPointsField(clients, key),
    sprintField(clients.v3),
    siteFields(clients.v3),
  ]);
  return {
    storyPoints: points?.id ?? null,
    sprint: sprint ?? null,
    flagged: fields.find((f) => f.custom && f.name.toLowerCase() === 'flagged')?.id ?? null,
  };
}

/** A search over one project's tickets, newest created first, read as metrics records; and its field ids. */
async function projectSearch<A>(ctx: ToolRunContext<A>, projectKey: string) {
  const clients = jira(ctx);
  const [ids, categories] = await Promise.all([fieldIds(clients, projectKey), statusCategories(clients)]);
  /** `history`: 'expand' reads each issue's whole changelog on the search pages, 'status' only its status and flag changes, after. */
  const search = async (clause: JqlClause, fields: string[], history?: 'expand' | 'status') => {
    const found = await searchIssues<RawIssue>(clients.v3, {
      jql: jql([q.eq('project', projectKey), clause], [{ field: 'created', direction: 'DESC' }]),
      fields,
      expand: history === 'expand' ? ['changelog'] : undefined,
      max: PROJECT_TICKET_CAP,
    });
    const issues =
      history === 'status'
        ? await withChangelogOf(clients.v3, found.issues, ['status', ...(ids.flagged ? [ids.flagged] : [])])
        : found.issues;
    return {
      tickets: issues.map((raw) => normalizeIssue(raw, projectKey, ids, categories)),
      capped: !found.exhausted,
    };
  };
  return { ids, search };
}

/**
 * The tickets of one project a window's metrics need, with their changelog: every unresolved ticket and
 * every ticket resolved since the window's start. Only the fields the metrics read are asked for.
 */
export async function projectTickets<A>(
  ctx: ToolRunContext<A>,
  project: ProjectRef,
  window: TimeWindow,
): Promise<ProjectTickets> {
  const { ids, search } = await projectSearch(ctx, project.key);
  const open = q.or(q.isEmpty('resolved'), q.gte('resolved', jqlDate(window.start, true)));
  return { project, ...(await search(open, metricFields(ids), 'expand')) };
}

/**
 * The tickets of one project the executive summary reads: those resolved since the window's start with
 * their status and flag changes (cycle time needs the first move into progress) read in bulk after the
 * search, only the fields those figures read;
 * and the counts of its unresolved tickets (WIP, blocked now and open bugs need only their number),
 * given when counted for every project at once, else read here without changelog.
 */
export async function projectSummaryTickets<A>(
  ctx: ToolRunContext<A>,
  project: ProjectRef,
  window: TimeWindow,
  counted: OpenCounts | undefined,
): Promise<ProjectTickets & { open: OpenCounts }> {
  const { ids, search } = await projectSearch(ctx, project.key);
  const [resolved, open] = await Promise.all([
    search(q.gte('resolved', jqlDate(window.start, true)), summaryFields(ids), 'status'),
    counted ? undefined : search(q.isEmpty('resolved'), summaryFields(ids)),
  ]);
  const counts = counted ?? countsOf(open?.tickets ?? [], window);
  return {
    project,
    tickets: resolved.tickets,
    counted: counts.open,
    capped: resolved.capped || !!open?.capped,
    open: counts,
  };
}

/** The project's versions (releases). */
export async function projectVersions<A>(ctx: ToolRunContext<A>, key: string): Promise<VersionRecord[]> {
  const versions = await jira(ctx).v3.projectVersions.getProjectVersions<
    Array<{ id?: string; name?: string; released?: boolean; releaseDate?: string }>
  >({ projectIdOrKey: key });
  return (Array.isArray(versions) ? versions : []).map((v) => normalizeVersion(v, key));
}

/**
 * Runs `fn` over the given projects (every visible one when none is given) with bounded concurrency. A
 * project that fails is left out and named in `failed_sources` (the result is partial); when all fail,
 * the call fails with the first error. `listed` is the project list when the caller has read it already.
 */
export async function overProjects<A, T>(
  ctx: ToolRunContext<A>,
  projectKey: string | undefined,
  fn: (project: ProjectRef) => Promise<T>,
  listed?: ProjectRef[],
): Promise<Array<{ project: ProjectRef; value: T }>> {
  if (projectKey) {
    const project = await projectRef(ctx, projectKey);
    return [{ project, value: await fn(project) }];
  }
  const projects = listed ?? (await allProjects(ctx));
  const outcome = await ctx.fanOut(projects, fn, { label: (p) => p.key, concurrency: PROJECT_CONCURRENCY });
  if (outcome.results.length === 0 && outcome.failed.length > 0) {
    const first = outcome.failed[0];
    throw new AppError(first.error.code as ErrorCode, `${first.resource}: ${first.error.message}`, {
      details: outcome.failed,
    });
  }
  return outcome.results.map(({ resource, value }) => ({ project: resource, value }));
}

/** The window ending now (app clock) and the metadata of a result over some projects' tickets. */
export function windowMetadata(now: number, days: number) {
  const window = windowOf(now, days);
  return {
    window,
    metadata: (read: readonly ProjectTickets[]) => ({
      time_period_days: days,
      start_date: isoSeconds(window.start),
      end_date: isoSeconds(window.end),
      projects: read.map((r) => r.project.key),
      projects_analyzed: read.length,
      tickets_analyzed: read.reduce((n, r) => n + r.tickets.length + (r.counted ?? 0), 0),
      capped: read.some((r) => r.capped),
    }),
  };
}

/** The boards of a project (every board the caller sees without one), Scrum boards first. */
export async function boardsOf<A>(
  ctx: ToolRunContext<A>,
  projectKey: string | undefined,
): Promise<Array<{ id: number; name: string; type: string; projectKey: string | null }>> {
  const page = await jira(ctx).agile.board.getAllBoards<{
    values?: Array<{ id?: number; name?: string; type?: string; location?: { projectKey?: string } }>;
  }>({
    projectKeyOrId: projectKey,
    maxResults: 50,
  });
  return (page.values ?? [])
    .filter((b): b is typeof b & { id: number } => typeof b.id === 'number')
    .map((b) => ({
      id: b.id,
      name: b.name ?? String(b.id),
      type: b.type ?? 'scrum',
      projectKey: b.location?.projectKey ?? projectKey ?? null,
    }))
    .sort((a, b) => Number(b.type === 'scrum') - Number(a.type === 'scrum') || a.id - b.id);
}

const when = (v: unknown): number | null =>
  typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : null;

/** Every sprint of a board, oldest first. */
export async function boardSprints<A>(ctx: ToolRunContext<A>, boardId: number): Promise<SprintRecord[]> {
  const sprints: SprintRecord[] = [];
  for (let startAt = 0; ; startAt += 50) {
    const page = await jira(ctx).agile.board.getAllSprints<{
      values?: Array<Record<string, unknown>>;
      isLast?: boolean;
    }>({ boardId, startAt, maxResults: 50 });
    const values = page.values ?? [];
    for (const s of values) {
      if (typeof s.id !== 'number') continue;
      const state = s.state === 'active' || s.state === 'closed' ? s.state : 'future';
      sprints.push({
        id: s.id,
        name: typeof s.name === 'string' ? s.name : String(s.id),
        state,
        startDate: when(s.startDate),
        endDate: when(s.endDate),
        completeDate: when(s.completeDate),
      });
    }
    if (page.isLast !== false || values.length === 0) break;
  }
  return sprints.sort((a, b) => (a.startDate ?? Infinity) - (b.startDate ?? Infinity) || a.id - b.id);
}

/** The tickets of one sprint (no changelog: sprint figures need only status, resolution and points). */
export async function sprintTickets<A>(
  ctx: ToolRunContext<A>,
  sprintId: number,
  projectKey: string,
): Promise<TicketHistory[]> {
  const clients = jira(ctx);
  const [ids, categories] = await Promise.all([fieldIds(clients, projectKey), statusCategories(clients)]);
  const found = await searchIssues<RawIssue>(clients.v3, {
    jql: jql([q.eq('sprint', sprintId)]),
    fields: metricFields(ids),
    max: PROJECT_TICKET_CAP,
  });
  return found.issues.map((raw) => normalizeIssue(raw, projectKey, ids, categories));
}
