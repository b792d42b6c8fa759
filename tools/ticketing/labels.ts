import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { IssueKey, TicketLabels } from './fields.js';
import { naming } from './jira.js';
import { readTicket } from './tickets.js';

const input = z.object({ issue_key: IssueKey, labels: TicketLabels.min(1).describe('Label names (no spaces)') });
const has = (labels: readonly string[], name: string) => labels.includes(name);

const AddedSchema = z.looseObject({
  issue_key: z.string(),
  labels: z.array(z.string()).describe('Every label now on the ticket'),
  added: z.array(z.string()).describe('Labels that were not there before'),
  already_present: z.array(z.string()),
});
const RemovedSchema = z.looseObject({
  issue_key: z.string(),
  labels: z.array(z.string()).describe('Every label now on the ticket'),
  removed: z.array(z.string()),
  not_present: z.array(z.string()).describe('Labels asked for that the ticket did not have'),
});

export const addIssueLabels = defineTool({
  system: 'ticketing',
  name: 'add_issue_labels',
  title: 'Add labels to a Jira ticket',
  description:
    'Add labels to a Jira ticket, keeping the ones it has (Jira labels are case-sensitive and have no spaces). Idempotent.',
  capability: { type: 'action', name: 'ticketing.tickets.add_labels', idempotent: true },
  input,
  output: AddedSchema,
  hints: {
    aliases: ['label ticket', 'tag ticket', 'add jira label'],
    when_to_use: 'To add one or more labels to a Jira ticket without touching its other labels.',
    not_for:
      'code_host issue labels (code_host_add_issue_labels); replacing every label (ticketing_update_ticket with labels).',
    examples: [
      {
        query: 'label WEB-12 as tech-debt',
        tool: 'add_issue_labels',
        params: { issue_key: 'WEB-12', labels: ['tech-debt'] },
      },
    ],
  },
  verify: (result, args) => {
    const missing = args.labels.filter((l) => !has(result.labels, l));
    return missing.length ? `labels still missing: ${missing.join(', ')}` : undefined;
  },
  async run({ client, args }) {
    const clients = client('jira');
    const before = await readTicket(clients, args.issue_key);
    const added = [...new Set(args.labels)].filter((l) => !has(before.labels, l));
    if (added.length) {
      await naming(
        `Ticket ${args.issue_key}`,
        clients.v3.issues.editIssue({
          issueIdOrKey: args.issue_key,
          update: { labels: added.map((add) => ({ add })) },
        }),
      );
    }
    const after = added.length ? await readTicket(clients, args.issue_key) : before;
    return {
      issue_key: args.issue_key,
      labels: after.labels,
      added,
      already_present: args.labels.filter((l) => has(before.labels, l)),
    };
  },
});

export const removeIssueLabels = defineTool({
  system: 'ticketing',
  name: 'remove_issue_labels',
  title: 'Remove labels from a Jira ticket',
  description: 'Remove labels from a Jira ticket, keeping the others; says which were not there. Idempotent.',
  capability: { type: 'action', name: 'ticketing.tickets.remove_labels', idempotent: true, destructive: true },
  input,
  output: RemovedSchema,
  hints: {
    aliases: ['unlabel ticket', 'remove jira label', 'untag ticket'],
    when_to_use: 'To strip one or more labels from a Jira ticket.',
    not_for: 'code_host issue labels (code_host_remove_issue_labels).',
    examples: [
      {
        query: 'remove the blocked label from WEB-12',
        tool: 'remove_issue_labels',
        params: { issue_key: 'WEB-12', labels: ['blocked'] },
      },
    ],
  },
  verify: (result, args) => {
    const left = args.labels.filter((l) => has(result.labels, l));
    return left.length ? `labels still there: ${left.join(', ')}` : undefined;
  },
  async run({ client, args }) {
    const clients = client('jira');
    const before = await readTicket(clients, args.issue_key);
    const removed = [...new Set(args.labels)].filter((l) => has(before.labels, l));
    if (removed.length) {
      await naming(
        `Ticket ${args.issue_key}`,
        clients.v3.issues.editIssue({
          issueIdOrKey: args.issue_key,
          update: { labels: removed.map((remove) => ({ remove })) },
        }),
      );
    }
    const after = removed.length ? await readTicket(clients, args.issue_key) : before;
    return {
      issue_key: args.issue_key,
      labels: after.labels,
      removed,
      not_present: args.labels.filter((l) => !has(before.labels, l)),
    };
  },
});
