import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { IssueKey } from './fields.js';
import { naming } from './jira.js';
import { Timestamp } from './schemas.js';
import type { JiraChangelogEntry } from './shapes.js';
import type { JiraClients } from '../../src/integrations/atlassian/jira-client.js';
import { readTicket } from './tickets.js';

const HOUR = 3_600_000;
const round1 = (value: number) => Math.round(value * 10) / 10;

export interface StatusChange {
  from: string | null;
  to: string;
  when: string;
}

/** Every status change of a ticket, oldest first, read from its whole changelog (paged). */
export async function statusChanges(clients: JiraClients, key: string): Promise<StatusChange[]> {
  const entries: JiraChangelogEntry[] = [];
  for (let startAt = 0; entries.length < 10_000;) {
    const page = await naming(
      `Ticket ${key}`,
      clients.v3.issues.getChangeLogs<{ values?: JiraChangelogEntry[]; isLast?: boolean }>({
        issueIdOrKey: key,
        startAt,
        maxResults: 100,
      }),
    );
    const values = Array.isArray(page.values) ? page.values : [];
    entries.push(...values);
    startAt += values.length;
    if (page.isLast !== false || values.length === 0) break;
  }
  return entries
    .flatMap((entry) =>
      (entry.items ?? [])
        .filter((item) => item.field === 'status' || item.fieldId === 'status')
        .map((item) => ({ from: item.fromString ?? null, to: item.toString ?? '', when: entry.created ?? '' })),
    )
    .filter((change) => change.when && change.to)
    .sort((a, b) => Date.parse(a.when) - Date.parse(b.when));
}

const AgingSchema = z.looseObject({
  issue_key: z.string(),
  created: Timestamp,
  age_days: z.number().describe('Days since it was created'),
  current_status: z.string(),
  status_category: z.string().describe('new, indeterminate or done'),
  time_in_status_hours: z.number().describe('Hours since it entered its current status'),
  status_history: z.array(
    z.looseObject({
      from: z.string().nullable(),
      to: z.string(),
      when: Timestamp,
      duration_hours: z.number().describe('Hours it spent in "from" before this change'),
    }),
  ),
  hours_by_status: z
    .record(z.string(), z.number())
    .describe('Total hours spent in each status, the current one up to now'),
});

export const getIssueAging = defineTool({
  system: 'ticketing',
  name: 'get_issue_aging',
  title: 'Age and status history of a Jira ticket',
  description:
    'How old a Jira ticket is, the hours since it entered its current status, and its status history from the changelog (each change with the hours spent in the status before it), with hours per status.',
  capability: { type: 'read', name: 'ticketing.tickets.aging' },
  input: z.object({ issue_key: IssueKey }),
  output: AgingSchema,
  hints: {
    aliases: ['time in status', 'ticket age', 'status history', 'stuck ticket', 'time in review'],
    when_to_use:
      'To see for how many hours a ticket has been open or stuck in a status, and the path it took through the workflow.',
    not_for: 'Team-wide cycle times (the ticketing metrics tools); the ticket content (ticketing_get_ticket).',
    examples: [{ query: 'time WEB-12 spent in each status', tool: 'get_issue_aging', params: { issue_key: 'WEB-12' } }],
  },
  async run({ client, args, clock }) {
    const clients = client('jira');
    const [ticket, changes] = await Promise.all([
      readTicket(clients, args.issue_key),
      statusChanges(clients, args.issue_key),
    ]);
    const now = clock.now();
    const created = Date.parse(ticket.created);
    const hoursByStatus: Record<string, number> = {};
    let since = created;
    const history = changes.map((change) => {
      const at = Date.parse(change.when);
      const hours = Math.max(0, (at - since) / HOUR);
      if (change.from) hoursByStatus[change.from] = (hoursByStatus[change.from] ?? 0) + hours;
      since = at;
      return { ...change, duration_hours: round1(hours) };
    });
    const inStatus = Math.max(0, (now - since) / HOUR);
    hoursByStatus[ticket.status.name] = (hoursByStatus[ticket.status.name] ?? 0) + inStatus;
    return {
      issue_key: args.issue_key,
      created: ticket.created,
      age_days: round1(Math.max(0, now - created) / (24 * HOUR)),
      current_status: ticket.status.name,
      status_category: ticket.status.category.key,
      time_in_status_hours: round1(inStatus),
      status_history: history,
      hours_by_status: Object.fromEntries(
        Object.entries(hoursByStatus).map(([status, hours]) => [status, round1(hours)]),
      ),
    };
  },
});
