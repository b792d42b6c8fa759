import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { markdownToAdf, type MentionTarget } from './adf/index.js';
import {
  AccountRef,
  Description,
  IssueKey,
  IssueTypeName,
  PriorityName,
  projectArgs,
  requiredProject,
  StoryPoints,
  Summary,
  TicketLabels,
} from './fields.js';
import { accountIdOf, naming } from './jira.js';
import { TicketDetailSchema, UserRefSchema, type TicketDetail, type UserRef } from './schemas.js';
import { browseUrl, type JiraUserLike } from './shapes.js';
import type { JiraClients } from '../../src/integrations/atlassian/jira-client.js';
import { storyPointsField } from './story-points.js';
import { readTicket } from './tickets.js';

/** People whose `@Display Name` in Markdown becomes a mention: those assignable in the project or on the ticket. */
export async function mentionTargets(
  clients: JiraClients,
  markdown: string | undefined,
  scope: { project?: string; issueKey?: string },
): Promise<MentionTarget[]> {
  if (!markdown?.includes('@')) return [];
  try {
    const users = await clients.v3.userSearch.findAssignableUsers<JiraUserLike[]>({ ...scope, maxResults: 200 });
    return (Array.isArray(users) ? users : []).flatMap((u) =>
      u.accountId && u.displayName ? [{ accountId: u.accountId, displayName: u.displayName }] : [],
    );
  } catch {
    return []; // Mentions stay text when the people cannot be listed.
  }
}

/** The field id story points go to in this project; a clear 400 when it keeps none. */
async function pointsFieldFor(clients: JiraClients, project: string): Promise<string> {
  const field = await storyPointsField(clients, project);
  if (!field)
    throw new AppError('VALIDATION_ERROR', `Project ${project} has no story points field: leave story_points out`);
  return field.id;
}

/** Problems between what a ticket write asked for and what Jira stored. */
function mismatch(
  ticket: TicketDetail,
  wanted: { summary?: string; priority?: string; labels?: string[]; assignee?: string | null; storyPoints?: number },
): string | undefined {
  if (wanted.summary !== undefined && ticket.summary !== wanted.summary) return `summary is "${ticket.summary}"`;
  if (wanted.priority !== undefined && ticket.priority?.name !== wanted.priority)
    return `priority is ${ticket.priority?.name ?? 'none'}`;
  if (wanted.labels && [...ticket.labels].sort().join(' ') !== [...wanted.labels].sort().join(' '))
    return `labels are [${ticket.labels.join(', ')}]`;
  if (wanted.assignee !== undefined && (ticket.assignee?.accountId ?? null) !== wanted.assignee)
    return `assignee is ${ticket.assignee?.displayName ?? 'nobody'}`;
  if (wanted.storyPoints !== undefined && ticket.storyPoints !== wanted.storyPoints)
    return `story points are ${ticket.storyPoints ?? 'unset'}`;
  return undefined;
}

const CreatedSchema = z.looseObject({
  id: z.string(),
  key: z.string(),
  self: z.string().describe('REST address of the new ticket'),
  url: z.string().nullable().describe('Web page of the new ticket'),
  ticket: TicketDetailSchema.describe('The ticket as Jira stored it'),
});

export const createTicket = defineTool({
  system: 'ticketing',
  name: 'create_ticket',
  title: 'Create a Jira ticket',
  description:
    'Create a Jira ticket (Task, Bug, Story or Epic) in a project, optionally with a Markdown description, priority, assignee, labels and story points. Returns its key. Not idempotent: a failed call is never resent automatically.',
  capability: { type: 'action', name: 'ticketing.tickets.create', idempotent: false },
  input: z.object({
    ...projectArgs,
    summary: Summary,
    issue_type: IssueTypeName,
    description: Description.optional(),
    priority: PriorityName.optional(),
    assignee_id: AccountRef.optional().describe('Account id or email address of the assignee'),
    labels: TicketLabels.optional().describe('Labels (no spaces)'),
    story_points: StoryPoints.optional(),
  }),
  output: CreatedSchema,
  hints: {
    aliases: ['new jira ticket', 'create story', 'new jira task', 'create epic'],
    when_to_use: 'When the user asks to create, file or log a Jira ticket, story, bug, task or epic.',
    not_for: 'code_host issues (code_host_create_issue); changing an existing ticket (ticketing_update_ticket).',
    examples: [
      {
        query: 'new jira bug in WEB: refunds fail for EUR',
        tool: 'create_ticket',
        params: { project_key: 'WEB', summary: 'Refunds fail for EUR', issue_type: 'Bug', priority: 'High' },
      },
      {
        query: 'create a 3 point story in WEB for the export page',
        tool: 'create_ticket',
        params: { project: 'WEB', summary: 'Export page', issue_type: 'Story', story_points: 3 },
      },
    ],
  },
  verify: (result, args) =>
    mismatch(result.ticket, {
      summary: args.summary,
      priority: args.priority,
      labels: args.labels,
      storyPoints: args.story_points,
    }),
  async run({ client, args }) {
    const project = requiredProject(args);
    const clients = client('jira');
    const fields: Record<string, unknown> = {
      project: { key: project },
      summary: args.summary,
      issuetype: { name: args.issue_type },
    };
    if (args.description !== undefined)
      fields.description = markdownToAdf(args.description, {
        people: await mentionTargets(clients, args.description, { project }),
      });
    if (args.priority) fields.priority = { name: args.priority };
    if (args.assignee_id) fields.assignee = { accountId: await accountIdOf(clients.v3, args.assignee_id) };
    if (args.labels) fields.labels = args.labels;
    if (args.story_points !== undefined) fields[await pointsFieldFor(clients, project)] = args.story_points;
    const created = await naming(
      `Project ${project}`,
      clients.v3.issues.createIssue<{ id?: string; key?: string; self?: string }>({ fields: fields as never }),
    );
    if (!created.key) throw new AppError('UPSTREAM_ERROR', 'Jira created a ticket but did not say its key');
    const ticket = await readTicket(clients, created.key);
    return {
      id: created.id ?? ticket.id,
      key: created.key,
      self: created.self ?? '',
      url: browseUrl(created.self, created.key),
      ticket,
    };
  },
});

