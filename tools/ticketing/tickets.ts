import { z } from 'zod';
import { defineTool, type ListPage, type ToolRunContext } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { AccountRef, IssueKey, IssueTypeName, projectArgs, projectOf, StatusName } from './fields.js';
import { accessibleProjectKeys, accountIdOf, naming, userByEmail } from './jira.js';
import { q, type JqlClause } from './jql.js';
import { TICKET_FIELDS } from './search.js';
import { CoverageSchema, TicketDetailSchema, TicketSchema, type Ticket, type TicketDetail } from './schemas.js';
import { ticketDetailShape, type JiraIssueLike } from './shapes.js';
import type { JiraClients } from '../../src/integrations/atlassian/jira-client.js';
import { sprintField, storyPointsField } from './story-points.js';
import { ticketPage } from './ticket-page.js';

/** JQL names of the status categories (JQL compares a category by name or id). */
export const CATEGORY_NAMES = { new: 'To Do', indeterminate: 'In Progress', done: 'Done' } as const;

const State = z.enum(['open', 'done', 'all']).default('open').describe('open (not done, the default), done, or all');
const stateClause = (state: 'open' | 'done' | 'all'): JqlClause | undefined =>
  state === 'open'
    ? q.ne('statusCategory', CATEGORY_NAMES.done)
    : state === 'done'
      ? q.eq('statusCategory', CATEGORY_NAMES.done)
      : undefined;

/**
 * Tickets matching `where` in one project or every accessible one, newest update first: one query over
 * the projects, so the upstream's order gives the page.
 */
async function listTickets<A>(
  ctx: ToolRunContext<A>,
  project: string | undefined,
  where: Array<JqlClause | undefined>,
): Promise<ListPage<Ticket>> {
  const clients = ctx.client('jira');
  const projects = project ? [project] : await accessibleProjectKeys(clients.v3);
  const extra = { projects_covered: projects.length };
  if (projects.length === 0) return { items: [], total: 0, extra };
  return { ...(await ticketPage(clients, projects, where, ctx.page)), extra };
}

const ticketList = { extra: CoverageSchema, list: { key: 'tickets' as const }, item: TicketSchema };

export const getTickets = defineTool({
  system: 'ticketing',
  name: 'get_tickets',
  title: 'List Jira tickets of a project (or all)',
  description:
    'Jira tickets of one project (project_key or its alias project) or of every accessible project, newest update first, filtered by assignee, status or issue type. Descriptions come as Markdown; story points from the field each project uses.',
  capability: { type: 'read', name: 'ticketing.tickets.list' },
  input: z.object({
    ...projectArgs,
    assignee_id: AccountRef.optional().describe('Only tickets assigned to this account id (or email address)'),
    status: StatusName.optional().describe('Only tickets in this status, e.g. "In Progress"'),
    issue_type: IssueTypeName.optional().describe('Only tickets of this type: Task, Bug, Story or Epic'),
  }),
  ...ticketList,
  hints: {
    aliases: [
      'jira tickets',
      'list tickets',
      'tickets of a project',
      'search jira',
      'stories',
      'jira issues',
      'backlog',
    ],
    when_to_use: 'To list or filter Jira tickets by project, assignee, status or type, e.g. open bugs of a project.',
    not_for:
      "code_host issues (code_host_get_issues); one ticket in detail (ticketing_get_ticket); a person's own work (ticketing_get_my_ticketing_work).",
    examples: [
      { query: 'open tickets of the WEB project', tool: 'get_tickets', params: { project_key: 'WEB' } },
      {
        query: 'bugs in progress in WEB',
        tool: 'get_tickets',
        params: { project: 'WEB', status: 'In Progress', issue_type: 'Bug' },
      },
    ],
  },
  async run(ctx): Promise<ListPage<Ticket>> {
    const { args } = ctx;
    const assignee = args.assignee_id ? await accountIdOf(ctx.client('jira').v3, args.assignee_id) : undefined;
    return listTickets(ctx, projectOf(args), [
      assignee ? q.eq('assignee', assignee) : undefined,
      args.status ? q.eq('status', args.status) : undefined,
      args.issue_type ? q.eq('issuetype', args.issue_type) : undefined,
    ]);
  },
});

