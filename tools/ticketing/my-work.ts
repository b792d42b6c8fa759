import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { AccountRef } from './fields.js';
import { naming, userByEmail } from './jira.js';
import { jql, jqlDate, q } from './jql.js';
import { Int, UserRefSchema, type Ticket } from './schemas.js';
import { searchIssues } from './search.js';
import { currentSprint, userRef, type JiraIssueLike, type JiraUserLike } from './shapes.js';
import type { JiraClients } from '../../src/integrations/atlassian/jira-client.js';
import { siteFields, sprintField } from './story-points.js';
import { ticketFieldsWithPoints, ticketsWithPoints } from './ticket-page.js';
import { CATEGORY_NAMES } from './tickets.js';

const DAY = 86_400_000;
/** Most open tickets read for the overview (the lists show at most `limit`, the counts cover these). */
const OPEN_MAX = 300;

/** A ticket as a work list shows it: enough to pick it up, without the description. */
export const WorkTicketSchema = z.looseObject({
  key: z.string(),
  summary: z.string(),
  status: z.string(),
  priority: z.string().nullable(),
  issue_type: z.string(),
  story_points: z.number().nullable(),
  url: z.string().nullable(),
  updated: z.string(),
});
export type WorkTicket = z.infer<typeof WorkTicketSchema>;
export const workTicket = (t: Ticket): WorkTicket => ({
  key: t.key,
  summary: t.summary,
  status: t.status.name,
  priority: t.priority?.name ?? null,
  issue_type: t.issuetype.name,
  story_points: t.storyPoints,
  url: t.url,
  updated: t.updated,
});
const List = z.array(WorkTicketSchema).nullable().describe('Null when this search failed (see failed_sources)');
const Count = Int.nullable();

const MyTicketingWorkSchema = z.looseObject({
  user: UserRefSchema.extend({
    resolved_from: z.enum(['user_id', 'email', 'credential']).describe('How the person was found'),
  }),
  open: List.describe('Open tickets assigned to them, highest priority first, then latest update'),
  by_status: z
    .array(z.looseObject({ status: z.string(), category: z.string(), count: Int }))
    .nullable()
    .describe('Open tickets per status'),
  in_current_sprint: List.describe('Open tickets in an active sprint'),
  blocked: List.describe('Open tickets that are flagged, in a blocked status, or labelled blocked'),
  recently_resolved: List.describe('Tickets they resolved within the window, latest first'),
  counts: z.looseObject({
    open: Count,
    in_current_sprint: Count,
    blocked: Count,
    recently_resolved: Count,
    open_story_points: z.number().nullable().describe('Story points of the open tickets (unestimated ones count 0)'),
  }),
  resolved_since: z.string().meta({ format: 'date' }).describe('Start of the recently_resolved window (YYYY-MM-DD)'),
});
type MyTicketingWork = z.infer<typeof MyTicketingWorkSchema>;

const BLOCKED_STATUS = /block|imped|on hold|waiting/i;
const BLOCKED_LABEL = /^(?:blocked|blocker|impediment)$/i;

/** The open tickets assigned to an account, highest priority first, then latest update. */
export const openAssignedJql = (accountId: string): string =>
  jql(
    [q.eq('assignee', accountId), q.ne('statusCategory', CATEGORY_NAMES.done)],
    [
      { field: 'priority', direction: 'DESC' },
      { field: 'updated', direction: 'DESC' },
    ],
  );

/** The person whose work is shown: named, or the caller by the email of their token, or the credential's own account. */
export async function ticketingPerson(
  clients: JiraClients,
  userId: string | undefined,
  callerEmail: string | undefined,
): Promise<MyTicketingWork['user']> {
  if (userId?.includes('@') || (!userId && callerEmail)) {
    const email = (userId ?? callerEmail) as string;
    const found = await userByEmail(clients.v3, email);
    if (!found?.accountId)
      throw new AppError('NOT_FOUND', `No ticketing user has the email ${email}${userId ? '' : '; pass user_id'}`);
    return {
      ...(userRef(found) as NonNullable<ReturnType<typeof userRef>>),
      resolved_from: userId ? 'user_id' : 'email',
    };
  }
  const user = userId
    ? await naming(`User ${userId}`, clients.v3.users.getUser<JiraUserLike>({ accountId: userId }))
    : await clients.v3.myself.getCurrentUser<JiraUserLike>();
  const ref = userRef(user);
  if (!ref) throw new AppError('UPSTREAM_ERROR', 'Jira answered a user without an account id');
  return { ...ref, resolved_from: userId ? 'user_id' : 'credential' };
}

