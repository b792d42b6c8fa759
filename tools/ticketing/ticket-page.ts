/**
 * One page of a ticket list over one project or several, in one global order that the upstream applies:
 * a single JQL query over every project gives the page directly, instead of each project's first
 * offset + limit tickets merged here.
 */
import type { ListPage } from '../../src/toolkit/define-tool.js';
import { itemsWanted, type PageRequest } from '../../src/toolkit/pagination.js';
import type { JiraClients } from '../../src/integrations/atlassian/jira-client.js';
import { jql, q, type JqlClause, type JqlOrder } from './jql.js';
import { searchIssues, SEARCH_PAGE_MAX, TICKET_FIELDS } from './search.js';
import type { Ticket } from './schemas.js';
import { ticketShape, type JiraIssueLike } from './shapes.js';
import { siteFields, storyPointCandidates, storyPointsField } from './story-points.js';

/** Newest update first; equal updates by key (project, then number), as Jira orders keys. */
const NEWEST_UPDATE_FIRST: JqlOrder[] = [
  { field: 'updated', direction: 'DESC' },
  { field: 'key', direction: 'ASC' },
];

/** The ticket fields with every field of the site that may hold story points (each project uses one). */
export async function ticketFieldsWithPoints(clients: JiraClients): Promise<string[]> {
  const candidates = storyPointCandidates(await siteFields(clients.v3)).map((f) => f.id);
  return [...TICKET_FIELDS, ...candidates];
}

/** Issues as tickets, each with the story points of the field its own project uses. */
export async function ticketsWithPoints(clients: JiraClients, issues: readonly JiraIssueLike[]): Promise<Ticket[]> {
  const projects = [...new Set(issues.map((i) => i.fields?.project?.key).filter((k): k is string => !!k))];
  const points = new Map(
    await Promise.all(projects.map(async (key) => [key, (await storyPointsField(clients, key))?.id] as const)),
  );
  return issues.map((issue) => ticketShape(issue, points.get(issue.fields?.project?.key ?? '')));
}

/**
 * The page of tickets matching `where` in `projects`, newest update first. A page within Jira's first
 * page of a search is read at once; a deeper one locates its keys with a keys-only search (Jira returns
 * up to 5,000 keys a page) and reads only the page's tickets with their fields.
 */
export async function ticketPage(
  clients: JiraClients,
  projects: readonly string[],
  where: ReadonlyArray<JqlClause | undefined>,
  page: PageRequest,
): Promise<ListPage<Ticket>> {
  const scope = projects.length === 1 ? q.eq('project', projects[0]) : q.in('project', projects);
  const query = jql([scope, ...where], NEWEST_UPDATE_FIRST);
  const want = itemsWanted(page);
  const fields = await ticketFieldsWithPoints(clients);
  if (want <= SEARCH_PAGE_MAX) {
    const found = await searchIssues(clients.v3, { jql: query, fields, max: want });
    return {
      items: await ticketsWithPoints(clients, found.issues),
      total: found.exhausted ? found.issues.length : undefined,
    };
  }
  const located = await searchIssues(clients.v3, { jql: query, fields: ['key'], max: want });
  const keys = located.issues
    .slice(page.offset, page.offset + page.limit)
    .map((issue) => issue.key)
    .filter((key): key is string => !!key);
  const read = keys.length
    ? await searchIssues(clients.v3, { jql: jql([q.in('key', keys)], NEWEST_UPDATE_FIRST), fields, max: keys.length })
    : { issues: [] };
  // In the located order, should a ticket have changed between the two reads.
  const byKey = new Map(read.issues.map((issue) => [issue.key, issue]));
  const issues = keys.map((key) => byKey.get(key)).filter((issue): issue is JiraIssueLike => issue !== undefined);
  return {
    items: await ticketsWithPoints(clients, issues),
    offsetApplied: true,
    ...(located.exhausted ? { total: located.issues.length } : { more: true }),
  };
}