export const updateTicket = defineTool({
  system: 'ticketing',
  name: 'update_ticket',
  title: 'Update a Jira ticket',
  description:
    'Change fields of a Jira ticket: summary, description (Markdown), priority, assignee, labels (the whole set) or story points. Fields left out stay as they are. Status changes go through ticketing_transition_issue.',
  capability: { type: 'action', name: 'ticketing.tickets.update', idempotent: true, destructive: true },
  input: z.object({
    issue_key: IssueKey,
    summary: Summary.optional(),
    description: Description.optional(),
    priority: PriorityName.optional(),
    assignee_id: AccountRef.optional().describe('Account id or email address of the new assignee'),
    labels: TicketLabels.optional().describe('The complete new set of labels'),
    story_points: StoryPoints.optional(),
  }),
  output: TicketDetailSchema,
  hints: {
    aliases: ['edit ticket', 'change priority', 'rename ticket', 'set story points', 'update description'],
    when_to_use:
      'To change the summary, description, priority, labels, assignee or estimate of an existing Jira ticket.',
    not_for:
      'Moving it to another status (ticketing_transition_issue); adding or removing some labels only (ticketing_add_issue_labels); commenting.',
    examples: [
      {
        query: 'raise WEB-12 to highest priority',
        tool: 'update_ticket',
        params: { issue_key: 'WEB-12', priority: 'Highest' },
      },
    ],
  },
  verify: (result, args) =>
    mismatch(result, {
      summary: args.summary,
      priority: args.priority,
      labels: args.labels,
      storyPoints: args.story_points,
    }),
  async run({ client, args }): Promise<TicketDetail> {
    const { issue_key: key, ...changes } = args;
    if (Object.values(changes).every((v) => v === undefined)) {
      throw new AppError(
        'VALIDATION_ERROR',
        'Nothing to change: give at least one of summary, description, priority, assignee_id, labels or story_points',
      );
    }
    const clients = client('jira');
    const project = key.replace(/-\d+$/, '');
    const fields: Record<string, unknown> = {};
    if (changes.summary !== undefined) fields.summary = changes.summary;
    if (changes.description !== undefined)
      fields.description = markdownToAdf(changes.description, {
        people: await mentionTargets(clients, changes.description, { issueKey: key }),
      });
    if (changes.priority) fields.priority = { name: changes.priority };
    if (changes.assignee_id) fields.assignee = { accountId: await accountIdOf(clients.v3, changes.assignee_id) };
    if (changes.labels) fields.labels = changes.labels;
    if (changes.story_points !== undefined) fields[await pointsFieldFor(clients, project)] = changes.story_points;
    await naming(`Ticket ${key}`, clients.v3.issues.editIssue({ issueIdOrKey: key, fields }));
    return readTicket(clients, key);
  },
});

const AssignedSchema = z.looseObject({
  issue_key: z.string(),
  assignee: UserRefSchema.nullable().describe('The assignee now; null when unassigned'),
  previous_assignee: UserRefSchema.nullable(),
});

export const assignIssue = defineTool({
  system: 'ticketing',
  name: 'assign_issue',
  title: 'Assign a Jira ticket',
  description:
    'Assign a Jira ticket to a person (account id or email address), or unassign it with assignee_id "unassigned".',
  capability: { type: 'action', name: 'ticketing.tickets.assign', idempotent: true },
  input: z.object({
    issue_key: IssueKey,
    assignee_id: AccountRef.describe('Account id or email address of the new assignee, or "unassigned"'),
  }),
  output: AssignedSchema,
  hints: {
    aliases: ['reassign ticket', 'give ticket to', 'pick up ticket', 'unassign'],
    when_to_use: 'To hand a Jira ticket to someone, pick it up yourself or leave it unassigned.',
    not_for:
      'code_host issue assignees (code_host_update_issue); finding the account id first (ticketing_get_assignable_users).',
    examples: [
      {
        query: 'assign WEB-12 to karenc@acme.test',
        tool: 'assign_issue',
        params: { issue_key: 'WEB-12', assignee_id: 'karenc@acme.test' },
      },
    ],
  },
  verify: (result, args) => {
    const wanted = args.assignee_id.toLowerCase() === 'unassigned' ? null : args.assignee_id;
    const now = result.assignee;
    if (wanted === null) return now ? `assignee is ${now.displayName}` : undefined;
    const matches = now && (now.accountId === wanted || now.emailAddress?.toLowerCase() === wanted.toLowerCase());
    return matches ? undefined : `assignee is ${now?.displayName ?? 'nobody'}`;
  },
  async run({
    client,
    args,
  }): Promise<{ issue_key: string; assignee: UserRef | null; previous_assignee: UserRef | null }> {
    const clients = client('jira');
    const before = await readTicket(clients, args.issue_key);
    const accountId =
      args.assignee_id.toLowerCase() === 'unassigned' ? null : await accountIdOf(clients.v3, args.assignee_id);
    await naming(
      `Ticket ${args.issue_key}`,
      clients.v3.issues.assignIssue({ issueIdOrKey: args.issue_key, accountId }),
    );
    const after = await readTicket(clients, args.issue_key);
    return { issue_key: args.issue_key, assignee: after.assignee, previous_assignee: before.assignee };
  },
});
