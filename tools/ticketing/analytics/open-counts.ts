import type { ToolRunContext } from '../../../src/toolkit/define-tool.js';
import { inWindow, type TimeWindow } from '../../../src/analytics/stats.js';
import type { JiraClients } from '../../../src/integrations/atlassian/jira-client.js';
import { jql, q, type JqlClause } from '../jql.js';
import { searchIssues } from '../search.js';
import { siteFields } from '../story-points.js';
import type { TicketHistory } from './history.js';
import { bugTypeIds, siteStatuses } from './statuses.js';
import { isBlockedNow, isInProgress } from './timeline.js';

/** What the executive summary needs of a project's unresolved tickets: how many, and how many count for each figure. */
export interface OpenCounts {
  open: number;
  createdInWindow: number;
  inProgress: number;
  blocked: number;
  bugs: number;
}

/** The counts of unresolved tickets read whole, by the predicates the figures apply. */
export function countsOf(tickets: readonly TicketHistory[], window: TimeWindow): OpenCounts {
  const count = (test: (t: TicketHistory) => boolean) => tickets.filter(test).length;
  return {
    open: tickets.length,
    createdInWindow: count((t) => inWindow(t.created, window)),
    inProgress: count(isInProgress),
    blocked: count(isBlockedNow),
    bugs: count((t) => t.kind === 'bug'),
  };
}

type Figure = keyof OpenCounts;

/** `customfield_10021` as JQL names it (`cf[10021]`); null for a field id of another form. */
function jqlFieldOf(fieldId: string): string | null {
  const id = /^customfield_(\d+)$/.exec(fieldId)?.[1];
  return id ? `cf[${id}]` : null;
}

/**
 * The clause of each figure over unresolved tickets, statuses and types named by id (from the site's lists);
 * null when the site's Flagged field cannot be named in JQL. A figure no status can meet has no clause.
 */
async function figureClauses(
  clients: JiraClients,
  window: TimeWindow,
): Promise<Partial<Record<Figure, JqlClause>> | null> {
  const [statuses, fields, bugTypes] = await Promise.all([
    siteStatuses(clients),
    siteFields(clients.v3),
    bugTypeIds(clients),
  ]);
  const flaggedId = fields.find((f) => f.custom && f.name.toLowerCase() === 'flagged')?.id;
  const flagged = flaggedId === undefined ? undefined : jqlFieldOf(flaggedId);
  if (flagged === null) return null;
  const ids = (test: (s: (typeof statuses)[number]) => boolean) => statuses.filter(test).map((s) => s.id);
  const inProgress = ids((s) => s.category === 'indeterminate');
  const notDone = ids((s) => s.category !== 'done');
  const blockedStatuses = ids((s) => s.category !== 'done' && s.name.trim().toLowerCase() === 'blocked');
  const blockedBy = q.or(
    blockedStatuses.length > 0 && q.in('status', blockedStatuses),
    flagged !== undefined && q.isNotEmpty(flagged),
  );
  return {
    open: q.isEmpty('resolved'),
    // Epoch milliseconds: exact to the window's bounds, whatever the user's time zone.
    createdInWindow: q.and(q.gte('created', window.start), q.lte('created', window.end)),
    inProgress: inProgress.length > 0 ? q.in('status', inProgress) : undefined,
    blocked: notDone.length > 0 && blockedBy.jql !== '' ? q.and(q.in('status', notDone), blockedBy) : undefined,
    bugs: bugTypes.length > 0 ? q.in('issuetype', bugTypes) : undefined,
  };
}

const projectOfKey = (key: string): string => key.slice(0, key.lastIndexOf('-'));

const zero = (): OpenCounts => ({ open: 0, createdInWindow: 0, inProgress: 0, blocked: 0, bugs: 0 });

/**
 * The unresolved tickets' counts of every given project from keys-only searches over all of them at once
 * (5,000 keys a page), each key attributed to its project by its prefix. Null when that cannot be done
 * faithfully: a key naming no listed project (a project whose key changed keeps its old keys) or a
 * Flagged field JQL cannot name; the caller then reads each project's unresolved tickets.
 */
export async function openCountsByProject<A>(
  ctx: ToolRunContext<A>,
  projectKeys: readonly string[],
  window: TimeWindow,
): Promise<{ counts: Map<string, OpenCounts>; capped: boolean } | null> {
  if (projectKeys.length === 0) return { counts: new Map(), capped: false };
  const clients: JiraClients = ctx.client('jira');
  const clauses = await figureClauses(clients, window);
  if (!clauses) return null;
  const counts = new Map(projectKeys.map((key) => [key, zero()]));
  const scope = [q.in('project', projectKeys), q.isEmpty('resolved')];
  const found = await Promise.all(
    (Object.entries(clauses) as Array<[Figure, JqlClause | undefined]>).map(async ([figure, clause]) =>
      clause
        ? {
            figure,
            ...(await searchIssues(clients.v3, { jql: jql([...scope, clause]), fields: ['key'], max: 50_000 })),
          }
        : { figure, issues: [], exhausted: true },
    ),
  );
  for (const { figure, issues } of found) {
    for (const issue of issues) {
      const row = issue.key ? counts.get(projectOfKey(issue.key)) : undefined;
      if (!row) return null;
      row[figure]++;
    }
  }
  return { counts, capped: found.some((f) => !f.exhausted) };
}
