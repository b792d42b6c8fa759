import { ticketNode } from './mentions.js';
import type { Sample, SampleGraphPart } from '../../src/graph/seed.js';

const PROJECTS = [
  ['PAY', 'Payments'],
  ['WEB', 'Web checkout'],
] as const;
const TICKETS: Array<[string, string, string, string]> = [
  ['PAY-101', 'Idempotency keys for payment intents', 'Done', 'High'],
  ['PAY-102', 'Webhook retries', 'In Review', 'High'],
  ['PAY-103', 'Currency rounding differs between API and ledger', 'To Do', 'Highest'],
  ['PAY-104', 'Nightly refund reconciliation', 'In Progress', 'Medium'],
  ['PAY-105', 'Payout status endpoint', 'In Progress', 'Medium'],
  ['WEB-7', 'Saved cards on checkout', 'Done', 'Medium'],
  ['WEB-8', 'Dark mode for the dashboard', 'To Do', 'Low'],
  ['WEB-9', 'Accessible form errors', 'In Review', 'High'],
];

/** ticketing's part of the sample graph: two projects and their tickets, with assignees, authors and links. */
export function ticketingSample({ team, day, batch: newBatch }: Sample): SampleGraphPart {
  const batch = newBatch();
  const person = (i: number) =>
    batch.person({ accountId: team.people[i].accountId, email: team.people[i].email }, { name: team.people[i].name });
  for (const [i, [key, name]] of PROJECTS.entries()) {
    const project = batch.node('project', key, {
      key,
      id: String(10000 + i),
      name,
      description: `${name} team board`,
      lead: team.people[i].name,
      project_type: 'software',
      style: 'next-gen',
    });
    batch.edge(project, 'CREATED_BY', person(i));
  }
  TICKETS.forEach(([key, summary, status, priority], n) => {
    const description = n === 2 ? 'Seen while fixing PAY-101; see the ledger notes.' : undefined;
    const statusCategory = status === 'Done' ? 'done' : status === 'To Do' ? 'new' : 'indeterminate';
    const handle = ticketNode(batch, key, {
      id: String(20000 + n),
      summary,
      description,
      status,
      status_category: statusCategory,
      priority,
      issue_type: n % 3 ? 'Story' : 'Bug',
      created: day(n),
      updated: day(n + 4),
    });
    batch.edge(handle, 'ASSIGNED_TO', person((n + 1) % 6));
    batch.edge(handle, 'AUTHORED_BY', person(n % 2 ? 0 : 3));
    batch.linkMentions(handle, [summary, description], ['issue'], key);
  });
  return { batches: [batch] };
}