export const getMyTicketingWork = defineTool({
  system: 'ticketing',
  name: 'get_my_ticketing_work',
  title: 'My Jira work',
  description:
    "A person's Jira overview across every project: open tickets by status, those in the active sprint, blocked ones, and what they resolved in the last `days` days, with counts and open story points. The caller (by the email of their token) unless user_id is given.",
  capability: { type: 'read', name: 'ticketing.work.mine' },
  input: z.object({
    user_id: AccountRef.optional().describe('Account id or email address; the caller when omitted'),
    days: z
      .number()
      .int()
      .min(1)
      .max(90)
      .default(14)
      .describe('Window for recently resolved tickets (default 14 days)'),
    limit: z.number().int().min(1).max(100).default(20).describe('Most tickets per list'),
  }),
  output: MyTicketingWorkSchema,
  hints: {
    aliases: ['my jira tickets', 'my tickets', 'what is on my plate in jira', 'my sprint work', 'my blockers in jira'],
    when_to_use:
      'When someone asks what Jira work they (or a named colleague) have: open tickets, the sprint, blockers and recent completions.',
    not_for:
      'code_host pull requests and reviews (code_host_get_my_code_host_work); team metrics (the ticketing metrics tools).',
    examples: [
      { query: 'what jira tickets are on my plate?', tool: 'get_my_ticketing_work', params: {} },
      {
        query: "karenc@acme.test's jira tickets this sprint",
        tool: 'get_my_ticketing_work',
        params: { user_id: 'karenc@acme.test' },
      },
    ],
  },
  target: (args) => (args.user_id ? { type: 'user', id: args.user_id } : undefined),
  async run({ client, args, caller, clock, gather }): Promise<MyTicketingWork> {
    const clients = client('jira');
    const user = await ticketingPerson(clients, args.user_id, caller.userEmail);
    const since = jqlDate(clock.now() - args.days * DAY);
    const fields = await siteFields(clients.v3);
    const sprint = await sprintField(clients.v3);
    const flagged = fields.find((f) => f.custom && f.name === 'Flagged')?.id;
    const requested = [
      ...(await ticketFieldsWithPoints(clients)),
      ...(sprint ? [sprint] : []),
      ...(flagged ? [flagged] : []),
    ];
    const shape = (issues: JiraIssueLike[]): Promise<Ticket[]> => ticketsWithPoints(clients, issues);
    const found = await gather({
      open: async () => {
        const { issues } = await searchIssues(clients.v3, {
          jql: openAssignedJql(user.accountId),
          fields: requested,
          max: OPEN_MAX,
        });
        const tickets = await shape(issues);
        const isBlocked = (issue: JiraIssueLike, ticket: Ticket) =>
          BLOCKED_STATUS.test(ticket.status.name) ||
          ticket.labels.some((l) => BLOCKED_LABEL.test(l)) ||
          (flagged !== undefined && hasValue(issue.fields?.[flagged]));
        return {
          tickets,
          sprint: tickets.filter(
            (_, i) => sprint !== undefined && currentSprint(issues[i].fields?.[sprint])?.state === 'active',
          ),
          blocked: tickets.filter((ticket, i) => isBlocked(issues[i], ticket)),
        };
      },
      resolved: async () => {
        const jqlText = jql(
          [q.eq('assignee', user.accountId), q.eq('statusCategory', CATEGORY_NAMES.done), q.gte('resolved', since)],
          [{ field: 'resolved', direction: 'DESC' }],
        );
        const { issues } = await searchIssues(clients.v3, { jql: jqlText, fields: requested, max: OPEN_MAX });
        return shape(issues);
      },
    });
    const open = found.open;
    return {
      user,
      open: open ? open.tickets.slice(0, args.limit).map(workTicket) : null,
      by_status: open ? countByStatus(open.tickets) : null,
      in_current_sprint: open ? open.sprint.slice(0, args.limit).map(workTicket) : null,
      blocked: open ? open.blocked.slice(0, args.limit).map(workTicket) : null,
      recently_resolved: found.resolved ? found.resolved.slice(0, args.limit).map(workTicket) : null,
      counts: {
        open: open ? open.tickets.length : null,
        in_current_sprint: open ? open.sprint.length : null,
        blocked: open ? open.blocked.length : null,
        recently_resolved: found.resolved ? found.resolved.length : null,
        open_story_points: open ? open.tickets.reduce((sum, t) => sum + (t.storyPoints ?? 0), 0) : null,
      },
      resolved_since: since,
    };
  },
});

const hasValue = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined && value !== '';

function countByStatus(tickets: readonly Ticket[]): Array<{ status: string; category: string; count: number }> {
  const counts = new Map<string, { status: string; category: string; count: number }>();
  for (const t of tickets) {
    const entry = counts.get(t.status.name) ?? { status: t.status.name, category: t.status.category.key, count: 0 };
    entry.count++;
    counts.set(t.status.name, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
}
