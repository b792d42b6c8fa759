import type { ToolRunContext } from '../../../src/toolkit/define-tool.js';
import { AppError } from '../../../src/toolkit/errors.js';
import { loginByEmail } from '../../code_host/github.js';
import { openWorkQueries, searchWork } from '../../code_host/my-work.js';
import type { WorkItem as CodeHostItem } from '../../code_host/schemas.js';
import { openAssignedJql, ticketingPerson } from '../../ticketing/my-work.js';
import { searchIssues } from '../../ticketing/search.js';
import { ticketFieldsWithPoints, ticketsWithPoints } from '../../ticketing/ticket-page.js';
import { cqlString } from '../../wiki/cql.js';
import { pagesFound, userByEmail } from '../../wiki/people.js';
import type { SystemWork, WorkItem } from './schemas.js';
import type { WorkOwner } from './owner.js';

type Clients = Pick<ToolRunContext<unknown>, 'client'>;

/** Most open tickets or mentioning pages read, to count them; the lists show at most `limit`. */
const COUNTED_MAX = 100;

export const noAccount = (system: string, email: string | undefined): SystemWork => ({
  status: 'no_account',
  items: [],
  total: null,
  message: `No ${system} account was found ${email ? `for ${email}` : 'without an email or an id for it'}`,
});

/** Runs `read`, a person the upstream does not know becoming `no_account` instead of a failure. */
export async function knownPerson(
  system: string,
  who: WorkOwner,
  read: () => Promise<SystemWork | undefined>,
): Promise<SystemWork> {
  try {
    return (await read()) ?? noAccount(system, who.email);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return noAccount(system, who.email);
    throw error;
  }
}

/** Jira: tickets assigned to the person and not done. */
export const ticketingWork = (ctx: Clients, who: WorkOwner, limit: number): Promise<SystemWork> =>
  knownPerson('ticketing', who, async () => {
    if (!who.ids?.ticketing && !who.email) return undefined;
    const clients = ctx.client('jira');
    const person = await ticketingPerson(clients, who.ids?.ticketing, who.email);
    const { issues } = await searchIssues(clients.v3, {
      jql: openAssignedJql(person.accountId),
      fields: await ticketFieldsWithPoints(clients),
      max: COUNTED_MAX,
    });
    const tickets = await ticketsWithPoints(clients, issues.slice(0, limit));
    const items = tickets.map((t): WorkItem => ({
      kind: 'ticket',
      title: `${t.key} ${t.summary}`,
      status: t.status.name,
      where: t.key.split('-')[0],
      at: t.updated,
      url: t.url,
      node: { type: 'issue', id: t.key },
    }));
    return { status: 'ok', items, total: issues.length };
  });

const codeHostItem =
  (kind: 'review_request' | 'pull_request' | 'issue') =>
  (item: CodeHostItem): WorkItem => ({
    kind,
    title: item.title,
    status: item.draft ? 'draft' : item.state,
    where: item.repo,
    at: item.updated_at,
    url: item.html_url,
    // The graph names pull requests and issues `owner/repo#number`.
    node: { type: kind === 'issue' ? 'issue' : 'pull_request', id: `${item.repo ?? ''}#${item.number}` },
  });

/** GitHub: pull requests awaiting their review, their own open pull requests, issues assigned to them. */
export const codeHostWork = (ctx: Clients, who: WorkOwner, limit: number): Promise<SystemWork> =>
  knownPerson('code_host', who, async () => {
    const octokit = ctx.client('github');
    const login = who.ids?.code_host ?? (who.email ? await loginByEmail(octokit, who.email) : undefined);
    if (!login) return undefined;
    const queries = openWorkQueries(login);
    const [reviews, own, issues] = await Promise.all([
      searchWork(octokit, queries.review_requests, limit),
      searchWork(octokit, queries.open_pull_requests, limit),
      searchWork(octokit, queries.assigned_issues, limit),
    ]);
    return {
      status: 'ok',
      items: [
        ...reviews.items.map(codeHostItem('review_request')),
        ...own.items.map(codeHostItem('pull_request')),
        ...issues.items.map(codeHostItem('issue')),
      ],
      total: reviews.total + own.total + issues.total,
    };
  });

/** Confluence pages whose `field` (CQL `mention`, `contributor`...) is the person's account, latest change first. */
export const wikiPagesOf = (
  ctx: Clients,
  who: WorkOwner,
  limit: number,
  field: 'mention' | 'contributor',
): Promise<SystemWork> =>
  knownPerson('wiki', who, async () => {
    const api = ctx.client('confluence');
    const accountId = who.ids?.wiki ?? (who.email ? (await userByEmail(api, who.email)).accountId : undefined);
    if (!accountId) return undefined;
    const pages = await pagesFound(
      api,
      `type = page AND ${field} = ${cqlString(accountId)} ORDER BY lastmodified DESC`,
      COUNTED_MAX,
    );
    const items = pages.slice(0, limit).map((page): WorkItem => ({
      kind: 'page',
      title: page.title,
      status: null,
      where: page.space,
      at: page.lastModified,
      url: page.url,
      node: { type: 'page', id: page.id },
    }));
    return { status: 'ok', items, total: pages.length };
  });

/** Confluence: pages that mention the person, latest change first. */
export const wikiWork = (ctx: Clients, who: WorkOwner, limit: number): Promise<SystemWork> =>
  wikiPagesOf(ctx, who, limit, 'mention');