export const getIssuesByStatus = defineTool({
  system: 'ticketing',
  name: 'get_issues_by_status',
  title: 'Jira tickets in a status',
  description:
    'Jira tickets in one status (e.g. "Code Review"), in one project or every accessible project, newest update first.',
  capability: { type: 'read', name: 'ticketing.tickets.by_status' },
  input: z.object({ status: StatusName, ...projectArgs }),
  ...ticketList,
  hints: {
    aliases: ['tickets in review', 'what is in progress', 'status column', 'tickets with status'],
    when_to_use: 'When the question names a status: what is in review, in progress, blocked, done.',
    not_for: 'Which statuses exist (ticketing_get_available_statuses); code_host pull requests waiting for review.',
    examples: [
      {
        query: 'what is in progress in WEB?',
        tool: 'get_issues_by_status',
        params: { status: 'In Progress', project_key: 'WEB' },
      },
    ],
  },
  async run(ctx): Promise<ListPage<Ticket>> {
    return listTickets(ctx, projectOf(ctx.args), [q.eq('status', ctx.args.status)]);
  },
});

export const getTicketsByUser = defineTool({
  system: 'ticketing',
  name: 'get_tickets_by_user',
  title: "A person's Jira tickets",
  description:
    'Tickets assigned to one person (user_id or its alias assignee_id: an account id or email), open ones unless state says otherwise; the caller (by the email of their token) when no one is named.',
  capability: { type: 'read', name: 'ticketing.tickets.by_user' },
  input: z.object({
    user_id: AccountRef.optional().describe('Account id or email address; the caller when omitted'),
    assignee_id: AccountRef.optional().describe('Alias of user_id'),
    state: State,
    ...projectArgs,
  }),
  ...ticketList,
  hints: {
    aliases: ['tickets assigned to', 'assigned tickets', 'workload of'],
    when_to_use: 'To see the tickets one person holds, e.g. before reassigning work or checking their load.',
    not_for:
      'Your own overview with sprint and blocked work (ticketing_get_my_ticketing_work); code_host work (code_host_get_my_code_host_work).',
    examples: [
      {
        query: 'tickets assigned to karenc@acme.test',
        tool: 'get_tickets_by_user',
        params: { user_id: 'karenc@acme.test' },
      },
      {
        query: 'what did linus finish?',
        tool: 'get_tickets_by_user',
        params: { assignee_id: 'linuss@acme.test', state: 'done' },
      },
    ],
  },
  target: (args) => {
    const id = args.user_id ?? args.assignee_id;
    return id ? { type: 'user', id } : undefined;
  },
  async run(ctx): Promise<ListPage<Ticket>> {
    const { args, caller } = ctx;
    if (args.user_id && args.assignee_id && args.user_id !== args.assignee_id)
      throw new AppError('VALIDATION_ERROR', 'user_id and assignee_id disagree: give one of them');
    const v3 = ctx.client('jira').v3;
    const ref = args.user_id ?? args.assignee_id;
    let accountId: string | undefined;
    if (ref) accountId = await accountIdOf(v3, ref);
    else if (caller.userEmail) accountId = (await userByEmail(v3, caller.userEmail))?.accountId;
    if (!accountId)
      throw new AppError(
        'NOT_FOUND',
        `No ticketing user has the email ${caller.userEmail ?? '(none in the token)'}; pass user_id`,
      );
    return listTickets(ctx, projectOf(args), [q.eq('assignee', accountId), stateClause(args.state)]);
  },
});

export const getTicket = defineTool({
  system: 'ticketing',
  name: 'get_ticket',
  title: 'Get a Jira ticket',
  description:
    'One Jira ticket by key with its description (Markdown), status, people, labels, story points, components, sprint and sub-tasks.',
  capability: { type: 'read', name: 'ticketing.tickets.get' },
  input: z.object({ issue_key: IssueKey }),
  output: TicketDetailSchema,
  hints: {
    aliases: ['ticket details', 'show ticket', 'read jira issue', 'jira key'],
    when_to_use: 'When a ticket key is known (e.g. "WEB-12") and its content, state, sprint or sub-tasks are needed.',
    not_for:
      'Its comments (ticketing_get_ticket_comments); its status history (ticketing_get_issue_aging); code_host issues.',
    examples: [{ query: 'show me WEB-12', tool: 'get_ticket', params: { issue_key: 'WEB-12' } }],
  },
  async run({ client, args }): Promise<TicketDetail> {
    return readTicket(client('jira'), args.issue_key);
  },
});

/** One ticket with its detail fields (sprint, sub-tasks, components); a 404 names the key. */
export async function readTicket(clients: JiraClients, key: string): Promise<TicketDetail> {
  const project = key.replace(/-\d+$/, '');
  const [points, sprint] = await Promise.all([storyPointsField(clients, project), sprintField(clients.v3)]);
  const issue = await naming(
    `Ticket ${key}`,
    clients.v3.issues.getIssue<JiraIssueLike>({
      issueIdOrKey: key,
      fields: [...TICKET_FIELDS, 'components', 'subtasks', ...(points ? [points.id] : []), ...(sprint ? [sprint] : [])],
    }),
  );
  return ticketDetailShape(issue, points?.id, sprint);
}
