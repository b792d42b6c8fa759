import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { markdownToAdf } from './adf/index.js';
import { IssueKey } from './fields.js';
import { naming } from './jira.js';
import { Int, StatusCategory, TicketDetailSchema, TransitionSchema, type Transition } from './schemas.js';
import { transitionShape, type JiraTransitionLike } from './shapes.js';
import type { JiraClients } from '../../src/integrations/atlassian/jira-client.js';
import { mentionTargets } from './ticket-actions.js';
import { readTicket } from './tickets.js';

const StatusRefSchema = z.looseObject({ id: z.string(), name: z.string(), category: StatusCategory });

/** The transitions a ticket can make now (they depend on its project's workflow and its status). */
async function transitionsOf(clients: JiraClients, key: string): Promise<Transition[]> {
  const { transitions } = await naming(
    `Ticket ${key}`,
    clients.v3.issues.getTransitions<{ transitions?: JiraTransitionLike[] }>({ issueIdOrKey: key }),
  );
  return (Array.isArray(transitions) ? transitions : []).map(transitionShape);
}

export const getAvailableTransitions = defineTool({
  system: 'ticketing',
  name: 'get_available_transitions',
  title: 'Transitions of a Jira ticket',
  description:
    "The workflow moves a Jira ticket can make from its current status (its project's workflow decides): each with its name and target status.",
  capability: { type: 'read', name: 'ticketing.tickets.transitions' },
  input: z.object({ issue_key: IssueKey }),
  output: z.looseObject({
    issue_key: z.string(),
    current_status: StatusRefSchema,
    transitions: z.array(TransitionSchema),
    count: Int,
  }),
  hints: {
    aliases: ['workflow moves', 'next statuses', 'can i move ticket', 'possible transitions'],
    when_to_use: 'Before moving a ticket, to see which transitions its workflow allows from where it is.',
    not_for:
      'Every status of a project (ticketing_get_available_statuses); making the move (ticketing_transition_issue).',
    examples: [
      { query: 'where can WEB-12 go next?', tool: 'get_available_transitions', params: { issue_key: 'WEB-12' } },
    ],
  },
  async run({ client, args }) {
    const clients = client('jira');
    const [ticket, transitions] = await Promise.all([
      readTicket(clients, args.issue_key),
      transitionsOf(clients, args.issue_key),
    ]);
    return {
      issue_key: args.issue_key,
      current_status: { id: ticket.status.id, name: ticket.status.name, category: ticket.status.category.key },
      transitions,
      count: transitions.length,
    };
  },
});

/** The transition called `name`, else the one leading to a status called `name` (both case-insensitive). */
function findTransition(transitions: readonly Transition[], name: string): Transition | undefined {
  const wanted = name.trim().toLowerCase();
  return (
    transitions.find((t) => t.name.toLowerCase() === wanted) ??
    transitions.find((t) => t.to.name.toLowerCase() === wanted)
  );
}

const describeTransitions = (transitions: readonly Transition[]) =>
  transitions.map((t) => `"${t.name}" (to ${t.to.name})`).join(', ');

export const transitionIssue = defineTool({
  system: 'ticketing',
  name: 'transition_issue',
  title: 'Move a Jira ticket',
  description:
    'Move a Jira ticket through its workflow by transition name or target status name (case-insensitive), optionally with a comment (Markdown) added in the same operation. An unknown name is refused with the valid transitions listed. Not idempotent.',
  capability: { type: 'action', name: 'ticketing.tickets.transition', idempotent: false },
  input: z.object({
    issue_key: IssueKey,
    transition_name: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .describe('Transition name (e.g. "Start Progress") or target status name (e.g. "Done")'),
    comment: z.string().trim().min(1).max(32_000).optional().describe('Comment (Markdown) added with the move'),
  }),
  output: z.looseObject({
    issue_key: z.string(),
    changed: z.boolean().describe('False when the ticket was already in that status (nothing was moved)'),
    transition: TransitionSchema.nullable().describe('The transition made; null when nothing moved'),
    from_status: z.string(),
    status: StatusRefSchema.describe('The status now'),
    comment_added: z.boolean(),
    ticket: TicketDetailSchema,
  }),
  hints: {
    aliases: ['move ticket', 'close ticket', 'resolve ticket', 'start progress', 'mark as done', 'change status'],
    when_to_use: 'To change the status of a Jira ticket: start it, send it to review, resolve or reopen it.',
    not_for: 'code_host issues (code_host_update_issue with state); other fields (ticketing_update_ticket).',
    examples: [
      {
        query: 'move WEB-12 to done',
        tool: 'transition_issue',
        params: { issue_key: 'WEB-12', transition_name: 'Done' },
      },
      {
        query: 'start work on WEB-7 and note that I picked it up',
        tool: 'transition_issue',
        params: { issue_key: 'WEB-7', transition_name: 'Start Progress', comment: 'Picked this up.' },
      },
    ],
  },
  verify: (result) =>
    result.changed && result.transition && result.status.id !== result.transition.to.id
      ? `status is ${result.status.name}, not ${result.transition.to.name}`
      : undefined,
  async run({ client, args }) {
    const clients = client('jira');
    const [before, transitions] = await Promise.all([
      readTicket(clients, args.issue_key),
      transitionsOf(clients, args.issue_key),
    ]);
    const transition = findTransition(transitions, args.transition_name);
    const body = args.comment
      ? markdownToAdf(args.comment, {
          people: await mentionTargets(clients, args.comment, { issueKey: args.issue_key }),
        })
      : undefined;
    if (!transition) {
      if (before.status.name.toLowerCase() !== args.transition_name.toLowerCase()) {
        throw new AppError(
          'VALIDATION_ERROR',
          transitions.length
            ? `No transition "${args.transition_name}" for ${args.issue_key} (status ${before.status.name}). Valid transitions: ${describeTransitions(transitions)}`
            : `${args.issue_key} (status ${before.status.name}) has no transitions available to this account`,
          {
            details: { issue_key: args.issue_key, current_status: before.status.name, valid_transitions: transitions },
          },
        );
      }
      // Already there: nothing to move; the comment is still added.
      if (body) await clients.v3.issueComments.addComment({ issueIdOrKey: args.issue_key, comment: body });
      const status = { id: before.status.id, name: before.status.name, category: before.status.category.key };
      return {
        issue_key: args.issue_key,
        changed: false,
        transition: null,
        from_status: before.status.name,
        status,
        comment_added: !!body,
        ticket: before,
      };
    }
    await naming(
      `Ticket ${args.issue_key}`,
      clients.v3.issues.doTransition({
        issueIdOrKey: args.issue_key,
        transition: { id: transition.id },
        ...(body ? { update: { comment: [{ add: { body } }] } } : {}),
      }),
    );
    const after = await readTicket(clients, args.issue_key);
    const status = { id: after.status.id, name: after.status.name, category: after.status.category.key };
    return {
      issue_key: args.issue_key,
      changed: true,
      transition,
      from_status: before.status.name,
      status,
      comment_added: !!body,
      ticket: after,
    };
  },
});
